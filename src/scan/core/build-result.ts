import type { DetectedApp } from "../apps";
import type { DuplicateGroup, PhotoAnalysis, ScanItem, ScanResult, SkipCounts } from "../types";
import { summarizeScan } from "./summarize";

export interface ResultInput {
  items: ScanItem[];
  /** The groups as markGroups made them (the items marked). */
  duplicates: DuplicateGroup[];
  /** What the walk passed over; `unreadable` candidates of the sieve are added to its unreadable count. */
  skipped: SkipCounts;
  unreadable: number;
  /** Extra names of files already listed under another name. */
  hardLinks: number;
  apps: readonly DetectedApp[];
  metadataOnly: boolean;
  nowMs: number;
  /** The photos stage's findings, when it ran. */
  photos?: PhotoAnalysis | null;
}

/** The one ScanResult every adapter returns: skip counts, the summary (the aggregate that may leave the device), the photo report if any. */
export function buildResult(input: ResultInput): ScanResult {
  const { items, duplicates, apps, metadataOnly, nowMs, photos } = input;
  const skipped = { ...input.skipped, unreadable: input.skipped.unreadable + input.unreadable };
  const summary = summarizeScan({ items, groups: duplicates, skipped, apps, metadataOnly, nowMs });
  if (photos) summary.photoFindings = photos.findings;
  return {
    items,
    duplicates,
    summary,
    skipped,
    hardLinks: input.hardLinks,
    metadataOnly,
    ...(photos ? { photoReport: photos.report } : {}),
  };
}
