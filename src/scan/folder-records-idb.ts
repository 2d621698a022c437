import { type IDBPDatabase, openDB } from "idb";

/**
 * One IndexedDB database holding a record per picked folder, at most `maxFolders` of them (the
 * least recently saved are dropped first): the browser's hash cache and photo cache. Failures
 * never reach the scan: a record that cannot be read is absent, one that cannot be written is
 * lost (the next scan reads or decodes again, that is all).
 */
export interface FolderRecords<R extends { savedAt: number }> {
  /** The folder's record, or undefined when there is none or it cannot be read. */
  read(folder: string): Promise<R | undefined>;
  write(folder: string, record: R): Promise<void>;
  /** Forgets every folder (and so their paths): part of clearing this device's scan data. */
  clear(): Promise<void>;
}

const DB_VERSION = 1;

export function folderRecords<R extends { savedAt: number }>(dbName: string, maxFolders: number): FolderRecords<R> {
  async function open(): Promise<IDBPDatabase> {
    const db = await openDB(dbName, DB_VERSION, {
      upgrade(database) {
        database.createObjectStore("folders");
        database.createObjectStore("saved"); // folder → savedAt, to drop the oldest without loading them
      },
    });
    db.addEventListener("versionchange", () => db.close());
    return db;
  }
  return {
    async read(folder) {
      try {
        const db = await open();
        try {
          return (await db.get("folders", folder)) as R | undefined;
        } finally {
          db.close();
        }
      } catch {
        return undefined;
      }
    },
    async write(folder, record) {
      try {
        const db = await open();
        try {
          const tx = db.transaction(["folders", "saved"], "readwrite");
          await tx.objectStore("folders").put(record, folder);
          const saved = tx.objectStore("saved");
          await saved.put(record.savedAt, folder);
          const [keys, times] = await Promise.all([saved.getAllKeys(), saved.getAll() as Promise<number[]>]);
          const byAge = keys.map((key, i) => ({ key, savedAt: times[i] ?? 0 })).sort((a, b) => b.savedAt - a.savedAt);
          for (const { key } of byAge.slice(maxFolders)) {
            await tx.objectStore("folders").delete(key);
            await saved.delete(key);
          }
          await tx.done;
        } finally {
          db.close();
        }
      } catch {
        // Quota or a closed database: the record is not kept.
      }
    },
    async clear() {
      const db = await open();
      try {
        const tx = db.transaction(["folders", "saved"], "readwrite");
        await Promise.all([tx.objectStore("folders").clear(), tx.objectStore("saved").clear(), tx.done]);
      } finally {
        db.close();
      }
    },
  };
}
