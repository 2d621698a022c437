import { PRODUCT_NAME } from "../domain/brand";
import { browserNameOf } from "../domain/browser";
import { APP_UNUSED_AFTER_MS } from "../domain/scan-rules";

/** Spec §3 "Detected app". */
export interface DetectedApp {
  name: string;
  isInstalled: boolean;
  category: "browser" | "system";
  /** ms since the epoch; null when never seen in use. */
  lastUsed: number | null;
}

/** Everything detection needs, passed in: a web page cannot list installed apps. */
export interface AppDetectionInput {
  userAgent: string;
  /** `matchMedia('(display-mode: standalone)').matches` (or navigator.standalone on iOS). */
  isStandalone: boolean;
  /** `'serviceWorker' in navigator`. */
  hasServiceWorker: boolean;
  nowMs: number;
}

/** The browser's name for the Apps tab; an agent we do not know is just "Web browser". */
export function browserAppName(userAgent: string): string {
  const name = browserNameOf(userAgent);
  return name === "Other" ? "Web browser" : name;
}

/**
 * The web's view of "apps" (spec §3, §9): a page cannot list the apps installed on the
 * device, and the browser and its features (Service Worker support) are not apps the user
 * can clean up, so the only app a page can truly see is this one, when it runs installed
 * (display-mode standalone). The Apps tab says so in words.
 */
export function detectApps(input: AppDetectionInput): DetectedApp[] {
  return input.isStandalone ? [{ name: PRODUCT_NAME, isInstalled: true, category: "system", lastUsed: input.nowMs }] : [];
}

/** Apps not used for over 3 months (spec §9 Insights "unused apps … over 3 months"). */
export function countUnusedApps(apps: readonly DetectedApp[], nowMs: number): number {
  return apps.filter((a) => a.lastUsed === null || nowMs - a.lastUsed > APP_UNUSED_AFTER_MS).length;
}
