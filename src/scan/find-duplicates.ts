import { compareOriginal } from "../domain/scan-rules";
import type { SizeBuckets } from "./size-buckets";
import type { ContentHasher, DuplicateGroup, ScanEntry, ScanItem } from "./types";

export interface FindDuplicatesInput<Ref> {
  /** items[i] describes entries[i]. */
  items: ScanItem[];
  entries: readonly ScanEntry<Ref>[];
  /** Non-empty files by size (zero-byte files are never duplicates, so never added). */
  buckets: SizeBuckets;
  hasher: ContentHasher<Ref> | null;
  /** Spec §5's equal-size rule only; no byte is read. */
  metadataOnly: boolean;
  signal?: AbortSignal;
  onProgress?: (phase: "hash" | "verify", done: number, total: number) => void;
  onPhase?: (phase: "first-pass" | "full-pass") => void;
}

export interface FindDuplicatesOutput {
  groups: DuplicateGroup[];
  /** Candidates whose bytes could not be read: left out of every group. */
  unreadable: number;
}

/**
 * Duplicates in three sieves, each cheaper than the next is costly: equal size, then a
 * hash of the first and last 4 KiB (whole file when small), then a full streaming hash
 * for the survivors. Marks the items and returns the groups sorted by wasted bytes.
 */
export async function findDuplicates<Ref>(input: FindDuplicatesInput<Ref>): Promise<FindDuplicatesOutput> {
  const { items, entries, buckets, hasher, metadataOnly, signal, onProgress } = input;
  const sizeGroups = [...buckets.collisions()].map(([, indexes]) => indexes);
  let found: number[][];
  let unreadable = 0;
  if (metadataOnly || hasher === null) {
    found = sizeGroups;
  } else {
    const first = await splitByKey(sizeGroups, entries, (list) =>
      hasher.firstKeys(list, { signal, onProgress: (done) => onProgress?.("hash", done, list.length) }),
    );
    unreadable += first.unreadable;
    input.onPhase?.("first-pass");
    const settled = first.groups.filter((g) => hasher.isComplete(sizeOf(entries, g)));
    const unsettled = first.groups.filter((g) => !hasher.isComplete(sizeOf(entries, g)));
    const full = await splitByKey(unsettled, entries, (list) =>
      hasher.fullKeys(list, { signal, onProgress: (done) => onProgress?.("verify", done, list.length) }),
    );
    unreadable += full.unreadable;
    input.onPhase?.("full-pass");
    found = [...settled, ...full.groups];
  }
  const possible = metadataOnly || hasher === null;
  return { groups: markGroups(items, found, possible), unreadable };
}

function sizeOf<Ref>(entries: readonly ScanEntry<Ref>[], group: number[]): number {
  const index = group[0];
  return index === undefined ? 0 : (entries[index]?.size ?? 0);
}

/** Hashes every member of every group in one call (so a parallel hasher sees all the work), then regroups. */
async function splitByKey<Ref>(
  groups: number[][],
  entries: readonly ScanEntry<Ref>[],
  keysOf: (list: ScanEntry<Ref>[]) => Promise<(string | null)[]>,
): Promise<{ groups: number[][]; unreadable: number }> {
  const flat = groups.flat();
  if (flat.length === 0) return { groups: [], unreadable: 0 };
  const keys = await keysOf(flat.map((i) => entryAt(entries, i)));
  const out: number[][] = [];
  let unreadable = 0;
  let offset = 0;
  for (const group of groups) {
    const byKey = new Map<string, number[]>();
    for (const index of group) {
      const key = keys[offset++];
      if (key === null || key === undefined) {
        unreadable++;
        continue;
      }
      const same = byKey.get(key);
      if (same) same.push(index);
      else byKey.set(key, [index]);
    }
    for (const same of byKey.values()) if (same.length > 1) out.push(same);
  }
  return { groups: out, unreadable };
}

function entryAt<T>(list: readonly T[], index: number): T {
  const value = list[index];
  if (value === undefined) throw new RangeError(`no entry ${index}`);
  return value;
}

/** Picks each group's original (oldest, then shortest path, then code-unit order) and numbers the groups. */
export function markGroups(items: ScanItem[], found: number[][], possible: boolean): DuplicateGroup[] {
  const drafts = found.map((indexes) => {
    const members = indexes.map((i) => entryAt(items, i));
    members.sort(compareOriginal);
    const [original, ...copies] = members as [ScanItem, ...ScanItem[]];
    copies.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    return { original, copies, wastedBytes: original.size * copies.length };
  });
  drafts.sort(
    (a, b) => b.wastedBytes - a.wastedBytes || (a.original.path < b.original.path ? -1 : a.original.path > b.original.path ? 1 : 0),
  );
  return drafts.map(({ original, copies, wastedBytes }, n) => {
    const id = n + 1;
    original.duplicateGroup = id;
    original.isOriginal = true;
    for (const copy of copies) copy.duplicateGroup = id;
    return {
      id,
      size: original.size,
      itemIds: [original.id, ...copies.map((c) => c.id)],
      originalId: original.id,
      wastedBytes,
      possible,
    };
  });
}
