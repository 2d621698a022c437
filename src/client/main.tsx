/**
 * The app shell's entry. A signed-in tab screen arrives rendered by the server (decision 024)
 * and is readable from its HTML and CSS alone: the app's code is fetched and run once that
 * screen has been painted, so the first paint waits for nothing but the stylesheet — as on the
 * prerendered public pages (public-page.tsx, decision 009). The server lists that code in the
 * page (all of it at once: no request waits for another). A page the server did not render
 * needs the app's code to show anything: it preloads it and starts at once.
 */
import { applyTheme, readStoredTheme } from "./lib/theme-storage";
import "./styles.css";

/**
 * APP_MODULES_ELEMENT_ID of src/domain/first-screen.ts, written out: this entry imports nothing
 * that the app's own files hold, or it would load them before the first paint.
 */
const APP_MODULES_ELEMENT_ID = "cs-app-modules";

function start(): void {
  import("./start-app").catch((error: unknown) => {
    console.error("CleanSpace: the app could not start", error);
    // The server's markup stays readable, and its links work.
    document.getElementById("root")?.removeAttribute("inert");
  });
}

/** The server's list of the app's code for this page, asked for all at once. */
function fetchListedModules(): void {
  let files: unknown;
  try {
    files = JSON.parse(document.getElementById(APP_MODULES_ELEMENT_ID)?.textContent ?? "[]");
  } catch {
    return;
  }
  if (!Array.isArray(files)) return;
  for (const file of files) {
    if (typeof file !== "string" || !file.startsWith("/assets/")) continue;
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.crossOrigin = "";
    link.href = file;
    document.head.append(link);
  }
}

function afterFirstPaint(run: () => void): void {
  if (typeof PerformanceObserver === "undefined" || !PerformanceObserver.supportedEntryTypes?.includes("paint")) {
    requestAnimationFrame(() => setTimeout(run, 0));
    return;
  }
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    clearTimeout(timer);
    // Out of the paint's own task.
    setTimeout(run, 0);
  };
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName("first-contentful-paint").length > 0) once();
  });
  observer.observe({ type: "paint", buffered: true });
  // A page painted in a hidden tab reports no paint: it starts all the same.
  const timer = setTimeout(once, 1000);
}

/**
 * FIRST_SCREEN_ELEMENT_ID of src/domain/first-screen.ts, written out (see above). A visitor's
 * server-rendered page (decision 043: `userId` null) has no account theme in it: this
 * browser's stored theme applies before the first paint, as on the public pages.
 */
function applyVisitorTheme(): void {
  try {
    if (JSON.parse(document.getElementById("cs-first-screen")?.textContent ?? "{}").userId === null) applyTheme(readStoredTheme());
  } catch {
    // No payload, or not ours: the app applies the theme when it starts.
  }
}

if (document.getElementById("root")?.firstElementChild) {
  applyVisitorTheme();
  afterFirstPaint(() => {
    fetchListedModules();
    start();
  });
} else start();
