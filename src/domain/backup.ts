/**
 * Export and backup rules (spec §3 "Export option", "Export history item", §4 "Backup",
 * §6 requiresAuth, §9 "Backup estimate: photos x 2.1 MB plus files x 5.2 MB, in GB").
 * File names, the CSV of the local scan index, and the option list live here once.
 */
import { GB, MB } from "./suggestions";
import { toCsv } from "./csv";

export const EXPORT_CATEGORIES = ["reports", "backup", "data"] as const;
export type ExportCategory = (typeof EXPORT_CATEGORIES)[number];
export const EXPORT_STATUSES = ["completed", "failed", "processing"] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];
export const BACKUP_STATES = ["idle", "backing_up", "complete", "error"] as const;
export type BackupState = (typeof BACKUP_STATES)[number];
/** Spec §4: the backup returns to idle 3 s after it completes or fails. */
export const BACKUP_RESET_MS = 3000;

export const EXPORT_TYPES = [
  "health-report",
  "account-data",
  "scan-index-csv",
  "photos-backup",
  "files-archive",
  "email-summary",
  "full-export",
] as const;
export type ExportType = (typeof EXPORT_TYPES)[number];

export interface ExportOption {
  id: ExportType;
  name: string;
  description: string;
  format: "HTML" | "JSON" | "CSV";
  category: ExportCategory;
  /** Spec §6: shows a lock; needs a signed-in Pro user, enforced by the server. */
  requiresAuth: boolean;
}

export const EXPORT_OPTIONS: readonly ExportOption[] = [
  {
    id: "health-report",
    name: "Digital Health Report",
    description: "Your scores, progress, achievements and wellness as a printable page (save it as PDF from the print dialog).",
    format: "HTML",
    category: "reports",
    requiresAuth: false,
  },
  {
    id: "email-summary",
    name: "Email Summary",
    description: "Your inbox figures and their history from your scans.",
    format: "HTML",
    category: "reports",
    requiresAuth: true,
  },
  {
    id: "photos-backup",
    name: "Photos Backup List",
    description: "Every photo of your last scan: folder, name, size, date, duplicate status. The photos themselves stay on your device.",
    format: "CSV",
    category: "backup",
    requiresAuth: true,
  },
  {
    id: "files-archive",
    name: "Files Archive Index",
    description: "Every other file of your last scan: folder, name, size, date, large and old flags.",
    format: "CSV",
    category: "backup",
    requiresAuth: true,
  },
  {
    id: "full-export",
    name: "Full Export",
    description: "Your account data and this device's scan index in one backup file you can restore.",
    format: "JSON",
    category: "backup",
    requiresAuth: true,
  },
  {
    id: "account-data",
    name: "Your Account Data",
    description: "Everything the server keeps about you, as JSON (your right to data portability).",
    format: "JSON",
    category: "data",
    requiresAuth: false,
  },
  {
    id: "scan-index-csv",
    name: "Scan Index",
    description: "The full file list of your last scan on this device, as CSV.",
    format: "CSV",
    category: "data",
    requiresAuth: false,
  },
];

export const REQUIRES_PRO: ReadonlySet<ExportType> = new Set(EXPORT_OPTIONS.filter((o) => o.requiresAuth).map((o) => o.id));

export const BACKUP_BYTES_PER_PHOTO = 2.1 * MB;
export const BACKUP_BYTES_PER_FILE = 5.2 * MB;

/** Spec §9 backup estimate in GB, to two decimals. An estimate, and shown as one. */
export function estimateBackupGb(photos: number, files: number): number {
  return Math.round(((photos * BACKUP_BYTES_PER_PHOTO + files * BACKUP_BYTES_PER_FILE) / GB) * 100) / 100;
}

/**
 * What copying the scanned photos and files would take: the bytes the scan
 * measured; the spec's per-item estimate only when no byte count exists.
 */
export function backupSize(a: { photosCount: number; filesCount: number; totalBytes: number }): {
  bytes: number;
  basis: "scan" | "estimate";
} {
  if (a.totalBytes > 0) return { bytes: a.totalBytes, basis: "scan" };
  return { bytes: Math.round(estimateBackupGb(a.photosCount, a.filesCount) * GB), basis: "estimate" };
}

/** Rough output sizes for the option list (bytes), from how much there is to write. */
export function estimateExportBytes(id: ExportType, c: { photos: number; files: number; snapshots: number; events: number }): number {
  const row = 160;
  switch (id) {
    case "health-report":
    case "email-summary":
      return 12_000 + c.snapshots * 80;
    case "account-data":
      return 4_000 + c.snapshots * 900 + c.events * 160;
    case "scan-index-csv":
      return 200 + (c.photos + c.files) * row;
    case "photos-backup":
      return 200 + c.photos * row;
    case "files-archive":
      return 200 + c.files * row;
    case "full-export":
      return 4_000 + c.snapshots * 900 + c.events * 160 + (c.photos + c.files) * 260;
  }
}

/** `cleanspace-backup-YYYY-MM-DD.json` and friends. `date` is YYYY-MM-DD. */
export const exportFileName = {
  backup: (date: string) => `cleanspace-backup-${date}.json`,
  accountData: (date: string) => `cleanspace-data-${date}.json`,
  report: (date: string) => `cleanspace-report-${date}.html`,
  emailSummary: (date: string) => `cleanspace-email-summary-${date}.html`,
  scanIndex: (date: string) => `cleanspace-scan-index-${date}.csv`,
  photos: (date: string) => `cleanspace-photos-${date}.csv`,
  files: (date: string) => `cleanspace-files-${date}.csv`,
};

/** One item of the local scan index as exported and backed up (never its file handle). */
export interface IndexItem {
  id: number;
  path: string;
  name: string;
  size: number;
  type: string;
  category: string;
  modified: number;
  isLarge: boolean;
  isOld: boolean;
  duplicateGroup: number | null;
  isOriginal: boolean;
  width?: number | undefined;
  height?: number | undefined;
}

export const SCAN_INDEX_CSV_HEADER = [
  "path",
  "name",
  "category",
  "size_bytes",
  "type",
  "modified",
  "large",
  "old",
  "duplicate_group",
  "original",
  "width",
  "height",
] as const;

/** The scan index as CSV; `modified` as an ISO timestamp (UTC). */
export function scanIndexCsv(items: readonly IndexItem[]): string {
  return toCsv(
    SCAN_INDEX_CSV_HEADER,
    items.map((i) => [
      i.path,
      i.name,
      i.category,
      i.size,
      i.type,
      Number.isFinite(i.modified) ? new Date(i.modified).toISOString() : "",
      i.isLarge,
      i.isOld,
      i.duplicateGroup,
      i.duplicateGroup === null ? "" : i.isOriginal,
      i.width,
      i.height,
    ]),
  );
}
