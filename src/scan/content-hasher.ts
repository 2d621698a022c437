import { createXXHash128 } from "hash-wasm";
import type { ContentHasher, HashRunOptions, ScanEntry, ScanSource } from "./types";

/** Size of the first and of the last block read by the partial hash. */
export const PARTIAL_BLOCK_BYTES = 4 * 1024;
/**
 * Files up to this size are hashed whole in the first pass: one read of up to 64 KiB costs
 * about what two 4 KiB reads cost (the per-file open/read calls dominate, not the bytes),
 * and it settles the file at once. Larger files get first+last blocks, then a full pass.
 */
export const WHOLE_FILE_FIRST_PASS_BYTES = 64 * 1024;
/** Full hashes read this much at a time: memory stays bounded whatever the file size. */
export const HASH_CHUNK_BYTES = 1024 * 1024;

export function firstPassCoversWholeFile(size: number): boolean {
  return size <= WHOLE_FILE_FIRST_PASS_BYTES;
}

/** Where the first pass reads: the whole file, or its first and last blocks. */
export function firstPassRanges(size: number): [number, number][] {
  if (firstPassCoversWholeFile(size)) return [[0, size]];
  return [
    [0, PARTIAL_BLOCK_BYTES],
    [size - PARTIAL_BLOCK_BYTES, size],
  ];
}

const PROGRESS_EVERY = 64;
/**
 * The first pass reads files in batches (up to 128 files or 4 MiB), two batches in flight:
 * in a browser each read is an async round trip, so batching and overlapping hide its
 * latency while the bytes held stay bounded (about 2 × 4 MiB plus one file).
 */
const BATCH_FILES = 128;
const BATCH_BYTES = 4 * 1024 * 1024;
const BATCHES_IN_FLIGHT = 2;

/**
 * The portable hasher: reads through the source (File slices in the browser, fs in Node)
 * with one reused xxHash128 state (non-cryptographic, 128-bit: accidental collisions are
 * out of reach for any real set of files).
 */
export async function createSourceHasher<Ref>(source: ScanSource<Ref>): Promise<ContentHasher<Ref>> {
  const hasher = await createXXHash128();

  async function firstBytes(entry: ScanEntry<Ref>): Promise<Uint8Array[]> {
    const parts: Uint8Array[] = [];
    for (const [start, end] of firstPassRanges(entry.size)) {
      const bytes = await source.slice(entry, start, end);
      if (bytes.byteLength !== end - start) throw new Error("file changed while reading");
      parts.push(bytes);
    }
    return parts;
  }

  /** First-pass bytes of entries[from, to): one batched read when the source offers it. */
  async function batchBytes(entries: readonly ScanEntry<Ref>[], from: number, to: number): Promise<(Uint8Array[] | null)[]> {
    const batch = entries.slice(from, to);
    if (source.sliceMany) {
      const ranges = batch.flatMap((entry) => firstPassRanges(entry.size).map(([start, end]) => ({ entry, start, end })));
      try {
        const bytes = await source.sliceMany(ranges);
        let k = 0;
        return batch.map((entry) => firstPassRanges(entry.size).map(() => bytes[k++] ?? new Uint8Array()));
      } catch {
        // One unreadable file fails the whole batch: read those files one by one instead.
      }
    }
    // An unreadable file gets a null key: it takes part in no group.
    return Promise.all(batch.map((entry) => firstBytes(entry).catch(() => null)));
  }

  async function firstKeys(entries: readonly ScanEntry<Ref>[], options: HashRunOptions = {}): Promise<(string | null)[]> {
    const pending: (Promise<(Uint8Array[] | null)[]> | undefined)[] = [];
    const batches: [number, number][] = [];
    for (let from = 0, bytes = 0, to = 0; to <= entries.length; to++) {
      const entry = entries[to];
      const closes = to === entries.length || to - from === BATCH_FILES || bytes >= BATCH_BYTES;
      if (closes && to > from) {
        batches.push([from, to]);
        from = to;
        bytes = 0;
      }
      if (entry) bytes += Math.min(entry.size, WHOLE_FILE_FIRST_PASS_BYTES);
    }
    const start = (b: number): void => {
      const range = batches[b];
      if (range) pending[b] = batchBytes(entries, range[0], range[1]);
    };
    for (let b = 0; b < BATCHES_IN_FLIGHT; b++) start(b);
    const keys: (string | null)[] = [];
    for (let b = 0; b < batches.length; b++) {
      options.signal?.throwIfAborted();
      const results = (await pending[b]) ?? [];
      pending[b] = undefined;
      start(b + BATCHES_IN_FLIGHT);
      for (const parts of results) {
        if (parts) {
          hasher.init();
          for (const part of parts) hasher.update(part);
          keys.push(hasher.digest("hex"));
        } else {
          keys.push(null);
        }
      }
      options.onProgress?.(keys.length);
    }
    return keys;
  }

  async function fullKey(entry: ScanEntry<Ref>): Promise<string> {
    hasher.init();
    let read = 0;
    for await (const chunk of source.stream(entry, HASH_CHUNK_BYTES)) {
      hasher.update(chunk);
      read += chunk.byteLength;
    }
    if (read !== entry.size) throw new Error("file changed while reading");
    return hasher.digest("hex");
  }

  async function fullKeys(entries: readonly ScanEntry<Ref>[], options: HashRunOptions = {}): Promise<(string | null)[]> {
    const keys: (string | null)[] = [];
    for (const entry of entries) {
      options.signal?.throwIfAborted();
      try {
        keys.push(await fullKey(entry));
      } catch (error) {
        if (options.signal?.aborted) throw error;
        keys.push(null); // unreadable or changed under us: it takes part in no group
      }
      if (keys.length % PROGRESS_EVERY === 0) options.onProgress?.(keys.length);
    }
    options.onProgress?.(keys.length);
    return keys;
  }

  return { isComplete: firstPassCoversWholeFile, firstKeys, fullKeys };
}
