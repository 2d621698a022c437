import { type IDBPDatabase, openDB } from "idb";

/**
 * Small thumbnails of the last scan's photos, made while they were analysed (issue 37) and
 * kept on this device only, so every photo view shows the photos even when the folder came
 * through the folder input (no handle to read them again) and after a reload. Keyed by the
 * scan item's path; cleared with the scan data; never sent anywhere.
 */
export const PHOTO_THUMBS_DB = "cleanspace-photo-thumbs";
/** Longest side of a thumbnail (px): a 2× tile of the photo views. */
export const THUMBNAIL_EDGE = 320;
const STORE = "thumbs";
/** Thumbnails written per transaction while a scan runs. */
const BATCH = 64;

async function open(): Promise<IDBPDatabase> {
  const db = await openDB(PHOTO_THUMBS_DB, 1, {
    upgrade(database) {
      database.createObjectStore(STORE);
    },
  });
  db.addEventListener("versionchange", () => db.close());
  return db;
}

export interface ThumbnailWriter {
  /** Paths that already have a thumbnail (a photo cache hit needs no new one). */
  readonly known: ReadonlySet<string>;
  put(path: string, thumbnail: Blob): void;
  /** Writes what is pending and forgets the thumbnails of photos not in `keep` (the last scan's). */
  finish(keep: ReadonlySet<string>): Promise<void>;
}

/** The scan worker's side. Failures never reach the scan: a thumbnail not written is a placeholder. */
export async function openThumbnailWriter(): Promise<ThumbnailWriter> {
  let db: IDBPDatabase | null = null;
  const known = new Set<string>();
  try {
    db = await open();
    for (const key of await db.getAllKeys(STORE)) known.add(String(key));
  } catch {
    db = null;
  }
  let pending: [string, Blob][] = [];
  let writing = Promise.resolve();
  const flush = () => {
    const batch = pending;
    pending = [];
    if (!db || batch.length === 0) return writing;
    const target = db;
    writing = writing.then(async () => {
      try {
        const tx = target.transaction(STORE, "readwrite");
        await Promise.all([...batch.map(([path, blob]) => tx.store.put(blob, path)), tx.done]);
      } catch {
        // lost: the view shows a placeholder for these
      }
    });
    return writing;
  };
  return {
    known,
    put(path, thumbnail) {
      known.add(path);
      pending.push([path, thumbnail]);
      if (pending.length >= BATCH) void flush();
    },
    async finish(keep) {
      await flush();
      if (!db) return;
      try {
        const tx = db.transaction(STORE, "readwrite");
        const stale = [...known].filter((path) => !keep.has(path));
        await Promise.all([...stale.map((path) => tx.store.delete(path)), tx.done]);
      } catch {
        // stale thumbnails stay until the next scan or "Clear scan data"
      } finally {
        db.close();
      }
    },
  };
}

/** The page's side: the thumbnail of one photo of the last scan, or null. */
export async function readThumbnail(path: string): Promise<Blob | null> {
  try {
    const db = await open();
    try {
      return ((await db.get(STORE, path)) as Blob | undefined) ?? null;
    } finally {
      db.close();
    }
  } catch {
    return null;
  }
}

/** Forgets every thumbnail: part of clearing this device's scan data. */
export async function clearPhotoThumbnails(): Promise<void> {
  try {
    const db = await open();
    try {
      await db.clear(STORE);
    } finally {
      db.close();
    }
  } catch {
    // nothing stored
  }
}
