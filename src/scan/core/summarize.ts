import { SCAN_CATEGORIES, type ScanCategory } from "../../domain/scan-rules";
import type { ScanCategoryTotals, ScanSummary } from "../../domain/schemas/scan-summary";
import type { DetectedApp } from "../apps";
import { countUnusedApps } from "../apps";
import type { DuplicateGroup, ScanItem, SkipCounts } from "../types";

export interface SummaryInput {
  items: readonly ScanItem[];
  groups: readonly DuplicateGroup[];
  skipped: SkipCounts;
  apps: readonly DetectedApp[];
  metadataOnly: boolean;
  nowMs: number;
}

export function countSkipped(skipped: SkipCounts): number {
  return skipped.symlinks + skipped.special + skipped.unreadable + skipped.loops;
}

/**
 * The aggregate that may leave the device: counts and bytes only, never a name or a path.
 * Email is always 0 on this engine (spec §5: e-mail is not connected).
 */
export function summarizeScan(input: SummaryInput): ScanSummary {
  const categories = Object.fromEntries(SCAN_CATEGORIES.map((c) => [c, { count: 0, bytes: 0 }])) as Record<
    ScanCategory,
    ScanCategoryTotals
  >;
  let totalBytes = 0;
  let largeFiles = 0;
  let largeBytes = 0;
  let oldFiles = 0;
  let oldBytes = 0;
  let emptyFiles = 0;
  let photosDuplicates = 0;
  let photosDuplicateBytes = 0;
  for (const item of input.items) {
    const totals = categories[item.category];
    totals.count++;
    totals.bytes += item.size;
    totalBytes += item.size;
    if (item.isLarge) {
      largeFiles++;
      largeBytes += item.size;
    }
    if (item.isOld) {
      oldFiles++;
      oldBytes += item.size;
    }
    if (item.size === 0) emptyFiles++;
    if (item.duplicateGroup !== null && !item.isOriginal && item.category === "photo") {
      photosDuplicates++;
      photosDuplicateBytes += item.size;
    }
  }
  let duplicateFiles = 0;
  let duplicateBytes = 0;
  for (const group of input.groups) {
    duplicateFiles += group.itemIds.length - 1;
    duplicateBytes += group.wastedBytes;
  }
  return {
    schemaVersion: 1,
    categories,
    totalFiles: input.items.length,
    totalBytes,
    duplicateGroups: input.groups.length,
    duplicateFiles,
    duplicateBytes,
    largeFiles,
    largeBytes,
    oldFiles,
    oldBytes,
    emptyFiles,
    skipped: countSkipped(input.skipped),
    photosCount: categories.photo.count,
    photosDuplicates,
    photosDuplicateBytes,
    appsCount: input.apps.length,
    appsUnused: countUnusedApps(input.apps, input.nowMs),
    emailCount: 0,
    emailUnread: 0,
    metadataOnly: input.metadataOnly,
    scannedAt: new Date(input.nowMs).toISOString(),
  };
}
