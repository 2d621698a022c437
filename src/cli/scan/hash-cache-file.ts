import * as fs from "node:fs";
import { join } from "node:path";
import { PARTIAL_BLOCK_BYTES, WHOLE_FILE_FIRST_PASS_BYTES } from "../../scan/core/key-ranges";
import { defaultCacheDir } from "../cache-dir";
import type { SideWork } from "./hash-pass";
import { KEY_BYTES } from "./key-reader";

/**
 * The CLI's hash cache: one binary file per scanned folder in the user's cache directory, so
 * a rescan of an unchanged tree reads no file content. A file is known by its identity and
 * stamp, as fclones keys its cache: device, inode, size, modification time and status-change
 * time. Any write moves the ctime, a rename or a replacement moves it or the inode, so a key
 * is reused only for the very file it was made from, whatever its name. No path is stored.
 *
 * Layout (little-endian; docs/cli.md describes it for a reader), version 3:
 * - a 32-byte header: magic "CSHC", format version, record count, bytes of the root's path,
 *   the two first-pass sizes the keys were made with (other sizes make other keys, so a
 *   mismatch discards the file), the bytes of one record (80), and 4 bytes of zeros;
 * - the scanned root's absolute path, UTF-8, padded with zeros to a multiple of 8 bytes
 *   (the file belongs to that root alone);
 * - one 80-byte record per file of the last scan, in the walk's order: float64 device,
 *   inode, size, mtime (ms), ctime (ms); a flags byte (1 first key, 2 full key) and 7 zero
 *   bytes; the first key (16 bytes, xxHash128) and the full key (16 bytes), zeros when absent.
 * Every file of the scan is saved, with the keys it has (none for most files of a unique
 * size), so an unchanged tree's records line up with its files index for index.
 */
const MAGIC = 0x43485343; // "CSHC" read as a little-endian u32
export const HASH_CACHE_VERSION = 3;
const HEADER_BYTES = 32;
/** Bytes of one record, and where its fields sit in it. */
const RECORD_BYTES = 80;
const RECORD_FLOATS = RECORD_BYTES / 8;
const R_DEV = 0;
const R_INO = 1;
const R_SIZE = 2;
const R_MTIME = 3;
const R_CTIME = 4;
const R_FLAGS_BYTE = 40;
const R_KEYS_BYTE = 48;
/** Records per folder's cache: beyond this a scan keeps the first ones (a miss costs a read, never a wrong answer). */
export const MAX_CACHE_ENTRIES = 1_000_000;
/** Cache files kept: the least recently written go first. */
export const MAX_CACHE_FILES = 16;
/**
 * A file changed less than this long before the scan is not remembered: filesystems stamp
 * times with a coarse clock, so a second write in the same tick as the first could leave
 * size, mtime and ctime unchanged (git's "racily clean" problem). Older stamps are safe.
 */
export const RACY_WINDOW_MS = 2_000;

/** The two passes a key belongs to: 0 first (first and last blocks, or the whole small file), 1 full. */
export type KeyPass = 0 | 1;

/** What the cache needs of a scan's files: identity and stamp per file index (the walk's FileTable). */
export interface StampedFiles {
  readonly fileCount: number;
  readonly dev: Float64Array;
  readonly ino: Float64Array;
  readonly size: Float64Array;
  readonly mtime: Float64Array;
  readonly ctime: Float64Array;
  /** The latest mtime or ctime of any file: when it is older than the racy window, no file is checked against it. */
  readonly newestStamp: number;
}

export interface NodeHashCacheOptions {
  /** Folder for the cache files; defaults to the user cache directory (see defaultCacheDir). */
  dir?: string;
  /** Files changed after `now - racyWindowMs` are not remembered. */
  racyWindowMs?: number;
  now?: number;
}

