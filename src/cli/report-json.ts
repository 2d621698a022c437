import type { ScanSummary } from "../domain/schemas/scan-summary";
import type { ScanItem, ScanResult, SkipCounts } from "../scan/types";
import { isoUtc } from "./iso-time";

/** The `--json` result (documented in docs/cli.md). Paths are relative to the scanned DIR. */
export interface CliJsonReport {
  root: string;
  summary: ScanSummary;
  /** Sorted by wasted bytes, largest first. `paths[0]` is the original. */
  duplicates: { size: number; wastedBytes: number; possible: boolean; original: string; paths: string[] }[];
  large: { path: string; size: number }[];
  old: { path: string; size: number; modified: string }[];
  empty: string[];
  skipped: number;
  skippedBy: SkipCounts;
  hardLinks: number;
  metadataOnly: boolean;
}

const byPath = (a: { path: string }, b: { path: string }): number => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

export function toJsonReport(root: string, result: ScanResult): CliJsonReport {
  // Ids are small integers: an array indexes them faster than a Map.
  const byId: ScanItem[] = [];
  const large: ScanItem[] = [];
  const old: ScanItem[] = [];
  const empty: string[] = [];
  for (const item of result.items) {
    byId[item.id] = item;
    if (item.isLarge) large.push(item);
    if (item.isOld) old.push(item);
    if (item.size === 0) empty.push(item.path);
  }
  const pathOf = (id: number): string => byId[id]?.path ?? "";
  return {
    root,
    summary: result.summary,
    duplicates: result.duplicates.map((group) => ({
      size: group.size,
      wastedBytes: group.wastedBytes,
      possible: group.possible,
      original: pathOf(group.originalId),
      paths: group.itemIds.map(pathOf),
    })),
    large: large.sort((a, b) => b.size - a.size || byPath(a, b)).map(({ path, size }) => ({ path, size })),
    old: old
      .sort((a, b) => a.modified - b.modified || byPath(a, b))
      .map(({ path, size, modified }) => ({ path, size, modified: isoUtc(modified) })),
    empty: empty.sort(),
    skipped: result.summary.skipped,
    skippedBy: result.skipped,
    hardLinks: result.hardLinks,
    metadataOnly: result.metadataOnly,
  };
}
