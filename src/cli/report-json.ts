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
    old: byModifiedThenPath(old).map(({ path, size, modified }) => ({ path, size, modified: isoUtc(modified) })),
    empty: empty.sort(),
    skipped: result.summary.skipped,
    skippedBy: result.skipped,
    hardLinks: result.hardLinks,
    metadataOnly: result.metadataOnly,
  };
}

interface Dated {
  path: string;
  modified: number;
}

/** `[...items].sort((a, b) => a.modified - b.modified || byPath(a, b))`, the same order (see orderByTimeThenPath). */
export function byModifiedThenPath<T extends Dated>(items: readonly T[]): T[] {
  const times = new Float64Array(items.length);
  for (let k = 0; k < items.length; k++) times[k] = (items[k] as T).modified;
  return Array.from(
    orderByTimeThenPath(times, (k) => (items[k] as T).path),
    (k) => items[k] as T,
  );
}

/**
 * Positions 0…n−1 in the order `sort((a, b) => times[a] - times[b] || byPath(a, b))` gives,
 * without a comparator call per comparison where the times allow: whole-ms times are packed
 * with their position into one float64 each — (time − earliest) × 2^bits + position, exact
 * while it stays under 2^53 — and sorted natively; only runs of equal times are then sorted
 * by path (`pathOf` is asked for those alone). The report lists every old file, often most of
 * a tree, in a process the JIT has not warmed, where a comparator call per comparison is the
 * sort's cost. Other times (fractions, NaN, spans too wide for the count) take the comparator.
 */
export function orderByTimeThenPath(times: ArrayLike<number>, pathOf: (k: number) => string): Int32Array {
  const n = times.length;
  const samePath = (a: number, b: number): number => {
    const x = pathOf(a);
    const y = pathOf(b);
    return x < y ? -1 : x > y ? 1 : 0;
  };
  let min = Infinity;
  let max = -Infinity;
  let whole = true;
  for (let k = 0; k < n; k++) {
    const m = times[k] as number;
    if (!Number.isInteger(m)) whole = false;
    if (m < min) min = m;
    if (m > max) max = m;
  }
  const scale = 2 ** Math.ceil(Math.log2(n + 1));
  if (!whole || !((max - min + 1) * scale <= Number.MAX_SAFE_INTEGER)) {
    // An array, as the report's own sort was: with NaN the comparator is inconsistent and only the same algorithm gives the same order.
    const positions = Array.from({ length: n }, (_, k) => k);
    return Int32Array.from(positions.sort((a, b) => (times[a] as number) - (times[b] as number) || samePath(a, b)));
  }
  const keys = new Float64Array(n);
  for (let k = 0; k < n; k++) keys[k] = ((times[k] as number) - min) * scale + k;
  keys.sort();
  const order = new Int32Array(n);
  for (let k = 0; k < n; k++) order[k] = (keys[k] as number) % scale;
  // Equal times came out in list order: by path instead, as the comparator would have them.
  for (let start = 0; start < n;) {
    let end = start + 1;
    const m = times[order[start] as number];
    while (end < n && times[order[end] as number] === m) end++;
    if (end - start > 1) order.set(Array.from(order.subarray(start, end)).sort(samePath), start);
    start = end;
  }
  return order;
}