export interface NodeHashCache {
  /** Files loaded from disk with at least one key (the file also lists the last scan's other files). */
  readonly loaded: number;
  /** Lookups answered and not; `byId`: files found only through the Map of identities (out of the saved order). */
  readonly stats: { hits: number; misses: number; byId: number };
  /**
   * Copies file i's remembered key of `pass` into out[at…at+16) when its identity and stamp
   * (device, inode, size, mtime, ctime) are those the key was made for; false otherwise (a miss).
   */
  lookup(i: number, pass: KeyPass, out: Uint8Array, at: number): boolean;
  /**
   * Remembers keys just computed in one pass: keys[k*16…k*16+16) is file files[k]'s key where
   * computed[k] is 1 (not for a file changed within the racy window). Once per pass (a second
   * call replaces the first). The buffers are read when the cache is saved, not copied now: the
   * caller leaves them as they are until then.
   */
  rememberPass(pass: KeyPass, files: ArrayLike<number>, keys: Uint8Array, computed: Uint8Array): void;
  /**
   * Matches the files this scan will look up (in any order) against the loaded entries, in
   * walk order: the order they were saved in, so each is found next to the last. Lookups of
   * other files still work, through a Map of identities built once.
   */
  matchAll(files: ArrayLike<number>): void;
  /** Writes the cache for the next scan, in walk order; never throws (an unsaved cache is a miss next time). */
  save(): void;
  /**
   * The part of `save` that needs no full-pass key (the file laid out, the first pass's keys
   * placed), as side work for the main thread while the workers read the full pass (hash-pass.ts);
   * null when this scan computed no first key. `save` does whatever of it is left.
   */
  prepareSave(): SideWork | null;
}

interface Loaded {
  count: number;
  /** The whole file; records start at `records`. */
  bytes: Uint8Array;
  records: number;
  /** The records as float64s (RECORD_FLOATS per record, from `records`). */
  floats: Float64Array;
  /** "dev:ino" → record: built only when a lookup strays from the saved order (see `find`). */
  index: Map<string, number> | null;
}

/** FNV-1a over the root's UTF-16 code units, twice with different seeds: a file name, not a security boundary (the root is checked inside). */
function rootTag(root: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < root.length; i++) {
    const c = root.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995) ^ (b >>> 13);
  }
  return (a >>> 0).toString(16).padStart(8, "0") + (b >>> 0).toString(16).padStart(8, "0");
}

export function cacheFileFor(dir: string, root: string, version: number = HASH_CACHE_VERSION): string {
  return join(dir, `scan-hashes-v${version}-${rootTag(root)}.bin`);
}

/**
 * Opens (or starts) the cache of one scanned root for the files of this scan. A missing,
 * foreign or damaged file is an empty cache. Per file index it keeps which loaded entry
 * matched (so the next file holds it again) and the keys computed now.
 */
