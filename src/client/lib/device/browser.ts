/**
 * Browser detection (spec §9): Chrome, Firefox, Safari, Edge, plus Service Worker support.
 * A pure function of the user agent (the Service Worker flag is passed in), so it is
 * testable without a browser.
 */
import { browserNameOf, type BrowserName } from "../../../domain/browser";
export type { BrowserName };

export interface BrowserInfo {
  name: BrowserName;
  isChrome: boolean;
  isFirefox: boolean;
  isSafari: boolean;
  isEdge: boolean;
  supportsServiceWorker: boolean;
}

export function detectBrowser(userAgent: string, supportsServiceWorker = false): BrowserInfo {
  const name = browserNameOf(userAgent);
  return {
    name,
    isChrome: name === "Chrome",
    isFirefox: name === "Firefox",
    isSafari: name === "Safari",
    isEdge: name === "Edge",
    supportsServiceWorker,
  };
}

/** This browser. */
export function getBrowserInfo(): BrowserInfo {
  if (typeof navigator === "undefined") return detectBrowser("");
  return detectBrowser(navigator.userAgent, "serviceWorker" in navigator);
}
