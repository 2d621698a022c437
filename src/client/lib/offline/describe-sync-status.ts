/** The sync indicator's words for a status (spec §4); null when all is in sync. */
import type { SyncStatus } from "./queue";

function changes(n: number): string {
  return n === 1 ? "1 change" : `${n} changes`;
}

export function describeSyncStatus(s: Pick<SyncStatus, "isOnline" | "syncing" | "pendingActions">): string | null {
  if (!s.isOnline) return s.pendingActions > 0 ? `Offline — ${changes(s.pendingActions)} waiting` : "Offline";
  if (s.syncing && s.pendingActions > 0) return "Syncing…";
  if (s.pendingActions > 0) return `${changes(s.pendingActions)} waiting to sync`;
  return null;
}
