/**
 * The script of the prerendered public pages (`/` for visitors, `/showcase`, `/landing`).
 * The page is readable from its HTML and CSS alone; this applies the stored theme before
 * the first paint and, after that paint, loads the part that responds to input
 * (public-page-islands.tsx), so the page's HTML and CSS have the connection to themselves
 * first.
 */
import { markSignedIn } from "./lib/stored-user";
import { applyTheme, readStoredTheme } from "./lib/theme-storage";
import "./styles.css";

applyTheme(readStoredTheme());
markSignedIn();
requestAnimationFrame(() => {
  setTimeout(() => {
    import("./public-page-islands").catch((error: unknown) => console.warn("CleanSpace: the signup form could not load", error));
  }, 0);
});