export function openNodeHashCache(root: string, files: StampedFiles, options: NodeHashCacheOptions = {}): NodeHashCache {
  const dir = options.dir ?? defaultCacheDir();
  const file = cacheFileFor(dir, root);
  const cutoff = (options.now ?? Date.now()) - (options.racyWindowMs ?? RACY_WINDOW_MS);
  const loaded = load(file, root);
  const n = files.fileCount;
  /** Per file: the loaded entry its stamp matched; -1 not looked up yet, -2 no match. */
  const match = new Int32Array(n).fill(-1);
  /** Per pass, the keys computed this scan (rememberPass), read when saving. */
  const computedIn: (ComputedKeys | undefined)[] = [undefined, undefined];
  /** Files whose stamp matched a loaded entry that holds a key. */
  let matchedKeyed = 0;
  let keyedLoaded = -1;
  const keyed = (): number => {
    if (keyedLoaded < 0) keyedLoaded = loaded ? keyedEntries(loaded) : 0;
    return keyedLoaded;
  };
  const stats = { hits: 0, misses: 0, byId: 0 };

  /**
   * Which loaded record holds file i's identity. Files are matched in the order the last scan
   * saved (the walk's, see matchAll), every file of it: file i is first looked for where the
   * last match puts it (as many records on as files), then among the next 16 records, so
   * almost all are found without a Map of every identity; anything else falls back to one,
   * built once.
   */
  let lastFile = 0;
  let lastEntry = 0;
  const holds = (l: Loaded, k: number, i: number): boolean =>
    k >= 0 && k < l.count && l.floats[k * RECORD_FLOATS + R_INO] === files.ino[i] && l.floats[k * RECORD_FLOATS + R_DEV] === files.dev[i];
  const found = (i: number, k: number): number => {
    lastFile = i;
    lastEntry = k;
    return k;
  };
  const find = (l: Loaded, i: number): number | undefined => {
    const guess = lastEntry + (i - lastFile);
    if (holds(l, guess, i)) return found(i, guess);
    for (let k = lastEntry + 1, end = Math.min(l.count, lastEntry + 17); k < end; k++) {
      if (holds(l, k, i)) return found(i, k);
    }
    if (!l.index) {
      l.index = new Map();
      for (let k = 0; k < l.count; k++) {
        const id = `${l.floats[k * RECORD_FLOATS + R_DEV]}:${l.floats[k * RECORD_FLOATS + R_INO]}`;
        if (!l.index.has(id)) l.index.set(id, k);
      }
    }
    const k = l.index.get(`${files.dev[i]}:${files.ino[i]}`);
    if (k === undefined) return undefined;
    stats.byId++;
    return found(i, k);
  };
  const entryOf = (i: number): number => {
    const known = match[i] ?? -2;
    if (known !== -1 || !loaded) return known;
    const k = find(loaded, i);
    const at = (k ?? 0) * RECORD_FLOATS;
    const same =
      k !== undefined &&
      loaded.floats[at + R_SIZE] === files.size[i] &&
      loaded.floats[at + R_MTIME] === files.mtime[i] &&
      loaded.floats[at + R_CTIME] === files.ctime[i];
    match[i] = same ? k : -2;
    if (!same) return -2;
    if (flagsOf(loaded, k) !== 0) matchedKeyed++;
    return k;
  };
  /** Made by prepareSave, or by save. */
  let writer: CacheWriter | null = null;
  const newWriter = (): CacheWriter =>
    new CacheWriter(file, root, files, Math.min(n, MAX_CACHE_ENTRIES), match, loaded, computedIn[0], cutoff);
  return {
    stats,
    get loaded() {
      return loaded ? keyed() : 0;
    },
    lookup(i, pass, out, at) {
      const k = entryOf(i);
      if (k < 0 || !loaded || (flagsOf(loaded, k) & (pass + 1)) === 0) {
        stats.misses++;
        return false;
      }
      const from = keyAt(loaded, k, pass);
      out.set(loaded.bytes.subarray(from, from + KEY_BYTES), at);
      stats.hits++;
      return true;
    },
    rememberPass(pass, passFiles, keys, computed) {
      computedIn[pass] = { pass, files: passFiles, keys, computed };
    },
    matchAll(lookedUp) {
      if (!loaded) return;
      const wanted = new Uint8Array(n);
      for (let j = 0; j < lookedUp.length; j++) wanted[lookedUp[j] as number] = 1;
      for (let i = 0; i < n; i++) if (wanted[i] === 1) entryOf(i);
    },
    prepareSave() {
      // Worth it when this scan will write: it computed first keys (a tree it knows whole writes nothing).
      if (writer || !computedIn[0]?.computed.includes(1)) return writer;
      writer = newWriter();
      return writer;
    },
    save() {
      // Every remembered key still good and no key computed (an unchanged tree): the file stays as it is.
      const unchanged = !loaded || matchedKeyed === keyed();
      if (unchanged && !computedIn.some((given) => given?.computed.includes(1))) return;
      try {
        writer ??= newWriter();
        if (!writer.finish(computedIn, unchanged)) return;
        // This root's files of older formats can never be read again.
        for (let version = 1; version < HASH_CACHE_VERSION; version++) fs.rmSync(cacheFileFor(dir, root, version), { force: true });
        prune(dir, file);
      } catch {
        // Read-only home, full disk: the next scan reads the files again, that is all.
      }
    },
  };
}

/** Bytes of the header and the root's path, where the records start. */
const recordsStart = (rootBytes: number): number => HEADER_BYTES + Math.ceil(rootBytes / 8) * 8;
/** Byte offset of record k's flags, and of its key of `pass`, in a loaded file. */
const flagsOf = (l: Loaded, k: number): number => l.bytes[l.records + k * RECORD_BYTES + R_FLAGS_BYTE] as number;
const keyAt = (l: Loaded, k: number, pass: KeyPass): number => l.records + k * RECORD_BYTES + R_KEYS_BYTE + pass * KEY_BYTES;

/**
 * How many files the cache of this root remembers, from its header alone (one 32-byte read):
 * null when there is no cache file of this format. Tells a scan how large the tree was last
 * time before it walks it.
 */
export function rememberedFiles(dir: string, root: string): number | null {
  let fd: number;
  try {
    fd = fs.openSync(cacheFileFor(dir, root), "r");
  } catch {
    return null;
  }
  try {
    const header = Buffer.alloc(HEADER_BYTES);
    if (fs.readSync(fd, header, 0, HEADER_BYTES, 0) !== HEADER_BYTES) return null;
    if (header.readUInt32LE(0) !== MAGIC || header.readUInt32LE(4) !== HASH_CACHE_VERSION) return null;
    return header.readUInt32LE(8);
  } catch {
    return null;
  } finally {
    fs.closeSync(fd);
  }
}

