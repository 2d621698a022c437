/**
 * Where queued actions live: the offlineActions store, or — when the local database is
 * unavailable — memory for the life of the page, so nothing queued is silently lost.
 */
import type { OfflineAction } from "./actions";
import type { CleanSpaceDatabase } from "./db";

export interface ActionStore {
  all(): Promise<OfflineAction[]>;
  put(action: OfflineAction): Promise<void>;
  remove(id: string): Promise<void>;
}

/** Oldest first (ties broken by id), so replays keep the order the user acted in. */
function byTime(a: OfflineAction, b: OfflineAction): number {
  return a.timestamp - b.timestamp || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

export function idbActionStore(db: CleanSpaceDatabase): ActionStore {
  return {
    all: async () => (await db.getAll("offlineActions")).sort(byTime),
    put: async (action) => {
      await db.put("offlineActions", action);
    },
    remove: (id) => db.delete("offlineActions", id),
  };
}

export function memoryActionStore(): ActionStore {
  const actions = new Map<string, OfflineAction>();
  return {
    all: async () => [...actions.values()].sort(byTime),
    put: async (action) => {
      actions.set(action.id, action);
    },
    remove: async (id) => {
      actions.delete(id);
    },
  };
}
