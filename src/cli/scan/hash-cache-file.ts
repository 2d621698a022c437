import * as fs from "node:fs";
import { join } from "node:path";
import { PARTIAL_BLOCK_BYTES, WHOLE_FILE_FIRST_PASS_BYTES } from "../../scan/content-hasher";
import { defaultCacheDir } from "../cache-dir";
import type { SideWork } from "./hash-pass";
import { KEY_BYTES } from "./key-reader";

/**
 * The CLI's hash cache: one binary file per scanned folder in the user's cache directory,
 * so a rescan of an unchanged tree reads no file content. Columns, not records: one read,
 * one string split, and lookups in the order the last scan saved them (no Map of paths).
 * Every file of the scan is saved, in the walk's order (file index order), with the keys it
 * has (none for most files of a unique size): the walk's columns and names then go into the
 * file whole, and an unchanged tree's entries line up with its files index for index. Saving
 * only the files with a key took 44–57 ms of a first scan of 100,000 files (loops over 86,582
 * of them to pick, gather and copy, run once and mostly before V8 optimised them); whole,
 * 23–27 (decision 016, session 13).
 *
 * Layout (little-endian), version 2: a 32-byte header (magic "CSHC", format version, entry
 * count, bytes of the text block, the two first-pass sizes the keys were made with — other
 * sizes make other keys, so a mismatch discards the file — and the folder count), then 32
 * bytes of keys per entry (two xxHash128; first so that they stay 16-byte aligned: they are
 * copied as four 32-bit words), float64 columns of size, mtime, ctime and inode, an int32
 * folder index per entry, a flags byte per entry (1 first key, 2 full key), and the text:
 * the root, the folders, then the entries' names, UTF-8, "\0"-separated. Folder and name,
 * not a path per entry: the walk already holds both as strings, so writing builds no path
 * and a lookup compares a name and (once per folder) a folder.
 */
const MAGIC = 0x43485343; // "CSHC" read as a little-endian u32
export const HASH_CACHE_VERSION = 2;
const HEADER_BYTES = 32;
/** Entries per folder's cache: beyond this a scan keeps the first ones (a miss costs a read, never a wrong answer). */
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

/** What the cache needs of a scan's files: folder, name and stamp per file index (the walk's FileTable). */
export interface StampedFiles {
  readonly fileCount: number;
  path(i: number): string;
  /** Folder paths relative to the root ("" the root itself), each once. */
  readonly dirPaths: readonly string[];
  /** Folder index of each file. */
  readonly fileDir: Int32Array;
  readonly names: readonly string[];
  readonly size: Float64Array;
  readonly mtime: Float64Array;
  readonly ctime: Float64Array;
  readonly ino: Float64Array;
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
  /** Lookups answered and not; `byPath`: files found only through the Map of paths (out of the saved order). */
  readonly stats: { hits: number; misses: number; byPath: number };
  /**
   * Copies file i's remembered key of `pass` into out[at…at+16) when its path and stamp
   * (size, mtime, ctime, inode) are those the key was made for; false otherwise (a miss).
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
   * other files still work, through a Map of paths built once.
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
  dirs: string[];
  names: string[];
  /** Built only when a lookup strays from the saved order (see `find`). */
  index: Map<string, number> | null;
  /** Two keys per entry as 32-bit words (8 words an entry). */
  keys: Int32Array;
  size: Float64Array;
  mtime: Float64Array;
  ctime: Float64Array;
  ino: Float64Array;
  dir: Int32Array;
  flags: Uint8Array;
}

