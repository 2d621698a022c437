import { lazy, Suspense } from "react";
import { readStoredTheme } from "../lib/theme-storage";

const DarkModePrompt = lazy(() => import("./dark-mode-prompt").then((m) => ({ default: m.DarkModePrompt })));

/**
 * Loads the dark-mode dialog only for the few visitors it is offered to (light theme, a
 * system that prefers dark, not asked before), keeping Radix Dialog out of the shell.
 */
export function DarkModeOffer() {
  if (!offerable()) return null;
  return (
    <Suspense fallback={null}>
      <DarkModePrompt />
    </Suspense>
  );
}

function offerable(): boolean {
  try {
    return (
      readStoredTheme() === "light" &&
      !localStorage.getItem("darkModePromptSeen") &&
      window.matchMedia?.("(prefers-color-scheme: dark)").matches
    );
  } catch {
    return false;
  }
}
