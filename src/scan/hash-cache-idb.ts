import type { HashCache } from "./cached-hasher";
import { PARTIAL_BLOCK_BYTES, WHOLE_FILE_FIRST_PASS_BYTES } from "./core/key-ranges";
import { folderRecords } from "./folder-records-idb";
import type { ScanEntry } from "./types";

/**
 * The browser's hash cache: content keys of the files of one picked folder, in IndexedDB
 * (its own database, so the scan index's schema is untouched), one record per folder, so a
 * rescan of an unchanged folder reads no file content. Read and written by the scan worker.
 *
 * A browser gives a file's path, size and modification time (ms) but no ctime or inode: a
 * rewrite that keeps the size and puts the same modification time back is not seen, where
 * the CLI's cache sees it through the ctime (decision 028).
 */
export const HASH_CACHE_DB = "cleanspace-hash-cache";
/** Bumped when keys change meaning; older records are ignored. Includes the first-pass sizes. */
export const BROWSER_CACHE_FORMAT = `1:${WHOLE_FILE_FIRST_PASS_BYTES}:${PARTIAL_BLOCK_BYTES}`;
/** Folders remembered: the least recently saved go first. */
export const MAX_CACHED_FOLDERS = 8;
/** Entries per folder; past this a scan keeps the first ones (a miss costs a read, never a wrong answer). */
export const MAX_BROWSER_CACHE_ENTRIES = 300_000;
/** Files modified this close to the scan are not remembered (a second write in the same clock tick could hide). */
export const BROWSER_RACY_WINDOW_MS = 2_000;

interface FolderRecord {
  format: string;
  savedAt: number;
  paths: string[];
  sizes: number[];
  mtimes: number[];
  first: (string | null)[];
  full: (string | null)[];
}

interface Row {
  size: number;
  mtime: number;
  first: string | null;
  full: string | null;
}

export interface BrowserHashCache extends HashCache<unknown> {
  readonly loaded: number;
  save(): Promise<void>;
}

const records = folderRecords<FolderRecord>(HASH_CACHE_DB, MAX_CACHED_FOLDERS);

/**
 * The cache of one folder, named by `folder` (the picked folder's name). Any failure to read
 * it is an empty cache: the scan then reads everything, as it would without one.
 */
export async function openBrowserHashCache(
  folder: string,
  options: { now?: number; racyWindowMs?: number } = {},
): Promise<BrowserHashCache> {
  const cutoff = (options.now ?? Date.now()) - (options.racyWindowMs ?? BROWSER_RACY_WINDOW_MS);
  const old = new Map<string, Row>();
  const record = await records.read(folder);
  try {
    for (let i = 0; record?.format === BROWSER_CACHE_FORMAT && i < record.paths.length; i++) {
      old.set(record.paths[i] as string, {
        size: record.sizes[i] ?? -1,
        mtime: record.mtimes[i] ?? -1,
        first: record.first[i] ?? null,
        full: record.full[i] ?? null,
      });
    }
  } catch {
    old.clear(); // a damaged record is an empty cache
  }
  const next = new Map<string, Row>();
  let changed = false;

  const match = (entry: ScanEntry): Row | undefined => {
    const row = old.get(entry.path);
    return row && row.size === entry.size && row.mtime === entry.modified ? row : undefined;
  };
  const keep = (entry: ScanEntry, row: Row): void => {
    if (!next.has(entry.path)) next.set(entry.path, { ...row });
  };

  return {
    loaded: old.size,
    has: (entry) => match(entry)?.first != null,
    first(entry) {
      const row = match(entry);
      if (!row?.first) return undefined;
      keep(entry, row);
      return row.first;
    },
    full(entry) {
      const row = match(entry);
      if (!row?.full) return undefined;
      keep(entry, row);
      return row.full;
    },
    put(entry, pass, key) {
      if (entry.modified > cutoff) return;
      let row = next.get(entry.path);
      if (!row || row.size !== entry.size || row.mtime !== entry.modified) {
        if (!row && next.size >= MAX_BROWSER_CACHE_ENTRIES) return;
        row = { size: entry.size, mtime: entry.modified, first: null, full: null };
        next.set(entry.path, row);
      }
      row[pass] = key;
      changed = true;
    },
    async save() {
      if (!changed && next.size === old.size) return; // unchanged folder: nothing to write
      const record: FolderRecord = {
        format: BROWSER_CACHE_FORMAT,
        savedAt: Date.now(),
        paths: [],
        sizes: [],
        mtimes: [],
        first: [],
        full: [],
      };
      for (const [path, row] of next) {
        record.paths.push(path);
        record.sizes.push(row.size);
        record.mtimes.push(row.mtime);
        record.first.push(row.first);
        record.full.push(row.full);
      }
      await records.write(folder, record);
    },
  };
}

/** Forgets every folder's keys (and so their paths): part of clearing this device's scan data. */
export function clearBrowserHashCache(): Promise<void> {
  return records.clear();
}
