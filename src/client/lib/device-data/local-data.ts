/**
 * What CleanSpace keeps in this browser, and the one way to clear what a scan left there.
 * Each store owns its database; this module is where they are listed and cleared together.
 *
 * | database               | holds                                              | cleared by "Clear scan data" |
 * |------------------------|----------------------------------------------------|------------------------------|
 * | cleanspace-scan        | the last scan's item index (names, paths, sizes)   | yes                          |
 * | cleanspace-hash-cache  | content hashes by path, size and time (rescans)    | yes                          |
 * | cleanspace-photo-cache | photo fingerprints and sharpness by path (rescans) | yes                          |
 * | cleanspace-photo-thumbs| small thumbnails of the last scan's photos, by path | yes                          |
 * | cleanspace-organize    | reviewed/ignored marks, keyed by path              | yes                          |
 * | cleanspace-folders     | the last picked folder's handle                    | yes                          |
 * | CleanSpace             | offline queue and cached server answers            | no: sign-out clears it       |
 */
import { clearScanIndex } from "../../../scan/index-store";
import { clearMarks } from "./marks";
import { forgetFolder } from "./scan-folder";

/** Removes every trace of the user's files from this browser (never the files themselves). */
export async function clearScanData(): Promise<void> {
  // The index store clears the hash and photo caches too: they hold the same paths.
  await Promise.all([clearScanIndex(), clearMarks(), forgetFolder()]);
}
