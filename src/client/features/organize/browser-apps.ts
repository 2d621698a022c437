/**
 * The Apps tab on the web (spec §3 "Detected app", §9 browser detection): a page cannot list
 * installed apps, so it shows the browser in use, Service Worker support, and this app when it
 * runs installed (src/scan/apps.ts, named by the one browser detection in src/domain/browser.ts).
 */
import { detectApps } from "../../../scan/apps";
import { appItems, type OrganizeItem } from "../../lib/device-data/organize-item";

export interface WebAppsInput {
  userAgent: string;
  isStandalone: boolean;
  hasServiceWorker: boolean;
  nowMs: number;
}

export function webAppItems(input: WebAppsInput): OrganizeItem[] {
  return appItems(detectApps(input), input.nowMs);
}

/** This browser's apps, as of `nowMs`. */
export function browserApps(nowMs: number): OrganizeItem[] {
  return webAppItems({
    userAgent: navigator.userAgent,
    isStandalone: window.matchMedia?.("(display-mode: standalone)").matches ?? false,
    hasServiceWorker: "serviceWorker" in navigator,
    nowMs,
  });
}
