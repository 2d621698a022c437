import * as fs from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { PARTIAL_BLOCK_BYTES, WHOLE_FILE_FIRST_PASS_BYTES } from "../../scan/content-hasher";
import { KEY_BYTES } from "./key-reader";

/**
 * The CLI's hash cache: one binary file per scanned folder in the user's cache directory,
 * so a rescan of an unchanged tree reads no file content. Columns, not records: one read,
 * one string split, and lookups in the order the last scan saved them (no Map of paths).
 *
 * Layout (little-endian): a 32-byte header (magic "CSHC", format version, entry count,
 * bytes of the path block, and the two first-pass sizes the keys were made with — other
 * sizes make other keys, so a mismatch discards the file), then float64 columns of size,
 * mtime, ctime and inode, a flags byte per entry (1 first key, 2 full key), 32 bytes of
 * keys per entry (two xxHash128), and the root and the paths, UTF-8, "\0"-separated.
 */
const MAGIC = 0x43485343; // "CSHC" read as a little-endian u32
export const HASH_CACHE_VERSION = 1;
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

/** What the cache needs of a scan's files: a path and a stamp per file index (the walk's FileTable). */
export interface StampedFiles {
  readonly fileCount: number;
  path(i: number): string;
  /** path(i) === path, without building the string. */
  hasPath(i: number, path: string): boolean;
  readonly size: Float64Array;
  readonly mtime: Float64Array;
  readonly ctime: Float64Array;
  readonly ino: Float64Array;
}

export interface NodeHashCacheOptions {
  /** Folder for the cache files; defaults to the user cache directory (see defaultCacheDir). */
  dir?: string;
  /** Files changed after `now - racyWindowMs` are not remembered. */
  racyWindowMs?: number;
  now?: number;
}

export interface NodeHashCache {
  /** Entries loaded from disk. */
  readonly loaded: number;
  readonly stats: { hits: number; misses: number };
  /**
   * Copies file i's remembered key of `pass` into out[at…at+16) when its path and stamp
   * (size, mtime, ctime, inode) are those the key was made for; false otherwise (a miss).
   */
  lookup(i: number, pass: KeyPass, out: Uint8Array, at: number): boolean;
  /** Remembers a key just computed for file i (not when the file changed within the racy window). */
  remember(i: number, pass: KeyPass, key: Uint8Array, at: number): void;
  /** Writes the cache for the next scan, files in `order`; never throws (an unsaved cache is a miss next time). */
  save(order: ArrayLike<number>): void;
}

interface Loaded {
  names: string[];
  /** Built only when a lookup strays from the saved order (see `find`). */
  index: Map<string, number> | null;
  size: Float64Array;
  mtime: Float64Array;
  ctime: Float64Array;
  ino: Float64Array;
  flags: Uint8Array;
  keys: Buffer;
}

/** The platform's per-user cache folder, or CLEANSPACE_CACHE_DIR. */
export function defaultCacheDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  if (env.CLEANSPACE_CACHE_DIR) return env.CLEANSPACE_CACHE_DIR;
  if (env.XDG_CACHE_HOME) return join(env.XDG_CACHE_HOME, "cleanspace");
  if (platform === "darwin") return join(homedir(), "Library", "Caches", "cleanspace");
  if (platform === "win32" && env.LOCALAPPDATA) return join(env.LOCALAPPDATA, "cleanspace", "Cache");
  return join(homedir(), ".cache", "cleanspace");
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

