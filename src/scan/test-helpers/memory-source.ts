import type { ScanEntry, ScanSource, SkipCounts } from "../types";

/** Test-only: an in-memory folder. `reads` counts every byte range read, to prove what was (not) read. */
export interface MemoryFile {
  path: string;
  bytes: Uint8Array;
  modified?: number;
  type?: string;
  fileId?: string;
  unreadable?: boolean;
}

export interface MemorySource extends ScanSource<MemoryFile> {
  reads: { path: string; start: number; end: number }[];
}

export interface MemorySourceOptions {
  batch?: number;
  onBatch?: (n: number) => void;
}

export function createMemorySource(files: MemoryFile[], options: MemorySourceOptions = {}): MemorySource {
  const skipped: SkipCounts = { symlinks: 0, special: 0, unreadable: 0, loops: 0 };
  const reads: MemorySource["reads"] = [];
  const batchSize = options.batch ?? 100;
  const read = (file: MemoryFile, start: number, end: number): Uint8Array => {
    if (file.unreadable) throw new Error("EACCES");
    reads.push({ path: file.path, start, end });
    return file.bytes.slice(start, end);
  };
  const source: MemorySource = {
    kind: "file-list",
    skipped,
    reads,
    checkAccess: () => Promise.resolve(),
    async *walk(signal) {
      for (let i = 0; i < files.length; i += batchSize) {
        signal?.throwIfAborted();
        options.onBatch?.(i / batchSize);
        await Promise.resolve();
        yield files.slice(i, i + batchSize).map((file): ScanEntry<MemoryFile> => ({
          path: file.path,
          name: file.path.slice(file.path.lastIndexOf("/") + 1),
          size: file.bytes.length,
          modified: file.modified ?? 1_700_000_000_000,
          type: file.type ?? "",
          fileId: file.fileId,
          ref: file,
        }));
      }
    },
    slice: (entry, start, end) => Promise.resolve(read(entry.ref, start, end)),
    async *stream(entry, chunkSize) {
      for (let start = 0; start < entry.size; start += chunkSize) {
        await Promise.resolve();
        yield read(entry.ref, start, Math.min(entry.size, start + chunkSize));
      }
    },
  };
  return source;
}

/** Deterministic pseudo-random bytes (xorshift32), so traps differ only where a test says. */
export function bytesOf(size: number, seed: number): Uint8Array {
  const out = new Uint8Array(size);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < size; i++) {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    out[i] = x & 0xff;
  }
  return out;
}

export function withByte(bytes: Uint8Array, index: number, value: number): Uint8Array {
  const copy = bytes.slice();
  copy[index] = value;
  return copy;
}
