/**
 * Read-through copies of the signed-in user's records in the local database (users,
 * digitalData, streaks), so screens can show the last known values offline. Every
 * function degrades to "nothing cached" when the database is unavailable.
 */
import { getCleanSpaceDb, type CleanSpaceDB } from "./db";

export type CachedStore = "users" | "digitalData" | "streaks";

export async function putCached<S extends CachedStore>(store: S, value: CleanSpaceDB[S]["value"]): Promise<boolean> {
  try {
    const db = await getCleanSpaceDb();
    if (!db) return false;
    await db.put(store, value);
    return true;
  } catch (error) {
    console.warn(`CleanSpace: caching ${store} failed`, error);
    return false;
  }
}

export async function getCached<S extends CachedStore>(store: S, key: number): Promise<CleanSpaceDB[S]["value"] | undefined> {
  try {
    const db = await getCleanSpaceDb();
    return db ? await db.get(store, key) : undefined;
  } catch (error) {
    console.warn(`CleanSpace: reading cached ${store} failed`, error);
    return undefined;
  }
}

export async function clearCached(): Promise<void> {
  try {
    const db = await getCleanSpaceDb();
    if (!db) return;
    await Promise.all((["users", "digitalData", "streaks"] as const).map((s) => db.clear(s)));
  } catch (error) {
    console.warn("CleanSpace: clearing the local cache failed", error);
  }
}