function load(file: string, root: string): Loaded | null {
  let buffer: Buffer;
  try {
    buffer = fs.readFileSync(file);
  } catch {
    return null;
  }
  if (buffer.byteLength < HEADER_BYTES || buffer.readUInt32LE(0) !== MAGIC || buffer.readUInt32LE(4) !== HASH_CACHE_VERSION) return null;
  if (buffer.readUInt32LE(16) !== WHOLE_FILE_FIRST_PASS_BYTES || buffer.readUInt32LE(20) !== PARTIAL_BLOCK_BYTES) return null;
  if (buffer.readUInt32LE(24) !== RECORD_BYTES) return null;
  const count = buffer.readUInt32LE(8);
  const rootBytes = buffer.readUInt32LE(12);
  const records = recordsStart(rootBytes);
  if (records + count * RECORD_BYTES !== buffer.byteLength) return null;
  if (buffer.toString("utf8", HEADER_BYTES, HEADER_BYTES + rootBytes) !== root) return null;
  // A Float64Array needs an 8-byte aligned start; copy in the rare case the read is not.
  const aligned = buffer.byteOffset % 8 === 0 ? buffer : Buffer.from(buffer);
  return {
    count,
    bytes: aligned,
    records,
    floats: new Float64Array(aligned.buffer, aligned.byteOffset + records, count * RECORD_FLOATS),
    index: null,
  };
}

interface ComputedKeys {
  pass: KeyPass;
  files: ArrayLike<number>;
  keys: Uint8Array;
  computed: Uint8Array;
}

/** Loaded records that hold a key. */
function keyedEntries(loaded: Loaded): number {
  let keyed = 0;
  for (let k = 0; k < loaded.count; k++) if (flagsOf(loaded, k) !== 0) keyed++;
  return keyed;
}

/** Pass slots placed per step of a CacheWriter (well under a millisecond unoptimised). */
const SLOTS_PER_STEP = 4096;

/**
 * The next cache: the first `count` files of this scan in walk order, each with the keys still
 * valid — computed now, else loaded. Identities and stamps go in first; keys are placed one by
 * one, from each pass's slots (one loop per pass at the end, not a call and a copy per key
 * while the pass waits). A file whose stamp is within the racy window keeps no key computed
 * now: a second write in the same clock tick could hide behind it.
 *
 * Made in steps (SideWork): everything but the full pass's keys can be made while the workers
 * read the full pass (findGroups), and `finish` does the rest.
 */
class CacheWriter implements SideWork {
  private out: Buffer | null = null;
  /** Byte offset of the first record in `out`. */
  private records = 0;
  /** Passes whose keys are placed; the pass being placed and the next slot of it. */
  private readonly placed: boolean[] = [false, false];
  private placing: ComputedKeys | null = null;
  private next = 0;
  private readonly racy: boolean;
  /** Files with a key computed now (kept), so far. */
  private fresh = 0;
  /** A step failed (run as side work, it must not fail the scan): nothing is written. */
  private failed = false;

  constructor(
    private readonly file: string,
    private readonly root: string,
    private readonly files: StampedFiles,
    private readonly count: number,
    private readonly match: Int32Array,
    private readonly loaded: Loaded | null,
    /** The first pass's keys, placed as side work; the full pass's come to `finish`. */
    private readonly first: ComputedKeys | undefined,
    private readonly cutoff: number,
  ) {
    this.racy = files.newestStamp > cutoff;
  }

  get done(): boolean {
    return this.failed || (this.out !== null && (this.first === undefined || this.placed[0] === true));
  }

  step(): boolean {
    try {
      if (this.out === null) this.layOut();
      else if (this.first && !this.placed[0]) this.place(this.first, SLOTS_PER_STEP);
    } catch {
      this.failed = true;
    }
    return !this.done;
  }

