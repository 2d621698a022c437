import { type DBSchema, type IDBPDatabase, openDB } from "idb";
import type { PhotoReport } from "../domain/photos/index";
import type { ScanCategory } from "../domain/scan-rules";
import type { ScanSummary } from "../domain/schemas/scan-summary";
import { clearBrowserHashCache } from "./hash-cache-idb";
import { clearPhotoCache } from "./photos/photo-cache-idb";
import { clearPhotoThumbnails } from "./photos/thumbnail-store-idb";
import type { DuplicateGroup, ScanItem } from "./types";

/**
 * The latest scan's item index, kept on the device in IndexedDB for the Organize screen.
 * Names and paths live here and nowhere else; only the summary is ever sent to a server.
 */
export const SCAN_DB_NAME = "cleanspace-scan";
const SCAN_DB_VERSION = 1;
const LATEST = "latest";

export interface StoredScanMeta {
  summary: ScanSummary;
  scannedAt: string;
  duplicates: DuplicateGroup[];
  /** The photo analysis of the items (issue 19), when the scan made one. */
  photoReport?: PhotoReport;
}

export interface StoredScanIndex extends StoredScanMeta {
  items: ScanItem[];
}

/**
 * The item index is kept in records of up to CHUNK_ITEMS items, in the same "items" store
 * as before (keyPath "id"): a chunk record has a negative id (-1, -2, … in order) and an
 * `items` array: one put per item costs a clone and a round trip each, many times the cost of
 * a few large records, and IndexedDB needs no schema change. Plain item records (ids
 * ≥ 1) from older versions, or written by tests, are still read.
 */
interface ItemChunk {
  id: number;
  items: ScanItem[];
}

type ItemRecord = ScanItem | ItemChunk;

interface ScanDb extends DBSchema {
  items: { key: number; value: ItemRecord; indexes: { category: ScanCategory } };
  meta: { key: string; value: StoredScanMeta };
}

async function openScanDb(): Promise<IDBPDatabase<ScanDb>> {
  const db = await openDB<ScanDb>(SCAN_DB_NAME, SCAN_DB_VERSION, {
    upgrade(database) {
      const items = database.createObjectStore("items", { keyPath: "id" });
      items.createIndex("category", "category");
      database.createObjectStore("meta");
    },
  });
  // Another tab upgrading the schema must not be blocked by this connection.
  db.addEventListener("versionchange", () => db.close());
  return db;
}

/** Items per IndexedDB record: a put clones its record on the calling thread, so this also bounds a task. */
export const CHUNK_ITEMS = 1000;
/** Cloning work queued before a save waits for the database once (a task on the page stays well under 50 ms). */
const SAVE_SLICE_MS = 12;

function isChunk(record: ItemRecord): record is ItemChunk {
  return Array.isArray((record as Partial<ItemChunk>).items);
}

/**
 * Replaces the stored index with this scan's, in one transaction (all or nothing). Called
 * from the scan worker after a scan (the page never clones the items), and from the page
 * after an action changes the index.
 */
export async function saveScanIndex(
  items: readonly ScanItem[],
  summary: ScanSummary,
  duplicates: readonly DuplicateGroup[] = [],
  photoReport?: PhotoReport,
): Promise<void> {
  const db = await openScanDb();
  try {
    const tx = db.transaction(["items", "meta"], "readwrite");
    // A failed request aborts the transaction: its error surfaces through the request itself.
    tx.done.catch(() => undefined);
    const itemStore = tx.objectStore("items");
    try {
      // Puts go out back to back, awaited only to end a slice of cloning: awaited one by one,
      // each would be a round trip to the browser process, and a slice keeps a save on the
      // page's thread to short tasks.
      // A failed request fails the transaction, which `tx.done` reports.
      let last: Promise<unknown> = itemStore.clear();
      last.catch(() => undefined);
      let sliceStart = performance.now();
      for (let start = 0, n = 1; start < items.length; start += CHUNK_ITEMS, n++) {
        last = itemStore.put({ id: -n, items: items.slice(start, start + CHUNK_ITEMS) });
        last.catch(() => undefined);
        if (performance.now() - sliceStart >= SAVE_SLICE_MS) {
          await last;
          sliceStart = performance.now();
        }
      }
      await last;
      const meta: StoredScanMeta = { summary, scannedAt: summary.scannedAt, duplicates: [...duplicates] };
      if (photoReport) meta.photoReport = photoReport;
      await tx.objectStore("meta").put(meta, LATEST);
      await tx.done;
    } catch (error) {
      abortQuietly(tx);
      throw error;
    }
  } finally {
    db.close();
  }
}

/** Chunks in order (-1, -2, …), then plain item records by id. */
function flatten(records: readonly ItemRecord[]): ScanItem[] {
  const chunks = records.filter(isChunk).sort((a, b) => b.id - a.id);
  const plain = records.filter((r): r is ScanItem => !isChunk(r));
  return [...chunks.flatMap((c) => c.items), ...plain];
}

function abortQuietly(tx: { abort(): void }): void {
  try {
    tx.abort();
  } catch {
    // Already finished or aborted.
  }
}

/** The latest saved scan, or null when none was saved. */
export async function loadScanIndex(): Promise<StoredScanIndex | null> {
  const db = await openScanDb();
  try {
    const tx = db.transaction(["items", "meta"], "readonly");
    const [meta, records] = await Promise.all([tx.objectStore("meta").get(LATEST), tx.objectStore("items").getAll(), tx.done]);
    return meta ? { ...meta, items: flatten(records) } : null;
  } finally {
    db.close();
  }
}

/** Items of one category (for a tab of the Organize screen). */
export async function loadScanItemsByCategory(category: ScanCategory): Promise<ScanItem[]> {
  const db = await openScanDb();
  try {
    return flatten(await db.getAll("items")).filter((item) => item.category === category);
  } finally {
    db.close();
  }
}

/** Clears the index and the hash and photo caches: the caches hold the same paths. */
export async function clearScanIndex(): Promise<void> {
  await clearBrowserHashCache();
  await clearPhotoCache();
  await clearPhotoThumbnails();
  const db = await openScanDb();
  try {
    const tx = db.transaction(["items", "meta"], "readwrite");
    await Promise.all([tx.objectStore("items").clear(), tx.objectStore("meta").clear(), tx.done]);
  } finally {
    db.close();
  }
}
