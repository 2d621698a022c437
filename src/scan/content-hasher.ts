import { type IHasher, createXXHash128 } from "hash-wasm";
import { HASH_CHUNK_BYTES, firstPassCoversWholeFile, firstPassRanges } from "./core/key-ranges";
import type { ContentHasher, HashRunOptions, ScanEntry, ScanSource } from "./types";

/**
 * Reads in flight. In a browser each read is an async round trip to the blob store: one
 * `arrayBuffer()` of a whole small file with 16 in flight took ~210 µs a file in Chromium's
 * worker, where batching slices into one Blob cost more in `slice()` and `new Blob` than it
 * saved. In Node the reads answer synchronously, so the pool costs nothing.
 */
export const READS_IN_FLIGHT = 16;
/** Full hashes run this many files at a time (each with its own hash state, 1 MiB chunks: 4 MiB held at most). */
export const FULL_HASHES_IN_FLIGHT = 4;

/** A counting semaphore: at most `size` tasks run at once, the others wait their turn in order. */
function createPool(size: number): <T>(task: () => Promise<T> | T) => Promise<T> {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (active >= size) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await task();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

/**
 * The portable hasher: reads through the source (Files in the browser, fs in Node) into
 * xxHash128 states (non-cryptographic, 128-bit: accidental collisions are out of reach for
 * any real set of files). First keys start as soon as the walk sees a size collide
 * (`prefetch`), so in the browser hashing overlaps the hand-off of the File list.
 */
export interface SourceHasherOptions<Ref> {
  /**
   * Handed the first bytes the first pass read of each file (the whole file up to 64 KiB, else
   * its first 4 KiB), while they are in memory: the photos stage learns from them which
   * ".jpg" holds no image, without a read of its own (photos/head-notes.ts).
   */
  onHead?: (entry: ScanEntry<Ref>, head: Uint8Array) => void;
}

export async function createSourceHasher<Ref>(
  source: ScanSource<Ref>,
  options: SourceHasherOptions<Ref> = {},
): Promise<ContentHasher<Ref>> {
  const { onHead } = options;
  const hasher = await createXXHash128();
  const fullHashers: IHasher[] = [];
  const readPool = createPool(READS_IN_FLIGHT);
  const fullPool = createPool(FULL_HASHES_IN_FLIGHT);
  /** First keys started during the walk, by entry. */
  const early = new Map<ScanEntry<Ref>, Promise<string | null>>();

  async function firstBytes(entry: ScanEntry<Ref>): Promise<Uint8Array[]> {
    const parts: Uint8Array[] = [];
    for (const [start, end] of firstPassRanges(entry.size)) {
      const bytes = await source.slice(entry, start, end);
      if (bytes.byteLength !== end - start) throw new Error("file changed while reading");
      parts.push(bytes);
    }
    return parts;
  }

  /** Reads in the pool; hashes at once on arrival (one shared state: init…digest run without a break), so no bytes wait. */
  function firstKey(entry: ScanEntry<Ref>, signal?: AbortSignal): Promise<string | null> {
    return readPool(() => (signal?.aborted ? null : firstBytes(entry))).then(
      (parts) => {
        if (!parts) return null;
        if (onHead && parts[0]) onHead(entry, parts[0]);
        hasher.init();
        for (const part of parts) hasher.update(part);
        return hasher.digest("hex");
      },
      () => null, // unreadable: it takes part in no group
    );
  }

  async function firstKeys(entries: readonly ScanEntry<Ref>[], options: HashRunOptions = {}): Promise<(string | null)[]> {
    let done = 0;
    const counted = (key: string | null): string | null => {
      if (++done % PROGRESS_EVERY === 0) options.onProgress?.(done);
      return key;
    };
    const keys = await Promise.all(entries.map((entry) => (early.get(entry) ?? firstKey(entry, options.signal)).then(counted)));
    early.clear();
    options.signal?.throwIfAborted();
    options.onProgress?.(keys.length);
    return keys;
  }

  async function fullKey(entry: ScanEntry<Ref>, state: IHasher): Promise<string> {
    state.init();
    let read = 0;
    for await (const chunk of source.stream(entry, HASH_CHUNK_BYTES)) {
      state.update(chunk);
      read += chunk.byteLength;
    }
    if (read !== entry.size) throw new Error("file changed while reading");
    return state.digest("hex");
  }

  async function fullKeys(entries: readonly ScanEntry<Ref>[], options: HashRunOptions = {}): Promise<(string | null)[]> {
    let done = 0;
    const keys = await Promise.all(
      entries.map((entry) =>
        fullPool(async () => {
          if (options.signal?.aborted) return null;
          const state = fullHashers.pop() ?? (await createXXHash128());
          try {
            return await fullKey(entry, state);
          } catch {
            return null; // unreadable or changed under us: it takes part in no group
          } finally {
            fullHashers.push(state);
            if (++done % PROGRESS_EVERY === 0) options.onProgress?.(done);
          }
        }),
      ),
    );
    options.signal?.throwIfAborted();
    options.onProgress?.(keys.length);
    return keys;
  }

  return {
    isComplete: firstPassCoversWholeFile,
    prefetch(entry) {
      if (!early.has(entry)) early.set(entry, firstKey(entry));
    },
    firstKeys,
    fullKeys,
  };
}

const PROGRESS_EVERY = 64;
