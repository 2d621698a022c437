/**
 * Haptic feedback through the device layer (spec §9 "Web haptics"): light 50 ms,
 * medium 100 ms (default), heavy 200 ms; success/warning → medium, selection → light,
 * error → heavy. Native apps use Capacitor Haptics (loaded on demand, never in the web
 * bundle); the web falls back to the Vibration API. Nothing here throws.
 */
import { readMirroredFlag } from "../settings/mirror-flag";
import { isNativePlatform, logDeviceWarning } from "./platform";

export type HapticStyle = "light" | "medium" | "heavy";
export type HapticNotice = "success" | "warning" | "error" | "selection";

export const HAPTIC_MS: Record<HapticStyle, number> = { light: 50, medium: 100, heavy: 200 };
const NOTICE_STYLE: Record<HapticNotice, HapticStyle> = {
  success: "medium",
  warning: "medium",
  selection: "light",
  error: "heavy",
};

/** The impact style a notice maps to on the web (spec §9). */
export function hapticStyleFor(kind: HapticNotice): HapticStyle {
  return NOTICE_STYLE[kind];
}

// Starts from the saved choice, so "off" holds from the first tap after a reload.
let enabled = readMirroredFlag("hapticFeedback", true);
/** Follows the user's Haptic Feedback setting. */
export function setHapticsEnabled(on: boolean): void {
  enabled = on;
}

export function isHapticsEnabled(): boolean {
  return enabled;
}

export function vibrate(pattern: number | number[]): boolean {
  if (!enabled) return false;
  try {
    return typeof navigator !== "undefined" && typeof navigator.vibrate === "function" ? navigator.vibrate(pattern) : false;
  } catch {
    return false;
  }
}

async function nativeImpact(style: HapticStyle): Promise<boolean> {
  try {
    const { Haptics, ImpactStyle } = await import("@capacitor/haptics");
    const map = { light: ImpactStyle.Light, medium: ImpactStyle.Medium, heavy: ImpactStyle.Heavy } as const;
    await Haptics.impact({ style: map[style] });
    return true;
  } catch (error) {
    logDeviceWarning("haptic impact", error);
    return false;
  }
}

async function nativeNotice(kind: HapticNotice): Promise<boolean> {
  if (kind === "selection") return nativeImpact("light");
  try {
    const { Haptics, NotificationType } = await import("@capacitor/haptics");
    const map = { success: NotificationType.Success, warning: NotificationType.Warning, error: NotificationType.Error } as const;
    await Haptics.notification({ type: map[kind] });
    return true;
  } catch (error) {
    logDeviceWarning("haptic notification", error);
    return false;
  }
}

/** Fire-and-forget impact; true when feedback was started. */
export function impact(style: HapticStyle = "medium"): boolean {
  if (!enabled) return false;
  if (isNativePlatform()) {
    void nativeImpact(style);
    return true;
  }
  return vibrate(HAPTIC_MS[style]);
}

/** Fire-and-forget notice feedback (success, warning, error, selection). */
export function notify(kind: HapticNotice): boolean {
  if (!enabled) return false;
  if (isNativePlatform()) {
    void nativeNotice(kind);
    return true;
  }
  return vibrate(HAPTIC_MS[NOTICE_STYLE[kind]]);
}

/** Like `impact`, but waits for the native plugin, so a caller can report failure. */
export async function triggerHaptic(style: HapticStyle = "medium"): Promise<boolean> {
  if (!enabled) return false;
  return isNativePlatform() ? nativeImpact(style) : vibrate(HAPTIC_MS[style]);
}
