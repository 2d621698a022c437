import * as fs from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import type { CacheStats, HashCache } from "../scan/cached-hasher";
import { PARTIAL_BLOCK_BYTES, WHOLE_FILE_FIRST_PASS_BYTES } from "../scan/content-hasher";
import type { ScanEntry } from "../scan/types";

/**
 * The CLI's hash cache: one binary file per scanned folder in the user's cache directory,
 * so a rescan of an unchanged tree reads no file content. Columns, not records: one read,
 * one string split and one Map build load 100,000 entries in a few tens of ms.
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
const KEY_BYTES = 16;
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

export interface NodeHashCacheOptions {
  /** Folder for the cache files; defaults to the user cache directory (see defaultCacheDir). */
  dir?: string;
  /** Files changed after `now - racyWindowMs` are not remembered. */
  racyWindowMs?: number;
  now?: number;
}

interface Loaded {
  names: string[];
  /** Built only when a lookup strays from the saved order (see `find`). */
  index: Map<string, number> | null;
  /** Entries with a full key, by path: few, so built at once for the full pass. */
  fullIndex: Map<string, number>;
  size: Float64Array;
  mtime: Float64Array;
  ctime: Float64Array;
  ino: Float64Array;
  flags: Uint8Array;
  keys: Buffer;
}

interface Fresh {
  size: number;
  mtime: number;
  ctime: number;
  ino: number;
  first: string | undefined;
  full: string | undefined;
}

