/**
 * Spec §8 scan texts, each said only when true: "saved" only once the server has
 * the scan; a visitor's scan, kept on this device, is named by where its files came from; a
 * failed save says so. Shared by the dashboard's scan and Organize's rescan.
 */
import type { ToastInput } from "./toast-store";

export function scanFoundNotice(source: FileSystemDirectoryHandle | readonly File[], files: number): ToastInput {
  return Array.isArray(source)
    ? { title: "Files Analyzed", description: `Analyzed ${files} selected files` }
    : { title: "Directory Scanned", description: `Found ${files} files in selected directory` };
}

export const SCAN_SAVED: ToastInput = { title: "Scan Complete", description: "Your digital life has been analyzed and saved!" };

export const SCAN_NOT_SAVED: ToastInput = {
  title: "Scan not saved",
  description: "Your digital life has been analyzed on this device, but saving it to your account failed. Scan again to retry.",
  variant: "destructive",
};

/** Saves a finished scan for a signed-in user and picks the notice that is true. */
export async function saveAndTell(
  userId: number | null,
  save: () => Promise<unknown>,
  source: FileSystemDirectoryHandle | readonly File[],
  files: number,
): Promise<ToastInput> {
  if (userId === null || userId <= 0) return scanFoundNotice(source, files);
  try {
    await save();
    return SCAN_SAVED;
  } catch (err) {
    // The failure itself is only logged (spec §8); the notice says plainly it was not saved.
    console.warn("Saving the scan failed", err);
    return SCAN_NOT_SAVED;
  }
}
