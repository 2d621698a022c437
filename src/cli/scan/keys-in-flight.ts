import * as nodeFs from "node:fs";
import type { IHasher } from "hash-wasm";
import { HASH_CHUNK_BYTES, PARTIAL_BLOCK_BYTES, WHOLE_FILE_FIRST_PASS_BYTES, firstPassCoversWholeFile } from "../../scan/core/key-ranges";
import { fsPath } from "../path-bytes";
import { KEY_BYTES, type KeyReader } from "./key-reader";

export type AsyncKeyFs = Pick<typeof nodeFs, "openSync" | "read" | "closeSync">;

/**
 * Files read at once per pass. On a cold page cache a key costs the storage's latency, not
 * CPU: one synchronous read at a time leaves the device idle between requests, while several
 * in flight let it (and the kernel's queue) serve them together. The first pass reads at most
 * 64 KiB per file; the full pass reads 1 MiB chunks, which the kernel's read-ahead already
 * streams, so fewer files at once there (and each holds a hasher and a chunk buffer).
 * libuv's pool runs these reads, 4 threads unless UV_THREADPOOL_SIZE says otherwise when the
 * pool starts: bin/cleanspace.cjs sets it to 16, so the first pass is not capped at 4.
 */
export const FILES_IN_FLIGHT = [16, 4] as const;

/** Files a thread reads one at a time before it decides how its storage answers (ReadMode). */
export const PROBE_FILES = 32;

/**
 * How one thread reads keys for the rest of a scan, decided once on its first PROBE_FILES
 * files: one synchronous read at a time while the page cache answers (a read through the pool
 * costs a hand-off to another thread and back, which a cached read does not repay), several
 * in flight once reads wait for the device. A read that waits puts the thread to sleep — a
 * voluntary context switch; a cached one does not. The bar is one switch per four files.
 */
export class ReadMode {
  /** null until the probe ran; then true when reads wait for the device. */
  cold: boolean | null = null;
  /** Tests fix the mode: "sync" or "in-flight" from the start. */
  constructor(fixed?: "sync" | "in-flight") {
    if (fixed) this.cold = fixed === "in-flight";
  }
}

/**
 * Keys of `jobs` for one pass on this thread, as `mode` says (see ReadMode): synchronously with
 * `reader`, or several files in flight (readKeysInFlight). Same keys and the same ok flags
 * either way.
 */
export async function readKeys(
  pass: 0 | 1,
  jobs: KeyJobs,
  out: Uint8Array,
  ok: Uint8Array,
  reader: KeyReader,
  mode: ReadMode,
  hashers: () => Promise<IHasher[]>,
  options: { fs?: AsyncKeyFs; signal?: AbortSignal; onDone?: (done: number) => void } = {},
): Promise<void> {
  const { signal, onDone } = options;
  const readSync = (from: number, to: number): void => {
    for (let k = from; k < to; k++) {
      signal?.throwIfAborted();
      const path = jobs.path(k);
      const size = jobs.size(k);
      ok[k] = (pass === 0 ? reader.first(path, size, out, k * KEY_BYTES) : reader.full(path, size, out, k * KEY_BYTES)) ? 1 : 0;
      onDone?.(k + 1);
    }
  };
  let from = 0;
  if (mode.cold === null && jobs.count > PROBE_FILES) {
    const before = voluntarySwitches();
    readSync(0, PROBE_FILES);
    mode.cold = voluntarySwitches() - before >= PROBE_FILES / 4;
    from = PROBE_FILES;
  }
  if (mode.cold !== true) return readSync(from, jobs.count);
  await readKeysInFlight(pass, jobs, out, ok, await hashers(), { ...options, from });
}

/**
 * This thread's voluntary context switches so far: Linux counts them per thread in
 * /proc/thread-self/status. Elsewhere the process's count (getrusage, through
 * process.resourceUsage), which other threads' sleeps also raise.
 */
export function voluntarySwitches(): number {
  try {
    const status = nodeFs.readFileSync("/proc/thread-self/status", "latin1");
    const count = /^voluntary_ctxt_switches:\s*(\d+)/m.exec(status)?.[1];
    if (count !== undefined) return Number(count);
  } catch {
    // No /proc here: the process's count below.
  }
  return process.resourceUsage().voluntaryContextSwitches;
}

/** Hashers for a pass: one for the first pass, one per file in flight for the full pass (each streams its own file). */
export async function hashersFor(pass: 0 | 1, first: IHasher, more: IHasher[], create: () => Promise<IHasher>): Promise<IHasher[]> {
  if (pass === 0) return [first];
  while (more.length < FILES_IN_FLIGHT[1]) more.push(await create());
  return more;
}

/** One pass's files: path (absolute) and size of file k. */
export interface KeyJobs {
  count: number;
  path(k: number): string;
  size(k: number): number;
}

/**
 * Keys of `jobs` (from job `from` on) for one pass, up to FILES_IN_FLIGHT[pass] files read at once through libuv's
 * thread pool (each read a callback: no promise per call). The same ranges and the
 * same checks as KeyReader (key-ranges.ts): the first pass hashes the whole file up to 64 KiB,
 * else its first and last 4 KiB (both read at once); the full pass hashes every byte in order
 * and then wants EOF one byte past the size the walk saw. Key k goes to out[k*16…); ok[k] is 1
 * when it was read, 0 when the file could not be read or changed size. `hashers` holds at least
 * FILES_IN_FLIGHT[pass] hashers for the full pass (each file streams through its own); the
 * first pass hashes a file in one go when its reads are in, with hashers[0].
 */