/** Words of one key. */
const KEY_WORDS = KEY_BYTES / 4;

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
  const stats = { hits: 0, misses: 0, byPath: 0 };
  /** Per loaded folder: the scan's folder of the same path; -1 not known yet (folders are compared once each). */
  const dirOf = new Int32Array(loaded?.dirs.length ?? 0).fill(-1);

  const sameDir = (l: Loaded, loadedDir: number, d: number): boolean => {
    const known = dirOf[loadedDir] ?? -1;
    if (known >= 0) return known === d;
    if (l.dirs[loadedDir] !== files.dirPaths[d]) return false;
    dirOf[loadedDir] = d; // paths are unique on both sides: this pairing holds for the whole scan
    return true;
  };

  /**
   * Where a file is in the loaded cache. Files are matched in the order the last scan saved
   * (the walk's, see matchAll), every file of it: file i is first looked for where the last
   * match puts it (as many entries on as files), then among the next 16 entries, so almost
   * all are found without a Map of 100,000 paths; anything else falls back to one, built once.
   */
  let lastFile = 0;
  let lastEntry = 0;
  const holds = (l: Loaded, k: number, name: string | undefined, d: number): boolean =>
    k >= 0 && k < l.names.length && l.names[k] === name && sameDir(l, l.dir[k] ?? 0, d);
  const found = (i: number, k: number): number => {
    lastFile = i;
    lastEntry = k;
    return k;
  };
  const find = (l: Loaded, i: number): number | undefined => {
    const name = files.names[i];
    const d = files.fileDir[i] ?? -1;
    const guess = lastEntry + (i - lastFile);
    if (holds(l, guess, name, d)) return found(i, guess);
    for (let k = lastEntry + 1, end = Math.min(l.names.length, lastEntry + 17); k < end; k++) {
      if (holds(l, k, name, d)) return found(i, k);
    }
    l.index ??= new Map(l.names.map((entryName, k) => [joinPath(l.dirs[l.dir[k] ?? 0] ?? "", entryName), k]));
    const k = l.index.get(files.path(i));
    if (k === undefined) return undefined;
    stats.byPath++;
    return found(i, k);
  };
  const entryOf = (i: number): number => {
    const known = match[i] ?? -2;
    if (known !== -1 || !loaded) return known;
    const k = find(loaded, i);
    const same =
      k !== undefined &&
      loaded.size[k] === files.size[i] &&
      loaded.mtime[k] === files.mtime[i] &&
      loaded.ctime[k] === files.ctime[i] &&
      loaded.ino[k] === files.ino[i];
    match[i] = same ? k : -2;
    if (!same) return -2;
    if (loaded.flags[k] !== 0) matchedKeyed++;
    return k;
  };
  /** Made by prepareSave, or by save. */
  let writer: CacheWriter | null = null;
  const newWriter = (): CacheWriter =>
    new CacheWriter(file, root, files, Math.min(n, MAX_CACHE_ENTRIES), match, loaded, computedIn[0], cutoff);
  /** A 32-bit view of the last `out` (keysOf hands the same buffer for a whole pass); null when unaligned. */
  let outBytes: Uint8Array | null = null;
  let outWords: Int32Array | null = null;

  return {
    stats,
    get loaded() {
      return loaded ? keyed() : 0;
    },
    lookup(i, pass, out, at) {
      const k = entryOf(i);
      if (k < 0 || !loaded || ((loaded.flags[k] ?? 0) & (pass + 1)) === 0) {
        stats.misses++;
        return false;
      }
      const from = (k * 2 + pass) * KEY_WORDS;
      if (out !== outBytes) {
        outBytes = out;
        outWords = out.byteOffset % 4 === 0 ? new Int32Array(out.buffer, out.byteOffset, out.byteLength >>> 2) : null;
      }
      if (outWords && at % 4 === 0) {
        const to = at >>> 2;
        const keys = loaded.keys;
        outWords[to] = keys[from] as number;
        outWords[to + 1] = keys[from + 1] as number;
        outWords[to + 2] = keys[from + 2] as number;
        outWords[to + 3] = keys[from + 3] as number;
      } else {
        out.set(new Uint8Array(loaded.keys.buffer, loaded.keys.byteOffset + from * 4, KEY_BYTES), at);
      }
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

const joinPath = (dir: string, name: string): string => (dir === "" ? name : `${dir}/${name}`);

/** Byte offsets of the sections after the header, for n entries. */
function sections(n: number): { size: number; dir: number; flags: number; text: number } {
  const size = HEADER_BYTES + 2 * KEY_BYTES * n;
  const dir = size + 4 * 8 * n;
  const flags = dir + 4 * n;
  return { size, dir, flags, text: flags + n };
}

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
  const n = buffer.readUInt32LE(8);
  const textBytes = buffer.readUInt32LE(12);
  const dirCount = buffer.readUInt32LE(24);
  const at = sections(n);
  if (at.text + textBytes !== buffer.byteLength) return null;
  // Typed views need an 8-byte aligned start; copy in the rare case the read is not.
  const aligned = buffer.byteOffset % 8 === 0 ? buffer : Buffer.from(buffer);
  const base = aligned.byteOffset;
  const column = (k: number) => new Float64Array(aligned.buffer, base + at.size + k * 8 * n, n);
  const text = aligned.toString("utf8", at.text, at.text + textBytes).split("\0");
  if (text.length !== 1 + dirCount + n || text[0] !== root) return null;
  const dir = new Int32Array(aligned.buffer, base + at.dir, n);
  for (let k = 0; k < n; k++) if (!((dir[k] as number) >= 0 && (dir[k] as number) < dirCount)) return null;
  return {
    dirs: text.slice(1, 1 + dirCount),
    names: text.slice(1 + dirCount),
    index: null,
    keys: new Int32Array(aligned.buffer, base + HEADER_BYTES, n * 2 * KEY_WORDS),
    size: column(0),
    mtime: column(1),
    ctime: column(2),
    ino: column(3),
    dir,
    flags: new Uint8Array(aligned.buffer, base + at.flags, n),
  };
}

interface ComputedKeys {
  pass: KeyPass;
  files: ArrayLike<number>;
  keys: Uint8Array;
  computed: Uint8Array;
}

/** Loaded entries that hold a key. */
function keyedEntries(loaded: Loaded): number {
  let keyed = 0;
  for (let k = 0; k < loaded.flags.length; k++) if (loaded.flags[k] !== 0) keyed++;
  return keyed;
}

/** A pass's keys as 32-bit words (keysOf's buffers are allocated whole: offset 0, a multiple of 16 long; anything else is copied once). */
function wordsOf(keys: Uint8Array): Int32Array {
  const aligned = keys.byteOffset % 4 === 0 ? keys : Uint8Array.from(keys);
  return new Int32Array(aligned.buffer, aligned.byteOffset, aligned.byteLength >>> 2);
}

/** Pass slots placed per step of a CacheWriter (well under a millisecond unoptimised). */
const SLOTS_PER_STEP = 4096;

/**
 * The next cache: the first `count` files of this scan in walk order, each with the keys still
 * valid — computed now, else loaded. Folders, names, folder indexes and stamps go in whole;
 * only keys are placed one by one, from each pass's slots (one loop per pass at the end, not a
 * call and a copy per key while the pass waits). A file whose stamp is within the racy window
 * keeps no key computed now: a second write in the same clock tick could hide behind it.
 *
 * Made in steps (SideWork): everything but the full pass's keys can be made while the workers
 * read the full pass (findGroups), and `finish` does the rest.
 */
class CacheWriter implements SideWork {
  private out: Buffer | null = null;
  private flags: Uint8Array = new Uint8Array(0);
  private keys: Int32Array = new Int32Array(0);
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
    const { loaded, count, match, flags } = this;
    // Keys loaded and still good (the stamp matched) where none was computed now.
    if (loaded) {
      for (let i = 0; i < count; i++) {
        const k = match[i] as number;
        if (k < 0) continue;
        const bits = (loaded.flags[k] as number) & ~(flags[i] as number);
        if (bits === 0) continue;
        for (let pass = 0; pass < 2; pass++)
          if ((bits & (pass + 1)) !== 0) this.copy(loaded.keys, (k * 2 + pass) * KEY_WORDS, (i * 2 + pass) * KEY_WORDS);
        flags[i] = (flags[i] as number) | bits;
      }
    }
    fs.mkdirSync(join(this.file, ".."), { recursive: true, mode: 0o700 });
    const temp = `${this.file}.${process.pid}.tmp`;
    fs.writeFileSync(temp, this.out as Buffer, { mode: 0o600 });
    fs.renameSync(temp, this.file); // readers see the old file or the new one, never half of one
    return true;
  }

  /** The file's buffer: header, stamps, folder indexes and text, the keys and flags still empty. */
  private layOut(): void {
    const { files, count, root } = this;
    const parts = [root];
    if (files.dirPaths.length > 0) parts.push(files.dirPaths.join("\0"));
    if (count > 0) parts.push((count === files.fileCount ? files.names : files.names.slice(0, count)).join("\0"));
    const text = parts.join("\0");
    const textBytes = Buffer.byteLength(text, "utf8");
    const at = sections(count);
    const out = Buffer.alloc(at.text + textBytes);
    out.writeUInt32LE(MAGIC, 0);
    out.writeUInt32LE(HASH_CACHE_VERSION, 4);
    out.writeUInt32LE(count, 8);
    out.writeUInt32LE(textBytes, 12);
    out.writeUInt32LE(WHOLE_FILE_FIRST_PASS_BYTES, 16);
    out.writeUInt32LE(PARTIAL_BLOCK_BYTES, 20);
    out.writeUInt32LE(files.dirPaths.length, 24);
    const columns = new Float64Array(out.buffer, out.byteOffset + at.size, 4 * count);
    columns.set(files.size.subarray(0, count), 0);
    columns.set(files.mtime.subarray(0, count), count);
    columns.set(files.ctime.subarray(0, count), 2 * count);
    columns.set(files.ino.subarray(0, count), 3 * count);
    new Int32Array(out.buffer, out.byteOffset + at.dir, count).set(files.fileDir.subarray(0, count));
    out.write(text, at.text, "utf8");
    this.flags = new Uint8Array(out.buffer, out.byteOffset + at.flags, count);
    this.keys = new Int32Array(out.buffer, out.byteOffset + HEADER_BYTES, count * 2 * KEY_WORDS);
    this.out = out;
  }

  /** Places up to `most` more slots of a pass's computed keys at their files' places (the stamps checked only if one is recent). */
  private place(given: ComputedKeys, most: number): void {
    if (this.placing !== given) {
      this.placing = given;
      this.next = 0;
    }
    const { pass, files: passFiles, computed } = given;
    const words = wordsOf(given.keys);
    const bit = pass + 1;
    const { ctime, mtime } = this.files;
    const { count, cutoff, racy, flags } = this;
    const end = Math.min(passFiles.length, this.next + most);
    for (let k = this.next; k < end; k++) {
      const i = passFiles[k] as number;
      if (computed[k] !== 1 || i >= count) continue;
      if (racy && ((ctime[i] ?? Infinity) > cutoff || (mtime[i] ?? Infinity) > cutoff)) continue;
      if (flags[i] === 0) this.fresh++;
      flags[i] = (flags[i] as number) | bit;
      this.copy(words, k * KEY_WORDS, (i * 2 + pass) * KEY_WORDS);
    }
    this.next = end;
    if (end === passFiles.length) this.placed[pass] = true;
  }

  private copy(source: Int32Array, from: number, to: number): void {
    const { keys } = this;
    keys[to] = source[from] as number;
    keys[to + 1] = source[from + 1] as number;
    keys[to + 2] = source[from + 2] as number;
    keys[to + 3] = source[from + 3] as number;
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
