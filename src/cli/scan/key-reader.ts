import * as nodeFs from "node:fs";
import { HASH_CHUNK_BYTES, PARTIAL_BLOCK_BYTES, firstPassCoversWholeFile } from "../../scan/content-hasher";
import { type KeyCalls, keyCalls } from "./fs-binding";
import type { Xxhash128 } from "./xxhash128";

/** A content key: xxHash128, 16 bytes, kept binary (a hex string per file would cost an allocation and a conversion). */
export const KEY_BYTES = 16;

/**
 * Copies one key, from[fromAt…+16) to to[toAt…+16): as four 32-bit words where both sides are
 * 4-byte aligned (keys sit at multiples of 16 in buffers of their own), else byte by byte.
 * Buffer#copy and subarray + set make an object per call, and a pass copies a key per file
 * two or three times (86,000 files on the 100,000-file corpus). Each buffer's word view is
 * made once (a WeakMap, as a pass copies between three or four buffers in turn): in code V8
 * has not optimised (a small tree's whole scan, decision 016), 26,000 copies alternating
 * between two pairs of buffers took 2.5 ms so, against 7.4 ms byte by byte and 3.3 ms with the
 * last four views kept in slots.
 */
export function copyKey(from: Uint8Array, fromAt: number, to: Uint8Array, toAt: number): void {
  const fromWords = wordsOf(from);
  const toWords = wordsOf(to);
  if (fromWords !== null && toWords !== null && ((fromAt | toAt) & 3) === 0) {
    const f = fromAt >>> 2;
    const t = toAt >>> 2;
    toWords[t] = fromWords[f] as number;
    toWords[t + 1] = fromWords[f + 1] as number;
    toWords[t + 2] = fromWords[f + 2] as number;
    toWords[t + 3] = fromWords[f + 3] as number;
    return;
  }
  for (let b = 0; b < KEY_BYTES; b++) to[toAt + b] = from[fromAt + b] as number;
}

const wordViews = new WeakMap<Uint8Array, Int32Array | null>();

/** A 32-bit view of the same bytes, or null when they do not start on a 4-byte boundary. */
function wordsOf(bytes: Uint8Array): Int32Array | null {
  let words = wordViews.get(bytes);
  if (words === undefined) {
    words = (bytes.byteOffset & 3) === 0 ? new Int32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >>> 2) : null;
    wordViews.set(bytes, words);
  }
  return words;
}

export type KeyFs = Pick<typeof nodeFs, "openSync" | "readSync" | "closeSync">;

/**
 * Synchronous content keys with one reused buffer and hash state: the CLI's hot path (main
 * thread and scan worker), once per candidate file, so it is written flat. A key is written
 * into `out` at `at`; false when the file cannot be read or no longer has the size the walk
 * saw (it then takes part in no group).
 */
export class KeyReader {
  private readonly buffer = Buffer.allocUnsafe(HASH_CHUNK_BYTES);
  /** Through Node's binding when `fs` is the real one (fs-binding.ts). */
  private readonly fs: KeyCalls;

  constructor(
    private readonly hasher: Xxhash128,
    fs: KeyFs = nodeFs,
  ) {
    this.fs = keyCalls(fs as unknown as KeyCalls);
  }

  /** Key of the first and last 4 KiB, or of the whole file up to 64 KiB. */
  first(abs: string, size: number, out: Uint8Array, at: number): boolean {
    const fd = this.open(abs);
    if (fd < 0) return false;
    const { buffer, hasher, fs } = this;
    try {
      let length: number;
      if (firstPassCoversWholeFile(size)) {
        if (readFully(fs, fd, buffer, 0, size, 0) !== size) return false;
        length = size;
      } else {
        if (readFully(fs, fd, buffer, 0, PARTIAL_BLOCK_BYTES, 0) !== PARTIAL_BLOCK_BYTES) return false;
        if (readFully(fs, fd, buffer, PARTIAL_BLOCK_BYTES, PARTIAL_BLOCK_BYTES, size - PARTIAL_BLOCK_BYTES) !== PARTIAL_BLOCK_BYTES)
          return false;
        length = 2 * PARTIAL_BLOCK_BYTES;
      }
      hasher.init();
      hasher.update(buffer, 0, length);
      hasher.digest(out, at);
      return true;
    } catch {
      return false;
    } finally {
      fs.closeSync(fd);
    }
  }

  /** Key of every byte, read 1 MiB at a time. */
  full(abs: string, size: number, out: Uint8Array, at: number): boolean {
    const fd = this.open(abs);
    if (fd < 0) return false;
    const { buffer, hasher, fs } = this;
    try {
      hasher.init();
      for (let position = 0; position < size;) {
        const n = readFully(fs, fd, buffer, 0, Math.min(buffer.length, size - position), position);
        if (n === 0) return false;
        hasher.update(buffer, 0, n);
        position += n;
      }
      // One byte past the end must be EOF, else the file grew since the walk.
      if (readFully(fs, fd, buffer, 0, 1, size) !== 0) return false;
      hasher.digest(out, at);
      return true;
    } catch {
      return false;
    } finally {
      fs.closeSync(fd);
    }
  }

  private open(abs: string): number {
    try {
      return this.fs.openSync(abs, nodeFs.constants.O_RDONLY);
    } catch {
      return -1;
    }
  }
}

function readFully(fs: KeyCalls, fd: number, buffer: Uint8Array, offset: number, length: number, position: number): number {
  let done = 0;
  while (done < length) {
    const n = fs.readSync(fd, buffer, offset + done, length - done, position + done);
    if (n === 0) break;
    done += n;
  }
  return done;
}
