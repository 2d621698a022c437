/**
 * Browser detection (spec §9: Chrome, Firefox, Safari, Edge), the one place that reads a user
 * agent. Order matters: Edge and Chrome agents carry "Chrome/" and "Safari/" tokens too, so
 * Safari is only an agent with Safari's own "Version/… Safari/" pair.
 */
export type BrowserName = "Chrome" | "Firefox" | "Safari" | "Edge" | "Other";

export function browserNameOf(userAgent: string): BrowserName {
  if (/\bEdg(?:e|A|iOS)?\//.test(userAgent)) return "Edge";
  if (/\b(?:Firefox|FxiOS)\//.test(userAgent)) return "Firefox";
  if (/\b(?:OPR|Opera|SamsungBrowser|YaBrowser)\//.test(userAgent)) return "Other";
  // Headless Chromium says "HeadlessChrome/", where \b finds no word boundary.
  if (/(?:\b|Headless)(?:Chrome|CriOS|Chromium)\//.test(userAgent)) return "Chrome";
  if (/\bVersion\/[\d.]+.*\bSafari\//.test(userAgent) && !/Android/.test(userAgent)) return "Safari";
  return "Other";
}
