/**
 * The one scan-summary factory for every test (domain, server, client): a valid, consistent
 * summary whose figures any override replaces. Test code only (lint keeps product code out).
 */
import { SCAN_CATEGORIES } from "../scan-rules";
import type { ScanSummary } from "../schemas/scan-summary";

type Cat = (typeof SCAN_CATEGORIES)[number];

export function buildSummary(
  overrides: Partial<Omit<ScanSummary, "categories">> & { categories?: Partial<Record<Cat, { count: number; bytes: number }>> } = {},
): ScanSummary {
  const categories = Object.fromEntries(SCAN_CATEGORIES.map((c) => [c, { count: 0, bytes: 0 }])) as Record<
    Cat,
    { count: number; bytes: number }
  >;
  Object.assign(
    categories,
    { photo: { count: 400, bytes: 800_000_000 }, document: { count: 600, bytes: 200_000_000 } },
    overrides.categories ?? {},
  );
  const totalFiles = SCAN_CATEGORIES.reduce((n, c) => n + categories[c].count, 0);
  const totalBytes = SCAN_CATEGORIES.reduce((n, c) => n + categories[c].bytes, 0);
  const { categories: _ignored, ...rest } = overrides;
  return {
    schemaVersion: 1,
    categories,
    totalFiles,
    totalBytes,
    duplicateGroups: 20,
    duplicateFiles: 50,
    duplicateBytes: 100_000_000,
    largeFiles: 2,
    largeBytes: 300_000_000,
    oldFiles: 200,
    oldBytes: 100_000_000,
    emptyFiles: 3,
    skipped: 1,
    photosCount: categories.photo.count,
    photosDuplicates: 30,
    appsCount: 0,
    appsUnused: 0,
    emailCount: 0,
    emailUnread: 0,
    metadataOnly: false,
    scannedAt: "2026-11-20T10:00:00.000Z",
    ...rest,
  };
}
