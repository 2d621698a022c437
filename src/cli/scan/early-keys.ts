import { WHOLE_FILE_FIRST_PASS_BYTES } from "../../scan/core/key-ranges";
import { NEWCOMER_ONLY, SizeBuckets, UNIQUE_SO_FAR } from "../../scan/core/size-buckets";
import { type Crew, DEAD, READY } from "./crew";
import type { FileTable } from "./file-table";
import { KEY_BYTES, copyKey } from "./key-reader";

/** A batch: at most this many files, or this many bytes to read (hash-pass.ts's first-pass batch). */
const BATCH_FILES = 128;
const BATCH_BYTES = 2 << 20;
/**
 * Four, not two: the walk hands out work every 128 files, and with two batches out the worker
 * still ran dry (slept 47–62% of some 50 ms spans of a 100,000-file walk, and each wake-up cost
 * the main thread a futex call); four gave 67–70k first keys during that walk against 62–64k.
 */
const BATCHES_IN_FLIGHT = 4;

/**
 * First-pass keys made during the walk: the main thread walks alone and hands a worker every
 * file as soon as its size is seen twice (the first of that size with it), so the worker reads
 * while the main thread lists. The walk is not shared between threads on a first scan: a fresh
 * worker's lstat runs in cold code, and a shared walk leaves every file still to read after it.
 * The walk calls `seen` every 128 files, within large folders too (Walker.during).
 *
 * Files are named by their index in the walk's table, which is the scan's (FolderQueue: no merge). At
 * most four batches are out at a time, so what is still queued when the walk ends goes to the
 * ordinary first pass (main thread and worker together) and `drain` waits for little.
 */
export class EarlyKeys {
  /** The walk's files by size, as the core's sieve takes them (SizeBuckets: made here rather than in a second look at every file after the walk). */
  private readonly buckets = new SizeBuckets();
  private readonly queue: number[] = [];
  private queued = 0;
  /** Batches sent, oldest first: the walk indexes each one asked for. */
  private readonly inflight: number[][] = [];
  private keys = new Uint8Array(0);
  /** Per walk index: 1 when its key is in `keys`. */
  private got = new Uint8Array(0);
  private sent = 0;
  /** Files of the walk's table taken by `seen` so far. */
  private seenUpTo = 0;
  /** Files keyed here. */
  count = 0;

  constructor(
    private readonly crew: Crew,
    private readonly worker: number,
    private readonly table: FileTable,
  ) {}

  /** Takes the files the walk added since the last call, and keeps the worker busy. */
  seen(): void {
    const { size } = this.table;
    const to = this.table.fileCount;
    for (let i = this.seenUpTo; i < to; i++) {
      const s = size[i] ?? 0;
      if (s === 0) continue; // never a duplicate
      const first = this.buckets.add(s, i);
      if (first === UNIQUE_SO_FAR) continue;
      if (first !== NEWCOMER_ONLY) this.queue.push(first);
      this.queue.push(i);
    }
    this.seenUpTo = to;
    this.pump();
  }

  /** Waits for the batches still out (at most four); the files never sent are left to the first pass. */
  drain(): void {
    for (;;) {
      const sequence = this.crew.sequence();
      this.receive();
      if (this.inflight.length === 0 || this.crew.flag(this.worker, DEAD) !== 0) return;
      this.crew.sleep(sequence);
    }
  }

  /**
   * The walk's files grouped by size as find-groups' groupBySize groups them (zero bytes left
   * out, groups in the order of their first file, files in walk order), or null unless every
   * one of the table's `files` was seen.
   */
  sizeGroups(files: number): number[][] | null {
    if (this.seenUpTo !== files) return null;
    return Array.from(this.buckets.collisions(), ([, indexes]) => indexes);
  }

  /** Copies walk file i's first-pass key into out[at…at+16); false when none was made for it. */
  key(i: number, out: Uint8Array, at: number): boolean {
    if (this.got[i] !== 1) return false;
    copyKey(this.keys, i * KEY_BYTES, out, at);
    return true;
  }

  private pump(): void {
    this.receive();
    const { crew, worker, queue, table } = this;
    if (crew.flag(worker, READY) !== 1 || crew.flag(worker, DEAD) !== 0) return;
    while (this.inflight.length < BATCHES_IN_FLIGHT && this.queued < queue.length) {
      const files: number[] = [];
      let bytes = 0;
      while (this.queued < queue.length && files.length < BATCH_FILES && bytes < BATCH_BYTES) {
        const i = queue[this.queued++] as number;
        files.push(i);
        bytes += Math.min(table.size[i] ?? 0, WHOLE_FILE_FIRST_PASS_BYTES);
      }
      const sizes = new Float64Array(files.length);
      const paths = new Array<string>(files.length);
      for (let j = 0; j < files.length; j++) {
        const i = files[j] as number;
        sizes[j] = table.size[i] ?? 0;
        paths[j] = table.path(i);
      }
      this.inflight.push(files);
      crew.send(worker, { kind: "hash", pass: 0, start: this.sent++, own: null, paths, sizes }, [sizes.buffer]);
    }
  }

  private receive(): void {
    for (let reply = this.crew.take(this.worker, "keys"); reply; reply = this.crew.take(this.worker, "keys")) {
      const files = this.inflight.shift();
      if (!files) continue;
      this.grow(this.table.fileCount);
      for (let j = 0; j < files.length; j++) {
        if (reply.ok[j] !== 1) continue; // unreadable here: the first pass tries again and counts it
        const i = files[j] as number;
        copyKey(reply.keys, j * KEY_BYTES, this.keys, i * KEY_BYTES);
        this.got[i] = 1;
        this.count++;
      }
    }
  }

  private grow(files: number): void {
    if (this.got.length >= files) return;
    const capacity = Math.max(files, this.got.length * 2, 1024);
    const keys = new Uint8Array(capacity * KEY_BYTES);
    keys.set(this.keys);
    const got = new Uint8Array(capacity);
    got.set(this.got);
    this.keys = keys;
    this.got = got;
  }
}
