/**
 * Scan rules with a number or a name in them (spec §3 "Scanned file", §4 scan stages,
 * §5 file category, §9 large/old thresholds). Pure: used by the scan engine, the CLI,
 * the client and the server alike.
 */

/**
 * CleanSpace's own trash folder (Organize moves files there, undoably). A scan never walks
 * into it, at any depth, from any source: what is in the trash is already cleaned up, so it
 * must not come back as duplicates, clutter or totals.
 */
export const TRASH_DIR = ".cleanspace-trash";

/** True when any folder on the "/"-separated path is the CleanSpace trash. */
export function isInTrash(path: string): boolean {
  return path.split("/").slice(0, -1).includes(TRASH_DIR) || path === TRASH_DIR;
}

/** Spec §3 "Scanned file" categories, in display order. */
export const SCAN_CATEGORIES = ["photo", "video", "audio", "document", "archive", "application", "other"] as const;
export type ScanCategory = (typeof SCAN_CATEGORIES)[number];

/** Spec §4: "Scan stages in order: permissions, files, photos, apps, email, complete." */
export const SCAN_STAGES = ["permissions", "files", "photos", "apps", "email", "complete"] as const;
export type ScanStage = (typeof SCAN_STAGES)[number];

/**
 * Spec §4: "Progress = position / 5 (20% to 100%)". Six stages share five steps, so the
 * position is 1-based and capped at 5: permissions 0.2, files 0.4, photos 0.6, apps 0.8,
 * email 1.0, complete 1.0 (email is the last stage that does work; complete only reports).
 */
export function stageProgress(stage: ScanStage): number {
  const position = Math.min(SCAN_STAGES.indexOf(stage) + 1, 5);
  return position / 5;
}

/**
 * Spec §9 "Large file threshold 100 MB". We read MB as MiB (100 × 1024 × 1024 bytes) —
 * the unit operating systems show sizes in — so "large" never flags a file the OS lists
 * as 100 MB or smaller. Decision 002 records this.
 */
export const LARGE_FILE_BYTES = 100 * 1024 * 1024;

/**
 * Spec §9 "'Old' means created over 6 months ago". Six months as a fixed 183 days
 * (half of 365.25, rounded up) so the rule is independent of time zones and month lengths.
 */
export const OLD_FILE_AGE_MS = 183 * 24 * 60 * 60 * 1000;

/** Insights §9 "Unused apps … over 3 months": 90 days without use. */
export const APP_UNUSED_AFTER_MS = 90 * 24 * 60 * 60 * 1000;

export function isLargeFile(size: number): boolean {
  return size > LARGE_FILE_BYTES;
}

/** `now` is passed in so the rule is testable and one scan uses one clock. */
export function isOldFile(modifiedMs: number, nowMs: number): boolean {
  return nowMs - modifiedMs > OLD_FILE_AGE_MS;
}

const DOCUMENT_MIME_MARKERS = [
  "pdf",
  "document",
  "msword",
  "ms-excel",
  "ms-powerpoint",
  "spreadsheet",
  "presentation",
  "rtf",
  "epub",
  "csv",
  "json",
  "xml",
  "iwork",
  "keynote",
  "apple.pages",
  "apple.numbers",
];
const ARCHIVE_MIME_MARKERS = ["zip", "archive", "tar", "rar", "7z", "gzip", "bzip", "xz", "compressed", "iso9660"];

/** Spec §5: the MIME type decides first (image, video, audio, pdf/text/document, zip/archive). */
export function categoryFromMime(mime: string): ScanCategory | null {
  const type = mime.toLowerCase();
  if (type === "") return null;
  if (type.startsWith("image/")) return "photo";
  if (type.startsWith("video/")) return "video";
  if (type.startsWith("audio/")) return "audio";
  // Documents before archives: EPUB is "application/epub+zip" and reads as a document.
  if (type.startsWith("text/") || DOCUMENT_MIME_MARKERS.some((m) => type.includes(m))) return "document";
  if (ARCHIVE_MIME_MARKERS.some((m) => type.includes(m))) return "archive";
  return null;
}

/** Spec §5 names .exe and .app; installers and packages are applications too. */
const APPLICATION_EXTENSIONS = new Set(["exe", "app", "msi", "dmg", "pkg", "apk", "aab", "ipa", "deb", "rpm", "appimage"]);

/** Lower-case extension without the dot; "" when the name has none (".bashrc" has none). */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot <= 0 || dot === name.length - 1 ? "" : name.slice(dot + 1).toLowerCase();
}

/** Spec §5 in order: MIME first, then the application extensions, else "other". */
export function categorize(mime: string, name: string): ScanCategory {
  return categoryFromMime(mime) ?? (APPLICATION_EXTENSIONS.has(fileExtension(name)) ? "application" : "other");
}

export interface OriginalCandidate {
  readonly modified: number;
  readonly path: string;
}

/**
 * Which copy of a duplicate group to keep: the oldest modification time, then the shortest
 * path, then plain code-unit order (not locale order, so every device picks the same file).
 * Negative when `a` is the better original.
 */
export function compareOriginal(a: OriginalCandidate, b: OriginalCandidate): number {
  if (a.modified !== b.modified) return a.modified - b.modified;
  if (a.path.length !== b.path.length) return a.path.length - b.path.length;
  return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
}
