/**
 * The stored theme and the class that applies it, without React: the prerendered public
 * pages apply it before their first paint, from a script that loads nothing else.
 */
export type Theme = "light" | "dark";
export const THEME_STORAGE_KEY = "theme";

export function readStoredTheme(): Theme {
  try {
    return localStorage.getItem(THEME_STORAGE_KEY) === "light" ? "light" : "dark";
  } catch {
    return "dark";
  }
}

/** Sets the theme class on the document root. */
export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.classList.toggle("dark", theme === "dark");
  root.classList.toggle("light", theme === "light");
}