export function cacheFileFor(dir: string, root: string): string {
  return join(dir, `scan-hashes-v${HASH_CACHE_VERSION}-${rootTag(root)}.bin`);
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
  /** Per file: 1 first key, 2 full key, computed this scan; keys in `fresh`. */
  const freshFlags = new Uint8Array(n);
  let fresh: Buffer | null = null;
  let freshCount = 0;
  let matched = 0;
  const stats = { hits: 0, misses: 0 };

  /**
   * Where a path is in the loaded cache. Lookups come in the order the last scan saved (the
   * walk's order is canonical), so a cursor answers almost all of them without a Map of
   * 100,000 paths; anything else falls back to one, built once.
   */
  let cursor = 0;
  const find = (l: Loaded, i: number): number | undefined => {
    const names = l.names;
    for (let k = cursor, end = Math.min(names.length, cursor + 16); k < end; k++) {
      if (files.hasPath(i, names[k] as string)) {
        cursor = k + 1;
        return k;
      }
    }
    l.index ??= new Map(names.map((name, k) => [name, k]));
    const k = l.index.get(files.path(i));
    if (k !== undefined) cursor = k + 1;
    return k;
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
    matched++;
    return k;
  };

  return {
    stats,
    get loaded() {
      return loaded?.names.length ?? 0;
    },
    lookup(i, pass, out, at) {
      const k = entryOf(i);
      if (k < 0 || !loaded || ((loaded.flags[k] ?? 0) & (pass + 1)) === 0) {
        stats.misses++;
        return false;
      }
      const from = (k * 2 + pass) * KEY_BYTES;
      loaded.keys.copy(out, at, from, from + KEY_BYTES);
      stats.hits++;
      return true;
    },
    remember(i, pass, key, at) {
      // A stamp this recent could hide a second write in the same clock tick.
      if ((files.ctime[i] ?? Infinity) > cutoff || (files.mtime[i] ?? Infinity) > cutoff) return;
      fresh ??= Buffer.alloc(n * 2 * KEY_BYTES);
      fresh.set(key.subarray(at, at + KEY_BYTES), (i * 2 + pass) * KEY_BYTES);
      if (freshFlags[i] === 0) freshCount++;
      freshFlags[i] = (freshFlags[i] ?? 0) | (pass + 1);
    },
    save(order) {
      // An unchanged tree leaves the file as it is: nothing to write.
      if (freshCount === 0 && (!loaded || matched === loaded.names.length)) return;
      try {
        write(file, root, files, order, match, loaded, freshFlags, fresh);
        prune(dir, file);
      } catch {
        // Read-only home, full disk: the next scan reads the files again, that is all.
      }
    },
  };
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
  const pathBytes = buffer.readUInt32LE(12);
  const flagsAt = HEADER_BYTES + 4 * 8 * n;
  const keysAt = flagsAt + n;
  const pathsAt = keysAt + 2 * KEY_BYTES * n;
  if (pathsAt + pathBytes !== buffer.byteLength) return null;
  // Float64Array views need an 8-byte aligned start; copy in the rare case the read is not.
  const aligned = buffer.byteOffset % 8 === 0 ? buffer : Buffer.from(buffer);
  const column = (k: number) => new Float64Array(aligned.buffer, aligned.byteOffset + HEADER_BYTES + k * 8 * n, n);
  const names = aligned.toString("utf8", pathsAt, pathsAt + pathBytes).split("\0");
  if (names.length !== n + 1 || names[0] !== root) return null;
  return {
    names: names.slice(1),
    index: null,
    size: column(0),
    mtime: column(1),
    ctime: column(2),
    ino: column(3),
    flags: new Uint8Array(aligned.buffer, aligned.byteOffset + flagsAt, n),
    keys: aligned.subarray(keysAt, pathsAt),
  };
}

/** The next cache: every file of this scan (in `order`) with a key still valid, from the old file or computed now. */
function write(
  file: string,
  root: string,
  files: StampedFiles,
  order: ArrayLike<number>,
  match: Int32Array,
  loaded: Loaded | null,
  freshFlags: Uint8Array,
  fresh: Buffer | null,
): void {
  const parts = [root];
  const kept: number[] = [];
  for (let o = 0; o < order.length && kept.length < MAX_CACHE_ENTRIES; o++) {
    const i = order[o] as number;
    if ((freshFlags[i] ?? 0) === 0 && (match[i] ?? -1) < 0) continue;
    kept.push(i);
    parts.push(files.path(i));
  }
  const n = kept.length;
  const paths = Buffer.from(parts.join("\0"), "utf8");
  const flagsAt = HEADER_BYTES + 4 * 8 * n;
  const keysAt = flagsAt + n;
  const pathsAt = keysAt + 2 * KEY_BYTES * n;
  const out = Buffer.alloc(pathsAt + paths.byteLength);
  out.writeUInt32LE(MAGIC, 0);
  out.writeUInt32LE(HASH_CACHE_VERSION, 4);
  out.writeUInt32LE(n, 8);
  out.writeUInt32LE(paths.byteLength, 12);
  out.writeUInt32LE(WHOLE_FILE_FIRST_PASS_BYTES, 16);
  out.writeUInt32LE(PARTIAL_BLOCK_BYTES, 20);
  const columns = new Float64Array(out.buffer, out.byteOffset + HEADER_BYTES, 4 * n);
  for (let r = 0; r < n; r++) {
    const i = kept[r] as number;
    columns[r] = files.size[i] ?? 0;
    columns[n + r] = files.mtime[i] ?? 0;
    columns[2 * n + r] = files.ctime[i] ?? 0;
    columns[3 * n + r] = files.ino[i] ?? 0;
    const k = match[i] ?? -1;
    const freshBits = freshFlags[i] ?? 0;
    const loadedBits = loaded && k >= 0 ? (loaded.flags[k] ?? 0) : 0;
    // Per pass: the key computed now, else the one loaded.
    for (let pass = 0; pass < 2; pass++) {
      const bit = pass + 1;
      const to = keysAt + (r * 2 + pass) * KEY_BYTES;
      if (fresh && (freshBits & bit) !== 0) fresh.copy(out, to, (i * 2 + pass) * KEY_BYTES, (i * 2 + pass + 1) * KEY_BYTES);
      else if (loaded && (loadedBits & bit) !== 0) loaded.keys.copy(out, to, (k * 2 + pass) * KEY_BYTES, (k * 2 + pass + 1) * KEY_BYTES);
    }
    out[flagsAt + r] = freshBits | loadedBits;
  }
  paths.copy(out, pathsAt);
  fs.mkdirSync(join(file, ".."), { recursive: true, mode: 0o700 });
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, out, { mode: 0o600 });
  fs.renameSync(temp, file); // readers see the old file or the new one, never half of one
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
