/**
 * Keeps the device's scan index true after files move (the dashboard and a reload must agree
 * with what is on disk): the moved items leave it, duplicate groups shrink or dissolve, the
 * summary's counts and bytes are recounted from what remains, and so is the photo analysis
 * (a similar group that lost its best shot proposes another, a lone photo is no group). Pure; undo re-applies it
 * to the index as it was before the action, minus whatever could not be put back.
 */
import { compareOriginal, SCAN_CATEGORIES, type ScanCategory } from "../../../domain/scan-rules";
import type { ScanCategoryTotals } from "../../../domain/schemas/scan-summary";
import type { StoredScanIndex } from "../../../scan/index-store";
import { analyseScanPhotos } from "../../../scan/photos/photo-facts-of";
import { updatePhotoReport } from "../../../scan/photos/update-photo-report";
import type { DuplicateGroup, ScanItem } from "../../../scan/types";

export function removeFromIndex(
  index: StoredScanIndex,
  removedIds: ReadonlySet<number>,
  modified: ReadonlyMap<number, number> = new Map(),
): StoredScanIndex {
  const byId = new Map<number, ScanItem>();
  for (const item of index.items) {
    if (removedIds.has(item.id)) continue;
    const time = modified.get(item.id);
    byId.set(item.id, time === undefined ? item : { ...item, modified: time });
  }

  const duplicates: DuplicateGroup[] = [];
  for (const group of index.duplicates) {
    const remaining = group.itemIds.filter((id) => byId.has(id));
    if (remaining.length === group.itemIds.length) {
      duplicates.push(group);
      continue;
    }
    if (remaining.length < 2) {
      // A lone file is no longer a duplicate of anything.
      for (const id of remaining) byId.set(id, { ...byId.get(id)!, duplicateGroup: null, isOriginal: false });
      continue;
    }
    // The original left (picked by hand): the scan's own rule picks the file kept instead.
    const originalId = remaining.includes(group.originalId)
      ? group.originalId
      : remaining.reduce((best, id) => (compareOriginal(byId.get(id)!, byId.get(best)!) < 0 ? id : best));
    for (const id of remaining) {
      const item = byId.get(id)!;
      if (item.isOriginal !== (id === originalId)) byId.set(id, { ...item, isOriginal: id === originalId });
    }
    duplicates.push({
      ...group,
      itemIds: [originalId, ...remaining.filter((id) => id !== originalId)],
      originalId,
      wastedBytes: group.size * (remaining.length - 1),
    });
  }

  const items = index.items.filter((i) => byId.has(i.id)).map((i) => byId.get(i.id)!);
  const categories = Object.fromEntries(SCAN_CATEGORIES.map((c) => [c, { count: 0, bytes: 0 }])) as Record<
    ScanCategory,
    ScanCategoryTotals
  >;
  const totals = {
    bytes: 0,
    largeFiles: 0,
    largeBytes: 0,
    oldFiles: 0,
    oldBytes: 0,
    emptyFiles: 0,
    photosDuplicates: 0,
    photosDuplicateBytes: 0,
  };
  for (const item of items) {
    categories[item.category].count++;
    categories[item.category].bytes += item.size;
    totals.bytes += item.size;
    if (item.isLarge) {
      totals.largeFiles++;
      totals.largeBytes += item.size;
    }
    if (item.isOld) {
      totals.oldFiles++;
      totals.oldBytes += item.size;
    }
    if (item.size === 0) totals.emptyFiles++;
    if (item.category === "photo" && item.duplicateGroup !== null && !item.isOriginal) {
      totals.photosDuplicates++;
      totals.photosDuplicateBytes += item.size;
    }
  }
  const summary = {
    ...index.summary,
    categories,
    totalFiles: items.length,
    totalBytes: totals.bytes,
    duplicateGroups: duplicates.length,
    duplicateFiles: duplicates.reduce((n, g) => n + g.itemIds.length - 1, 0),
    duplicateBytes: duplicates.reduce((n, g) => n + g.wastedBytes, 0),
    largeFiles: totals.largeFiles,
    largeBytes: totals.largeBytes,
    oldFiles: totals.oldFiles,
    oldBytes: totals.oldBytes,
    emptyFiles: totals.emptyFiles,
    photosCount: categories.photo.count,
    photosDuplicates: totals.photosDuplicates,
    photosDuplicateBytes: totals.photosDuplicateBytes,
  };
  if (!index.photoReport && !index.summary.photoFindings) return { ...index, items, duplicates, summary };
  // The scan's clock, so "old screenshot" means what it meant at the scan. Only the groups
  // the change touched are analysed again (a whole new analysis is seconds on a big library).
  const nowMs = Date.parse(index.summary.scannedAt);
  const photos = index.photoReport
    ? updatePhotoReport(index.photoReport, items, removedIds, new Set(modified.keys()), nowMs)
    : analyseScanPhotos(items, nowMs);
  return { ...index, items, duplicates, summary: { ...summary, photoFindings: photos.findings }, photoReport: photos.report };
}
