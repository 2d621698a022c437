import { ANALYSIS_EDGE, type PhotoMeasures } from "../../domain/photos/index";
import { folderRecords } from "../folder-records-idb";
import type { ScanEntry } from "../types";

/**
 * What the photo analysis learnt of each photo of a picked folder, on the device (issue 19),
 * so a rescan of unchanged photos decodes nothing. Its own IndexedDB database, one columnar
 * record per folder, at most 8 folders — the hash cache's pattern (hash-cache-idb.ts), with
 * its limits: a browser gives path, size and mtime only, so a rewrite that keeps both is not
 * seen. Files modified within 2 s of the scan are not remembered.
 */
export const PHOTO_CACHE_DB = "cleanspace-photo-cache";
/**
 * Bumped when the analysis changes meaning (its edge is part of it); older records are ignored.
 * 2: sharpness became the edge Laplacian over gradient energy (photos-engine, 58dd496).
 * 3: turned hashes, detail, clipping and the graphic flag (issue 37); orientation applied.
 * 4: window hashes for cropped copies (issue 37).
 */
export const PHOTO_CACHE_FORMAT = `4:${ANALYSIS_EDGE}`;
export const MAX_PHOTO_CACHE_FOLDERS = 8;
export const MAX_PHOTO_CACHE_ENTRIES = 300_000;
export const PHOTO_RACY_WINDOW_MS = 2_000;

/** One photo's analysis, or null when it could not be decoded (corrupt, cut off). */
export type PhotoOutcome = ({ width: number; height: number; camera: boolean } & PhotoMeasures) | null;

export interface PhotoCache {
  readonly loaded: number;
  /** The outcome remembered for this path, size and mtime; undefined on a miss. A hit is kept for the next scan. */
  get(entry: ScanEntry): PhotoOutcome | undefined;
  put(entry: ScanEntry, outcome: PhotoOutcome): void;
  save(): Promise<void>;
}

interface FolderRecord {
  format: string;
  savedAt: number;
  paths: string[];
  sizes: number[];
  mtimes: number[];
  widths: number[];
  heights: number[];
  /** null: could not be decoded. */
  hashes: (string | null)[];
  sharpness: number[];
  camera: boolean[];
  turns: string[];
  crops: string[];
  detail: number[];
  clipped: number[];
  graphic: boolean[];
}

interface Row {
  size: number;
  mtime: number;
  outcome: PhotoOutcome;
}

const records = folderRecords<FolderRecord>(PHOTO_CACHE_DB, MAX_PHOTO_CACHE_FOLDERS);

function readRecord(record: FolderRecord, into: Map<string, Row>): void {
  for (let i = 0; i < record.paths.length; i++) {
    const hash = record.hashes[i] ?? null;
    into.set(record.paths[i]!, {
      size: record.sizes[i] ?? -1,
      mtime: record.mtimes[i] ?? -1,
      outcome:
        hash === null
          ? null
          : {
              width: record.widths[i] ?? 0,
              height: record.heights[i] ?? 0,
              hash,
              sharpness: record.sharpness[i] ?? 0,
              camera: record.camera[i] ?? false,
              turns: record.turns[i] ?? "",
              crops: record.crops[i] ?? "",
              detail: record.detail[i] ?? 1,
              clipped: record.clipped[i] ?? 0,
              graphic: record.graphic[i] ?? false,
            },
    });
  }
}

function toRecord(rows: Map<string, Row>): FolderRecord {
  const r: FolderRecord = {
    format: PHOTO_CACHE_FORMAT,
    savedAt: Date.now(),
    paths: [],
    sizes: [],
    mtimes: [],
    widths: [],
    heights: [],
    hashes: [],
    sharpness: [],
    camera: [],
    turns: [],
    crops: [],
    detail: [],
    clipped: [],
    graphic: [],
  };
  for (const [path, row] of rows) {
    r.paths.push(path);
    r.sizes.push(row.size);
    r.mtimes.push(row.mtime);
    r.widths.push(row.outcome?.width ?? 0);
    r.heights.push(row.outcome?.height ?? 0);
    r.hashes.push(row.outcome?.hash ?? null);
    r.sharpness.push(row.outcome?.sharpness ?? 0);
    r.camera.push(row.outcome?.camera ?? false);
    r.turns.push(row.outcome?.turns ?? "");
    r.crops.push(row.outcome?.crops ?? "");
    r.detail.push(row.outcome?.detail ?? 1);
    r.clipped.push(row.outcome?.clipped ?? 0);
    r.graphic.push(row.outcome?.graphic ?? false);
  }
  return r;
}

/** The cache of one folder (named as the hash cache names it). Any failure to read it is an empty cache. */
export async function openPhotoCache(folder: string, options: { now?: number; racyWindowMs?: number } = {}): Promise<PhotoCache> {
  const cutoff = (options.now ?? Date.now()) - (options.racyWindowMs ?? PHOTO_RACY_WINDOW_MS);
  const old = new Map<string, Row>();
  const record = await records.read(folder);
  try {
    if (record?.format === PHOTO_CACHE_FORMAT) readRecord(record, old);
  } catch {
    old.clear(); // a damaged record is an empty cache
  }
  const next = new Map<string, Row>();
  let changed = false;
  return {
    loaded: old.size,
    get(entry) {
      const row = old.get(entry.path);
      if (!row || row.size !== entry.size || row.mtime !== entry.modified) return undefined;
      next.set(entry.path, row);
      return row.outcome;
    },
    put(entry, outcome) {
      if (entry.modified > cutoff) return;
      if (!next.has(entry.path) && next.size >= MAX_PHOTO_CACHE_ENTRIES) return;
      next.set(entry.path, { size: entry.size, mtime: entry.modified, outcome });
      changed = true;
    },
    async save() {
      if (!changed && next.size === old.size) return; // unchanged folder: nothing to write
      const record = toRecord(next);
      await records.write(folder, record);
    },
  };
}

/** Forgets every folder's photo facts (and so their paths): part of clearing this device's scan data. */
export function clearPhotoCache(): Promise<void> {
  return records.clear();
}