export function readKeysInFlight(
  pass: 0 | 1,
  jobs: KeyJobs,
  out: Uint8Array,
  ok: Uint8Array,
  hashers: readonly IHasher[],
  options: { fs?: AsyncKeyFs; signal?: AbortSignal; onDone?: (done: number) => void; from?: number } = {},
): Promise<void> {
  const fs = options.fs ?? nodeFs;
  const { signal, onDone } = options;
  const from = options.from ?? 0;
  const slots = Math.min(FILES_IN_FLIGHT[pass], jobs.count - from);
  if (slots <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    let next = from;
    let done = from;
    let running = slots;
    let failed: unknown = null;

    const slotLoop = (slot: number, buffer: Buffer): void => {
      if (failed === null && signal?.aborted) failed = signal.reason ?? new Error("aborted");
      if (failed !== null || next >= jobs.count) {
        if (--running === 0) {
          if (failed !== null) reject(failed);
          else resolve();
        }
        return;
      }
      const k = next++;
      const finish = (read: boolean): void => {
        ok[k] = read ? 1 : 0;
        onDone?.(++done);
        slotLoop(slot, buffer);
      };
      const size = jobs.size(k);
      /** Hashes bytes into key k; a hasher that throws is a bug, not an unreadable file: the pass fails. */
      const hashed = (work: () => void): boolean => {
        try {
          work();
          return true;
        } catch (thrown) {
          failed ??= thrown;
          return false;
        }
      };
      // Open and close are synchronous: the walk's lstat brought the inode in, so they wait for
      // no device; only the reads go through the pool (one call per range: the fewest hand-offs).
      let fd: number;
      try {
        fd = fs.openSync(fsPath(jobs.path(k)), nodeFs.constants.O_RDONLY);
      } catch {
        return finish(false);
      }
      const closeThen = (read: boolean): void => {
        try {
          fs.closeSync(fd);
        } catch {
          // Nothing to undo: the key stands or fails on its reads.
        }
        finish(read);
      };
      if (pass === 1) {
        readWhole(fs, fd, buffer, size, hashed, hashers[slot] as IHasher, out, k * KEY_BYTES, closeThen);
      } else if (firstPassCoversWholeFile(size)) {
        readRange(fs, fd, buffer, 0, size, 0, (got) => {
          closeThen(got === size && hashed(() => hashInto(hashers[0] as IHasher, buffer.subarray(0, size), out, k * KEY_BYTES)));
        });
      } else {
        let waiting = 2;
        let good = true;
        const half = (got: number): void => {
          good &&= got === PARTIAL_BLOCK_BYTES;
          if (--waiting > 0) return;
          const both = buffer.subarray(0, 2 * PARTIAL_BLOCK_BYTES);
          closeThen(good && hashed(() => hashInto(hashers[0] as IHasher, both, out, k * KEY_BYTES)));
        };
        readRange(fs, fd, buffer, 0, PARTIAL_BLOCK_BYTES, 0, half);
        readRange(fs, fd, buffer, PARTIAL_BLOCK_BYTES, PARTIAL_BLOCK_BYTES, size - PARTIAL_BLOCK_BYTES, half);
      }
    };
    const bytes = pass === 0 ? WHOLE_FILE_FIRST_PASS_BYTES : HASH_CHUNK_BYTES;
    for (let slot = 0; slot < slots; slot++) slotLoop(slot, Buffer.allocUnsafe(bytes));
  });
}

function hashInto(hasher: IHasher, bytes: Uint8Array, out: Uint8Array, at: number): void {
  hasher.init();
  hasher.update(bytes);
  out.set(hasher.digest("binary"), at);
}

/** Reads `length` bytes at `position` into buffer[offset…], short only at EOF or on an error (then what was read: never `length`). */
function readRange(
  fs: AsyncKeyFs,
  fd: number,
  buffer: Buffer,
  offset: number,
  length: number,
  position: number,
  then: (got: number) => void,
  got = 0,
): void {
  if (got === length) return then(got);
  fs.read(fd, buffer, offset + got, length - got, position + got, (error, n) => {
    if (error) return then(-1);
    if (n === 0) return then(got);
    readRange(fs, fd, buffer, offset, length, position, then, got + n);
  });
}

/** Every byte in HASH_CHUNK_BYTES chunks, then EOF one byte past `size` (else the file grew since the walk). */
function readWhole(
  fs: AsyncKeyFs,
  fd: number,
  buffer: Buffer,
  size: number,
  hashed: (work: () => void) => boolean,
  hasher: IHasher,
  out: Uint8Array,
  at: number,
  then: (read: boolean) => void,
): void {
  const chunk = (position: number): void => {
    if (position >= size) {
      readRange(fs, fd, buffer, 0, 1, size, (got) => then(got === 0 && hashed(() => out.set(hasher.digest("binary"), at))));
      return;
    }
    const length = Math.min(buffer.length, size - position);
    readRange(fs, fd, buffer, 0, length, position, (got) => {
      if (got !== length || !hashed(() => hasher.update(got === buffer.length ? buffer : buffer.subarray(0, got)))) return then(false);
      chunk(position + got);
    });
  };
  if (hashed(() => hasher.init())) chunk(0);
  else then(false);
}
