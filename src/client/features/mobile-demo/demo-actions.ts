/**
 * What each /mobile-demo test button does and the toast it ends with (spec §2 "Mobile
 * demo", §8 mobile demo toasts). The device calls are injectable so the texts are tested
 * without a device.
 */
import { checkCameraPermission, supportsCamera, takePhoto, type CapturedPhoto } from "../../lib/device/camera";
import { triggerHaptic, type HapticStyle } from "../../lib/device/haptics";
import { scheduleNotification } from "../../lib/device/notifications";
import { share } from "../../lib/device/share";
import type { ToastInput } from "../../lib/toast-store";
import { formatBytes } from "../../../domain/format";

const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);
const label = (style: HapticStyle) => style[0]!.toUpperCase() + style.slice(1);

export async function testHaptic(style: HapticStyle, trigger = triggerHaptic): Promise<ToastInput> {
  const failed: ToastInput = { title: "Haptic Error", description: "Failed to trigger haptic feedback", variant: "destructive" };
  try {
    return (await trigger(style)) ? { title: "Haptic Feedback", description: `${label(style)} haptic feedback triggered` } : failed;
  } catch {
    return failed;
  }
}

export interface CameraDeps {
  supported: () => boolean;
  permission: typeof checkCameraPermission;
  capture: () => Promise<CapturedPhoto | null>;
}
const cameraDeps: CameraDeps = { supported: supportsCamera, permission: checkCameraPermission, capture: takePhoto };

export async function testCamera(deps: CameraDeps = cameraDeps): Promise<{ toast: ToastInput; photo: CapturedPhoto | null }> {
  const unavailable = { title: "Camera Unavailable", description: "Camera not available on this device", variant: "destructive" } as const;
  if (!deps.supported()) return { toast: unavailable, photo: null };
  try {
    // The picker works without a camera permission; a denied one means no camera for us.
    const permission = await deps.permission().catch(() => "prompt" as const);
    if (permission === "denied") return { toast: unavailable, photo: null };
    const photo = await deps.capture();
    if (!photo) return { toast: { title: "Camera Error", description: "Unable to capture a photo", variant: "destructive" }, photo: null };
    return { toast: { title: "Photo Captured", description: `Photo size: ${formatBytes(photo.size)}` }, photo };
  } catch (error) {
    return {
      toast: { title: "Camera Error", description: messageOf(error, "Unable to capture a photo"), variant: "destructive" },
      photo: null,
    };
  }
}

export async function testNotification(schedule = scheduleNotification): Promise<ToastInput> {
  try {
    const scheduled = await schedule({ title: "CleanSpace", body: "This is a test notification from CleanSpace." });
    return scheduled
      ? { title: "Notification Scheduled", description: "A test notification will appear in a moment." }
      : { title: "Notification Failed", description: "Unable to send notification", variant: "destructive" };
  } catch (error) {
    return { title: "Notification Error", description: messageOf(error, "Unable to send notification"), variant: "destructive" };
  }
}

export async function testShare(doShare = share, url = typeof location === "undefined" ? "" : location.origin): Promise<ToastInput> {
  try {
    const shared = await doShare({ title: "CleanSpace", text: "Declutter your digital life with CleanSpace.", url });
    return shared
      ? { title: "Shared", description: "Thanks for sharing CleanSpace!" }
      : { title: "Share Failed", description: "Unable to open share dialog", variant: "destructive" };
  } catch (error) {
    return { title: "Share Error", description: messageOf(error, "Unable to open share dialog"), variant: "destructive" };
  }
}