  /** Writes the file with every pass's keys (`passes`); false, and nothing written, when no key computed now is kept and the tree is `unchanged`. */
  finish(passes: readonly (ComputedKeys | undefined)[], unchanged: boolean): boolean {
    while (this.step());
    if (this.failed) return false;
    for (const given of passes) if (given && !this.placed[given.pass]) this.place(given, Infinity);
    if (this.fresh === 0 && unchanged) return false;
    const { loaded, count, match } = this;
    const out = this.out as Buffer;
    // Keys loaded and still good (the identity and stamp matched) where none was computed now.
    if (loaded) {
      for (let i = 0; i < count; i++) {
        const k = match[i] as number;
        if (k < 0) continue;
        const flagsAt = this.records + i * RECORD_BYTES + R_FLAGS_BYTE;
        const bits = flagsOf(loaded, k) & ~(out[flagsAt] as number);
        if (bits === 0) continue;
        for (let pass = 0 as KeyPass; pass < 2; pass++) {
          if ((bits & (pass + 1)) === 0) continue;
          const from = keyAt(loaded, k, pass);
          out.set(loaded.bytes.subarray(from, from + KEY_BYTES), this.keyAt(i, pass));
        }
        out[flagsAt] = (out[flagsAt] as number) | bits;
      }
    }
    fs.mkdirSync(join(this.file, ".."), { recursive: true, mode: 0o700 });
    const temp = `${this.file}.${process.pid}.tmp`;
    fs.writeFileSync(temp, out, { mode: 0o600 });
    fs.renameSync(temp, this.file); // readers see the old file or the new one, never half of one
    return true;
  }

  private keyAt(i: number, pass: KeyPass): number {
    return this.records + i * RECORD_BYTES + R_KEYS_BYTE + pass * KEY_BYTES;
  }

  /** The file's buffer: header, root, and every record's identity and stamp, the keys and flags still empty. */
  private layOut(): void {
    const { files, count, root } = this;
    const rootBytes = Buffer.byteLength(root, "utf8");
    const records = recordsStart(rootBytes);
    const out = Buffer.alloc(records + count * RECORD_BYTES);
    out.writeUInt32LE(MAGIC, 0);
    out.writeUInt32LE(HASH_CACHE_VERSION, 4);
    out.writeUInt32LE(count, 8);
    out.writeUInt32LE(rootBytes, 12);
    out.writeUInt32LE(WHOLE_FILE_FIRST_PASS_BYTES, 16);
    out.writeUInt32LE(PARTIAL_BLOCK_BYTES, 20);
    out.writeUInt32LE(RECORD_BYTES, 24);
    out.write(root, HEADER_BYTES, "utf8");
    const floats = new Float64Array(out.buffer, out.byteOffset + records, count * RECORD_FLOATS);
    for (let i = 0; i < count; i++) {
      const at = i * RECORD_FLOATS;
      floats[at + R_DEV] = files.dev[i] as number;
      floats[at + R_INO] = files.ino[i] as number;
      floats[at + R_SIZE] = files.size[i] as number;
      floats[at + R_MTIME] = files.mtime[i] as number;
      floats[at + R_CTIME] = files.ctime[i] as number;
    }
    this.records = records;
    this.out = out;
  }

  /** Places up to `most` more slots of a pass's computed keys at their files' places (the stamps checked only if one is recent). */
  private place(given: ComputedKeys, most: number): void {
    if (this.placing !== given) {
      this.placing = given;
      this.next = 0;
    }
    const { pass, files: passFiles, computed, keys } = given;
    const bit = pass + 1;
    const { ctime, mtime } = this.files;
    const { count, cutoff, racy } = this;
    const out = this.out as Buffer;
    const end = Math.min(passFiles.length, this.next + most);
    for (let k = this.next; k < end; k++) {
      const i = passFiles[k] as number;
      if (computed[k] !== 1 || i >= count) continue;
      if (racy && ((ctime[i] ?? Infinity) > cutoff || (mtime[i] ?? Infinity) > cutoff)) continue;
      const flagsAt = this.records + i * RECORD_BYTES + R_FLAGS_BYTE;
      if (out[flagsAt] === 0) this.fresh++;
      out[flagsAt] = (out[flagsAt] as number) | bit;
      out.set(keys.subarray(k * KEY_BYTES, (k + 1) * KEY_BYTES), this.keyAt(i, pass));
    }
    this.next = end;
    if (end === passFiles.length) this.placed[pass] = true;
  }
}

/** Keeps the MAX_CACHE_FILES most recently written cache files. */
function prune(dir: string, keep: string): void {
  const files = fs
    .readdirSync(dir)
    .filter((name) => name.startsWith("scan-hashes-") && name.endsWith(".bin"))
    .map((path) => join(dir, path));
  if (files.length <= MAX_CACHE_FILES) return;
  const byAge = files.map((path) => ({ path, mtime: fs.statSync(path).mtimeMs })).sort((a, b) => b.mtime - a.mtime);
  for (const { path } of byAge.slice(MAX_CACHE_FILES)) if (path !== keep) fs.rmSync(path, { force: true });
}
