/**
 * Native or web? The same test as `Capacitor.isNativePlatform()` from @capacitor/core
 * (spec §7 "Device features"), without loading @capacitor/core into the web bundle: the
 * native shells inject `window.Capacitor` (or the Android/iOS bridge) before any app code
 * runs, so reading them is enough. Every Capacitor plugin is imported dynamically, and only
 * when this says native.
 */
export type NativePlatform = "ios" | "android";
export type Platform = NativePlatform | "web";

interface CapacitorWindow {
  Capacitor?: { isNativePlatform?: () => boolean; getPlatform?: () => string };
  androidBridge?: unknown;
  webkit?: { messageHandlers?: { bridge?: unknown } };
}

function currentWindow(): CapacitorWindow | undefined {
  return typeof window === "undefined" ? undefined : (window as unknown as CapacitorWindow);
}

export function getPlatform(win: CapacitorWindow | undefined = currentWindow()): Platform {
  if (!win) return "web";
  const reported = win.Capacitor?.getPlatform?.();
  if (reported === "ios" || reported === "android") return reported;
  if (win.androidBridge) return "android";
  if (win.webkit?.messageHandlers?.bridge) return "ios";
  return "web";
}

export function isNativePlatform(win: CapacitorWindow | undefined = currentWindow()): boolean {
  return getPlatform(win) !== "web";
}

/** Logs a swallowed device-helper failure (spec §8: most helpers only log). */
export function logDeviceWarning(what: string, error: unknown): void {
  console.warn(`CleanSpace device: ${what} failed`, error);
}
