import type { ContentHasher, HashRunOptions, ScanEntry } from "./types";

/**
 * Content keys remembered from an earlier scan. `first`/`full` answer a key only when the
 * entry still has the stamp it had then (path, size, mtime, and ctime and inode where the
 * source has them); anything else is a miss, so a changed file is always read again.
 */
export interface HashCache<Ref = unknown> {
  /** A hit also keeps the entry for the next scan's cache. */
  first(entry: ScanEntry<Ref>): string | undefined;
  full(entry: ScanEntry<Ref>): string | undefined;
  /** True when a first key is there for this stamp (a peek: keeps nothing). */
  has(entry: ScanEntry<Ref>): boolean;
  /** Remember a key just computed for this entry's stamp. */
  put(entry: ScanEntry<Ref>, pass: "first" | "full", key: string): void;
}

/** What a scan with a cache read and saved: figures for the profile and the tests. */
export interface CacheStats {
  hits: number;
  misses: number;
}

/**
 * Puts a hash cache in front of a hasher: hits answer at once, only misses go to `inner`
 * (prefetch included, so an unchanged file is never even queued), and every key computed is
 * remembered. The order and length of the answers are those of the request, as the
 * ContentHasher contract wants.
 */
export function withHashCache<Ref>(
  inner: ContentHasher<Ref>,
  cache: HashCache<Ref>,
  stats: CacheStats = { hits: 0, misses: 0 },
): ContentHasher<Ref> {
  async function keys(pass: "first" | "full", entries: readonly ScanEntry<Ref>[], run: HashRunOptions = {}): Promise<(string | null)[]> {
    const out: (string | null)[] = new Array<string | null>(entries.length);
    const missAt: number[] = [];
    for (let i = 0; i < entries.length; i++) {
      const entry = entries[i] as ScanEntry<Ref>;
      const key = pass === "first" ? cache.first(entry) : cache.full(entry);
      if (key === undefined) missAt.push(i);
      else out[i] = key;
    }
    stats.hits += entries.length - missAt.length;
    stats.misses += missAt.length;
    if (missAt.length === 0) {
      run.onProgress?.(entries.length);
      return out;
    }
    const hits = entries.length - missAt.length;
    const misses = missAt.map((i) => entries[i] as ScanEntry<Ref>);
    const fresh = await (pass === "first" ? inner.firstKeys : inner.fullKeys).call(inner, misses, {
      signal: run.signal,
      onProgress: run.onProgress ? (done) => run.onProgress?.(hits + done) : undefined,
    });
    for (let k = 0; k < missAt.length; k++) {
      const key = fresh[k] ?? null;
      const i = missAt[k] as number;
      out[i] = key;
      if (key !== null) cache.put(entries[i] as ScanEntry<Ref>, pass, key);
    }
    return out;
  }

  return {
    isComplete: (size) => inner.isComplete(size),
    prefetch: inner.prefetch
      ? (entry) => {
          if (cache.first(entry) === undefined) inner.prefetch?.(entry);
        }
      : undefined,
    firstKeys: (entries, run) => keys("first", entries, run),
    fullKeys: (entries, run) => keys("full", entries, run),
    close: inner.close ? () => inner.close?.() : undefined,
  };
}
