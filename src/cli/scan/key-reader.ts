import * as nodeFs from "node:fs";
import { HASH_CHUNK_BYTES, PARTIAL_BLOCK_BYTES, firstPassCoversWholeFile } from "../../scan/core/key-ranges";
import type { IHasher } from "hash-wasm";
import { fsPath } from "../path-bytes";

/** A content key: xxHash128, 16 bytes, kept binary (a hex string per file would cost an allocation and a conversion). */
export const KEY_BYTES = 16;

/** Copies one key, from[fromAt…+16) to to[toAt…+16). */
export function copyKey(from: Uint8Array, fromAt: number, to: Uint8Array, toAt: number): void {
  to.set(from.subarray(fromAt, fromAt + KEY_BYTES), toAt);
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
  /** `hasher`: hash-wasm's createXXHash128(), one per thread. */
  constructor(
    private readonly hasher: IHasher,
    private readonly fs: KeyFs = nodeFs,
  ) {}

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
      hasher.update(buffer.subarray(0, length));
      out.set(hasher.digest("binary"), at);
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
        hasher.update(n === buffer.length ? buffer : buffer.subarray(0, n));
        position += n;
      }
      // One byte past the end must be EOF, else the file grew since the walk.
      if (readFully(fs, fd, buffer, 0, 1, size) !== 0) return false;
      out.set(hasher.digest("binary"), at);
      return true;
    } catch {
      return false;
    } finally {
      fs.closeSync(fd);
    }
  }

  private open(abs: string): number {
    try {
      return this.fs.openSync(fsPath(abs), nodeFs.constants.O_RDONLY);
    } catch {
      return -1;
    }
  }
}

function readFully(fs: KeyFs, fd: number, buffer: Uint8Array, offset: number, length: number, position: number): number {
  let done = 0;
  while (done < length) {
    const n = fs.readSync(fd, buffer, offset + done, length - done, position + done);
    if (n === 0) break;
    done += n;
  }
  return done;
}
