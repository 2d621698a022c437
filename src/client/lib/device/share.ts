/**
 * Share sheet (spec §7, §9): Capacitor Share on native, the Web Share API on the web.
 * The dialog title defaults to 'Share'. Returns true when the share sheet completed; a
 * missing API, a cancelled sheet or an error gives false (errors are logged, never thrown).
 */
import { isNativePlatform, logDeviceWarning } from "./platform";

export const DEFAULT_SHARE_TITLE = "Share";

export interface ShareContent {
  title?: string;
  text?: string;
  url?: string;
  /** Android's chooser title; 'Share' by default. */
  dialogTitle?: string;
}

export function canShare(): boolean {
  return isNativePlatform() || (typeof navigator !== "undefined" && typeof navigator.share === "function");
}

export async function share(content: ShareContent): Promise<boolean> {
  const { dialogTitle = DEFAULT_SHARE_TITLE, ...data } = content;
  try {
    if (isNativePlatform()) {
      const { Share } = await import("@capacitor/share");
      await Share.share({ ...data, dialogTitle });
      return true;
    }
    if (typeof navigator === "undefined" || typeof navigator.share !== "function") return false;
    await navigator.share(data);
    return true;
  } catch (error) {
    // The user closing the sheet is not an error worth a warning.
    if (!(error instanceof DOMException && error.name === "AbortError")) logDeviceWarning("share", error);
    return false;
  }
}
