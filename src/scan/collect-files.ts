import { classifyEntry } from "./classify";
import { HardLinkFolding, showsInstead } from "./core/hard-links";
import type { ProgressReporter } from "./progress";
import { NEWCOMER_ONLY, SizeBuckets, UNIQUE_SO_FAR } from "./core/size-buckets";
import type { ContentHasher, ScanCounts, ScanEntry, ScanItem, ScanSource } from "./types";

export interface CollectedFiles<Ref> {
  items: ScanItem[];
  /** entries[i] is the source entry behind items[i]. */
  entries: ScanEntry<Ref>[];
  buckets: SizeBuckets;
  hardLinks: number;
}

export interface CollectOptions<Ref> {
  hasher: ContentHasher<Ref> | null;
  nowMs: number;
  counts: ScanCounts;
  reporter: ProgressReporter;
  signal?: AbortSignal;
}

/**
 * Walks the source once: classifies each file, files it by size, and tells the hasher about
 * size collisions as they appear so hashing can overlap the walk. Several names of one
 * physical file (hard links) become one item, listed under the smallest path: deleting one
 * name frees nothing, so they are never "wasted copies".
 */
export async function collectFiles<Ref>(source: ScanSource<Ref>, options: CollectOptions<Ref>): Promise<CollectedFiles<Ref>> {
  const { hasher, nowMs, counts, reporter, signal } = options;
  const items: ScanItem[] = [];
  const entries: ScanEntry<Ref>[] = [];
  const buckets = new SizeBuckets();
  const links = new HardLinkFolding();
  for await (const batch of source.walk(signal)) {
    signal?.throwIfAborted();
    for (const entry of batch) {
      if (entry.fileId !== undefined) {
        const seen = links.fold(entry.fileId, items.length);
        if (seen >= 0) {
          const kept = items[seen];
          if (kept && showsInstead(entry.path, kept.path)) {
            items[seen] = classifyEntry(entry, kept.id, nowMs);
            if (kept.category === "photo") counts.photos--;
            if (items[seen]?.category === "photo") counts.photos++;
            entries[seen] = entry;
          }
          continue;
        }
      }
      const index = items.length;
      const item = classifyEntry(entry, index + 1, nowMs);
      items.push(item);
      entries.push(entry);
      counts.files++;
      if (item.category === "photo") counts.photos++;
      if (entry.size > 0) {
        const first = buckets.add(entry.size, index);
        if (first !== UNIQUE_SO_FAR && hasher?.prefetch) {
          const firstEntry = first === NEWCOMER_ONLY ? undefined : entries[first];
          if (firstEntry) hasher.prefetch(firstEntry);
          hasher.prefetch(entry);
        }
      }
      reporter.tick(counts, "walk", counts.files);
    }
  }
  return { items, entries, buckets, hardLinks: links.hardLinks };
}
