import { readStoredTheme } from "../lib/theme-storage";
import { loadedAfterMount } from "./loaded-after-mount";

const DarkModePrompt = loadedAfterMount(() => import("./dark-mode-prompt").then((m) => m.DarkModePrompt), "the dark-mode offer");

/**
 * Loads the dark-mode dialog only for the few visitors it is offered to (light theme, a
 * system that prefers dark, not asked before), keeping Radix Dialog out of the shell.
 */
export function DarkModeOffer() {
  if (!offerable()) return null;
  return <DarkModePrompt />;
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
