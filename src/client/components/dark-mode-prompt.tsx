import { Dialog } from "radix-ui";
import { useState } from "react";
import { useTheme } from "../lib/theme";

const SEEN_KEY = "darkModePromptSeen";

function shouldOffer(theme: string): boolean {
  try {
    if (theme !== "light" || localStorage.getItem(SEEN_KEY)) return false;
    return window.matchMedia?.("(prefers-color-scheme: dark)").matches ?? false;
  } catch {
    return false; // No storage: never nag.
  }
}

/**
 * Spec §2 dark-mode prompt. Offered once to someone in light mode whose system prefers dark
 * (the case where the light theme is most likely to glare).
 */
export function DarkModePrompt() {
  const { theme, setTheme } = useTheme();
  const [open, setOpen] = useState(() => shouldOffer(theme));
  const close = (useDark: boolean) => {
    try {
      localStorage.setItem(SEEN_KEY, "1");
    } catch {
      // ignore
    }
    if (useDark) setTheme("dark");
    setOpen(false);
  };
  return (
    <Dialog.Root open={open} onOpenChange={(o) => (o ? setOpen(true) : close(false))}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[min(92vw,24rem)] -translate-x-1/2 -translate-y-1/2 rounded-card border border-border bg-card p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold">Too harsh on your eyes?</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-muted-foreground">
            Your device prefers a dark appearance. Switch CleanSpace to dark mode?
          </Dialog.Description>
          <div className="mt-4 flex justify-end gap-2">
            <button type="button" className="rounded-control border border-border px-4 py-2 text-sm" onClick={() => close(false)}>
              Keep Light
            </button>
            <button type="button" className="rounded-control bg-brand px-4 py-2 text-sm font-medium text-white" onClick={() => close(true)}>
              Use Dark Mode
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
