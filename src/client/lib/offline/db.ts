/**
 * The local browser database (spec §3 "Local browser database"): IndexedDB 'CleanSpace',
 * version 1, four stores — users (key id), digitalData (key userId), streaks (key userId),
 * offlineActions (key id). Where IndexedDB is missing or refuses to open (some private
 * modes), it is skipped with a console warning (spec §8) and callers get null.
 */
import { openDB, type DBSchema, type IDBPDatabase } from "idb";
import type { OfflineAction } from "./actions";

export const DB_NAME = "CleanSpace";
export const DB_VERSION = 1;

export interface CleanSpaceDB extends DBSchema {
  users: { key: number; value: { id: number } & Record<string, unknown> };
  digitalData: { key: number; value: { userId: number } & Record<string, unknown> };
  streaks: { key: number; value: { userId: number } & Record<string, unknown> };
  offlineActions: { key: string; value: OfflineAction };
}

export type CleanSpaceDatabase = IDBPDatabase<CleanSpaceDB>;

export async function openCleanSpaceDb(): Promise<CleanSpaceDatabase | null> {
  if (typeof indexedDB === "undefined") {
    console.warn("CleanSpace: IndexedDB is not supported here; the local database is skipped");
    return null;
  }
  try {
    return await openDB<CleanSpaceDB>(DB_NAME, DB_VERSION, {
      upgrade(db) {
        db.createObjectStore("users", { keyPath: "id" });
        db.createObjectStore("digitalData", { keyPath: "userId" });
        db.createObjectStore("streaks", { keyPath: "userId" });
        db.createObjectStore("offlineActions", { keyPath: "id" });
      },
    });
  } catch (error) {
    console.warn("CleanSpace: the local database could not be opened and is skipped", error);
    return null;
  }
}

let shared: Promise<CleanSpaceDatabase | null> | undefined;
/** One connection for the whole page. */
export function getCleanSpaceDb(): Promise<CleanSpaceDatabase | null> {
  shared ??= openCleanSpaceDb();
  return shared;
}
