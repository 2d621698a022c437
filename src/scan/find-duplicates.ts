import { markGroups } from "./core/mark-groups";
import { type KeySource, sieve, stringKeys } from "./core/sieve";
import type { SizeBuckets } from "./core/size-buckets";
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
 * The core's sieve (core/sieve.ts) driven through a ContentHasher: the browser's adapter,
 * which reads through the source. Marks the items and returns the groups sorted by wasted bytes.
 */
export async function findDuplicates<Ref>(input: FindDuplicatesInput<Ref>): Promise<FindDuplicatesOutput> {
  const { items, entries, buckets, hasher, metadataOnly, signal, onProgress } = input;
  const sizeGroups = [...buckets.collisions()].map(([, indexes]) => indexes);
  const possible = metadataOnly || hasher === null;
  const source: KeySource | null = possible
    ? null
    : {
        size: (i) => entries[i]?.size ?? 0,
        async keys(pass, members) {
          if (members.length === 0) return stringKeys([]);
          const list = members.map((i) => entryAt(entries, i));
          const phase = pass === 0 ? "hash" : "verify";
          const run = { signal, onProgress: (done: number) => onProgress?.(phase, done, list.length) };
          return stringKeys(await (pass === 0 ? hasher.firstKeys(list, run) : hasher.fullKeys(list, run)));
        },
        passed: (pass) => input.onPhase?.(pass === 0 ? "first-pass" : "full-pass"),
      };
  const found = await sieve(sizeGroups, source);
  return { groups: markGroups(items, found.groups, possible), unreadable: found.unreadable };
}

function entryAt<T>(list: readonly T[], index: number): T {
  const value = list[index];
  if (value === undefined) throw new RangeError(`no entry ${index}`);
  return value;
}