export interface NodeHashCache extends HashCache<string> {
  readonly stats: CacheStats;
  /** Entries loaded from disk. */
  readonly loaded: number;
  /** Writes the cache for the next scan; never throws (a cache that cannot be saved is just a miss next time). */
  save(): void;
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

/** Opens (or starts) the cache for one scanned root. A missing, foreign or damaged file is an empty cache. */
export function openNodeHashCache(root: string, options: NodeHashCacheOptions = {}): NodeHashCache {
  const dir = options.dir ?? defaultCacheDir();
  const file = cacheFileFor(dir, root);
  const cutoff = (options.now ?? Date.now()) - (options.racyWindowMs ?? RACY_WINDOW_MS);
  const loaded = load(file, root);
  /** Per loaded entry: 1 when a lookup hit it this scan (its stamp still holds), so it goes into the next file. */
  const kept = new Uint8Array(loaded?.names.length ?? 0);
  let keptCount = 0;
  /** Keys computed this scan (misses only: hits cost no allocation). */
  const fresh = new Map<string, Fresh>();
  const stats: CacheStats = { hits: 0, misses: 0 };

  /**
   * Where a path is in the loaded cache. The first pass asks in the order the last scan saved
   * (the walk and the size buckets are deterministic), so a cursor answers almost every
   * lookup without a Map of 100,000 paths; anything else falls back to one, built once.
   */
  let cursor = 0;
  const find = (path: string, flag: number): number | undefined => {
    const l = loaded as Loaded;
    if (flag === 2) return l.fullIndex.get(path);
    const names = l.names;
    for (let k = cursor, end = Math.min(names.length, cursor + 16); k < end; k++) {
      if (names[k] === path) {
        cursor = k + 1;
        return k;
      }
    }
    l.index ??= new Map(names.map((name, i) => [name, i]));
    const i = l.index.get(path);
    if (i !== undefined) cursor = i + 1;
    return i;
  };
  const at = (entry: ScanEntry<string>, flag: number): number => {
    if (!loaded) return -1;
    const i = find(entry.path, flag);
    if (i === undefined || ((loaded.flags[i] ?? 0) & flag) === 0) return -1;
    const same =
      loaded.size[i] === entry.size &&
      loaded.mtime[i] === entry.modified &&
      loaded.ctime[i] === (entry.changed ?? -1) &&
      loaded.ino[i] === (entry.ino ?? -1);
    return same ? i : -1;
  };
  const keyAt = (i: number, slot: 0 | 1): string =>
    (loaded as Loaded).keys.toString("hex", (i * 2 + slot) * KEY_BYTES, (i * 2 + slot + 1) * KEY_BYTES);
  const hit = (entry: ScanEntry<string>, flag: 1 | 2): string | undefined => {
    const i = at(entry, flag);
    if (i < 0) return undefined;
    if (kept[i] === 0) {
      kept[i] = 1;
      keptCount++;
    }
    return keyAt(i, flag === 1 ? 0 : 1);
  };

  return {
    stats,
    get loaded() {
      return loaded?.names.length ?? 0;
    },
    has: (entry) => at(entry, 1) >= 0,
    first: (entry) => hit(entry, 1),
    full: (entry) => hit(entry, 2),
    put(entry, pass, key) {
      // Without a ctime the stamp is too weak to trust (a rewrite could keep size and mtime).
      if (entry.changed === undefined || entry.changed > cutoff || entry.modified > cutoff) return;
      if (key.length !== KEY_BYTES * 2) return;
      let record = fresh.get(entry.path);
      if (!record) {
        if (fresh.size + keptCount >= MAX_CACHE_ENTRIES) return;
        // Both keys present from the start: one object shape for every record.
        record = { size: entry.size, mtime: entry.modified, ctime: entry.changed, ino: entry.ino ?? -1, first: undefined, full: undefined };
        fresh.set(entry.path, record);
      }
      if (pass === "first") record.first = key;
      else record.full = key;
    },
    save() {
      // An unchanged tree leaves the file as it is: nothing to write.
      if (loaded && fresh.size === 0 && keptCount === loaded.names.length) return;
      if (!loaded && fresh.size === 0) return;
      try {
        write(file, root, merge(loaded, kept, fresh));
        prune(dir, file);
      } catch {
        // Read-only home, full disk: the next scan reads the files again, that is all.
      }
    },
  };
}

/** The next cache: kept entries (with a key computed this scan added where one was missing), then new ones. */
function merge(loaded: Loaded | null, kept: Uint8Array, fresh: Map<string, Fresh>): Map<string, Fresh> {
  if (!loaded) return fresh; // a first scan: nothing to merge
  const out = new Map<string, Fresh>();
  {
    for (let i = 0; i < kept.length; i++) {
      if (kept[i] === 0) continue;
      const path = loaded.names[i] as string;
      const flags = loaded.flags[i] ?? 0;
      const record: Fresh = {
        size: loaded.size[i] ?? 0,
        mtime: loaded.mtime[i] ?? 0,
        ctime: loaded.ctime[i] ?? 0,
        ino: loaded.ino[i] ?? 0,
        first: undefined,
        full: undefined,
      };
      if (flags & 1) record.first = loaded.keys.toString("hex", i * 2 * KEY_BYTES, (i * 2 + 1) * KEY_BYTES);
      if (flags & 2) record.full = loaded.keys.toString("hex", (i * 2 + 1) * KEY_BYTES, (i * 2 + 2) * KEY_BYTES);
      const added = fresh.get(path);
      if (added && added.size === record.size && added.mtime === record.mtime && added.ctime === record.ctime && added.ino === record.ino) {
        record.first ??= added.first;
        record.full ??= added.full;
        fresh.delete(path);
      }
      out.set(path, record);
    }
  }
  for (const [path, record] of fresh) if (!out.has(path)) out.set(path, record);
  return out;
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
  const flags = new Uint8Array(aligned.buffer, aligned.byteOffset + flagsAt, n);
  const fullIndex = new Map<string, number>();
  for (let i = 0; i < n; i++) if (((flags[i] ?? 0) & 2) !== 0) fullIndex.set(names[i + 1] as string, i);
  return {
    names: names.slice(1),
    index: null,
    fullIndex,
    size: column(0),
    mtime: column(1),
    ctime: column(2),
    ino: column(3),
    flags,
    keys: aligned.subarray(keysAt, pathsAt),
  };
}

function write(file: string, root: string, next: Map<string, Fresh>): void {
  const n = next.size;
  const paths = Buffer.from([root, ...next.keys()].join("\0"), "utf8");
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
  let i = 0;
  for (const record of next.values()) {
    columns[i] = record.size;
    columns[n + i] = record.mtime;
    columns[2 * n + i] = record.ctime;
    columns[3 * n + i] = record.ino;
    let flags = 0;
    if (record.first) {
      flags |= 1;
      out.write(record.first, keysAt + 2 * KEY_BYTES * i, KEY_BYTES, "hex");
    }
    if (record.full) {
      flags |= 2;
      out.write(record.full, keysAt + 2 * KEY_BYTES * i + KEY_BYTES, KEY_BYTES, "hex");
    }
    out[flagsAt + i] = flags;
    i++;
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
    .map((name) => join(dir, name));
  if (files.length <= MAX_CACHE_FILES) return;
  const byAge = files.map((path) => ({ path, mtime: fs.statSync(path).mtimeMs })).sort((a, b) => b.mtime - a.mtime);
  for (const { path } of byAge.slice(MAX_CACHE_FILES)) if (path !== keep) fs.rmSync(path, { force: true });
}
