import { SCAN_CATEGORIES, type ScanCategory, fileExtension, isLargeFile, isOldFile } from "../domain/scan-rules";
import type { ScanCategoryTotals, ScanSummary } from "../domain/schemas/scan-summary";
import { classifyEntry, kindOf } from "../scan/classify";
import { markGroups } from "../scan/find-duplicates";
import { countSkipped } from "../scan/summarize";
import type { ScanItem } from "../scan/types";
import { isoUtc } from "./iso-time";
import { type CliJsonReport, orderByTimeThenPath } from "./report-json";
import type { ScannedTree } from "./scan/scanned-tree";

/**
 * `toJsonReport(root, buildResult(scanned))` straight from the columns, for `scan --json`
 * (decision 016, session 8): the report names only duplicates, large, old and empty files,
 * so items are made for the members of duplicate groups alone (markGroups picks originals
 * and orders groups on them, as always) and the summary is summed from the columns, with
 * summarizeScan's rules and key order. 100,000 item objects cost ~50 ms of CPU to make and
 * more to collect. report-json-columns.test.ts holds the two reports equal.
 */
export function jsonReportFromColumns(root: string, scanned: ScannedTree): CliJsonReport {
  const { table, found, metadataOnly, nowMs } = scanned;
  const { itemFiles } = found;
  const n = itemFiles.length;
  const entry = { path: "", name: "", size: 0, modified: 0, type: "" };

  // Duplicate groups: items for their members only, numbered as buildResult numbers every item.
  const members: ScanItem[] = [];
  const groups = found.groups.map((positions) =>
    positions.map((p) => {
      const f = itemFiles[p] as number;
      entry.path = table.path(f);
      entry.name = table.names[f] as string;
      entry.size = table.size[f] ?? 0;
      entry.modified = table.mtime[f] ?? 0;
      members.push(classifyEntry(entry, p + 1, nowMs));
      return members.length - 1;
    }),
  );
  const duplicates = markGroups(members, groups, metadataOnly);
  const pathById = new Map<number, string>();
  let photosDuplicates = 0;
  let photosDuplicateBytes = 0;
  for (const item of members) {
    pathById.set(item.id, item.path);
    if (item.duplicateGroup !== null && !item.isOriginal && item.category === "photo") {
      photosDuplicates++;
      photosDuplicateBytes += item.size;
    }
  }

  // Per category index (SCAN_CATEGORIES order): a category depends on the extension alone (kindOf's own cache key).
  const count = new Float64Array(SCAN_CATEGORIES.length);
  const bytes = new Float64Array(SCAN_CATEGORIES.length);
  const categoryByExtension = new Map<string, number>();
  let totalBytes = 0;
  let largeBytes = 0;
  let oldBytes = 0;
  const large: { path: string; size: number }[] = [];
  const oldFiles: number[] = [];
  const oldTimes: number[] = [];
  const empty: string[] = [];
  for (let p = 0; p < n; p++) {
    const f = itemFiles[p] as number;
    const size = table.size[f] ?? 0;
    const modified = table.mtime[f] ?? 0;
    const name = table.names[f] as string;
    const extension = fileExtension(name);
    let c = categoryByExtension.get(extension);
    if (c === undefined) {
      c = SCAN_CATEGORIES.indexOf(kindOf("", name).category);
      categoryByExtension.set(extension, c);
    }
    count[c] = (count[c] as number) + 1;
    bytes[c] = (bytes[c] as number) + size;
    totalBytes += size;
    if (isLargeFile(size)) {
      largeBytes += size;
      large.push({ path: table.path(f), size });
    }
    if (isOldFile(modified, nowMs)) {
      oldBytes += size;
      oldFiles.push(f);
      oldTimes.push(modified);
    }
    if (size === 0) empty.push(table.path(f));
  }
  const categories = Object.fromEntries(
    SCAN_CATEGORIES.map((category, c) => [category, { count: count[c] as number, bytes: bytes[c] as number }]),
  ) as Record<ScanCategory, ScanCategoryTotals>;
  // Old files: ordered by time, then path, before any object is made for them.
  const oldOrder = orderByTimeThenPath(oldTimes, (k) => table.path(oldFiles[k] as number));
  const old = new Array<{ path: string; size: number; modified: string }>(oldOrder.length);
  for (let k = 0; k < oldOrder.length; k++) {
    const f = oldFiles[oldOrder[k] as number] as number;
    old[k] = { path: table.path(f), size: table.size[f] ?? 0, modified: isoUtc(oldTimes[oldOrder[k] as number] as number) };
  }
  let duplicateFiles = 0;
  let duplicateBytes = 0;
  for (const group of duplicates) {
    duplicateFiles += group.itemIds.length - 1;
    duplicateBytes += group.wastedBytes;
  }
  const skipped = { ...scanned.skipped, unreadable: scanned.skipped.unreadable + found.unreadable };
  // summarizeScan's object, key for key (the JSON's order), apps and e-mail always 0 on the CLI.
  const summary: ScanSummary = {
    schemaVersion: 1,
    categories,
    totalFiles: n,
    totalBytes,
    duplicateGroups: duplicates.length,
    duplicateFiles,
    duplicateBytes,
    largeFiles: large.length,
    largeBytes,
    oldFiles: old.length,
    oldBytes,
    emptyFiles: empty.length,
    skipped: countSkipped(skipped),
    photosCount: categories.photo.count,
    photosDuplicates,
    photosDuplicateBytes,
    appsCount: 0,
    appsUnused: 0,
    emailCount: 0,
    emailUnread: 0,
    metadataOnly,
    scannedAt: new Date(nowMs).toISOString(),
  };
  const pathOf = (id: number): string => pathById.get(id) ?? "";
  const byPath = (a: { path: string }, b: { path: string }): number => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
  return {
    root,
    summary,
    duplicates: duplicates.map((group) => ({
      size: group.size,
      wastedBytes: group.wastedBytes,
      possible: group.possible,
      original: pathOf(group.originalId),
      paths: group.itemIds.map(pathOf),
    })),
    large: large.sort((a, b) => b.size - a.size || byPath(a, b)),
    old,
    empty: empty.sort(),
    skipped: summary.skipped,
    skippedBy: skipped,
    hardLinks: found.hardLinks,
    metadataOnly,
  };
}
