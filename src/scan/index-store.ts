import { type DBSchema, type IDBPDatabase, openDB } from "idb";
import type { ScanCategory } from "../domain/scan-rules";
import type { ScanSummary } from "../domain/schemas/scan-summary";
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
}

export interface StoredScanIndex extends StoredScanMeta {
  items: ScanItem[];
}

interface ScanDb extends DBSchema {
  items: { key: number; value: ScanItem; indexes: { category: ScanCategory } };
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

/**
 * Items put per round trip. Each put clones its item on the page's thread: 20,000 puts in one
 * go were one long task (bench/browser-scan.mjs); batches awaited in turn keep every task short
 * while the transaction stays open (a request made when the last one succeeds keeps it active).
 */
const SAVE_BATCH = 500;

/** Replaces the stored index with this scan's, in one transaction (all or nothing). */
export async function saveScanIndex(
  items: readonly ScanItem[],
  summary: ScanSummary,
  duplicates: readonly DuplicateGroup[] = [],
): Promise<void> {
  const db = await openScanDb();
  try {
    const tx = db.transaction(["items", "meta"], "readwrite");
    // A failed request aborts the transaction: its error surfaces through the request itself.
    tx.done.catch(() => undefined);
    const itemStore = tx.objectStore("items");
    try {
      await itemStore.clear();
      for (let start = 0; start < items.length; start += SAVE_BATCH) {
        await putAll(itemStore, items.slice(start, start + SAVE_BATCH));
      }
      await tx.objectStore("meta").put({ summary, scannedAt: summary.scannedAt, duplicates: [...duplicates] }, LATEST);
      await tx.done;
    } catch (error) {
      abortQuietly(tx);
      throw error;
    }
  } finally {
    db.close();
  }
}

/** Puts a batch; every request is awaited, so none rejects unobserved if the transaction aborts. */
async function putAll(store: { put(item: ScanItem): Promise<unknown> }, items: readonly ScanItem[]): Promise<void> {
  const requests: Promise<unknown>[] = [];
  let failure: { error: unknown } | null = null;
  try {
    for (const item of items) requests.push(store.put(item));
  } catch (error) {
    failure = { error }; // e.g. DataCloneError, thrown by put itself
  }
  const settled = await Promise.allSettled(requests);
  if (failure) throw failure.error;
  const rejected = settled.find((r) => r.status === "rejected");
  if (rejected) throw rejected.reason;
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
    const [meta, items] = await Promise.all([tx.objectStore("meta").get(LATEST), tx.objectStore("items").getAll(), tx.done]);
    return meta ? { ...meta, items } : null;
  } finally {
    db.close();
  }
}

/** Items of one category, through the category index (for a tab of the Organize screen). */
export async function loadScanItemsByCategory(category: ScanCategory): Promise<ScanItem[]> {
  const db = await openScanDb();
  try {
    return await db.getAllFromIndex("items", "category", category);
  } finally {
    db.close();
  }
}

export async function clearScanIndex(): Promise<void> {
  const db = await openScanDb();
  try {
    const tx = db.transaction(["items", "meta"], "readwrite");
    await Promise.all([tx.objectStore("items").clear(), tx.objectStore("meta").clear(), tx.done]);
  } finally {
    db.close();
  }
}
