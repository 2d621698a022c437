/** React view of the offline queue's status; mounting it starts the queue. */
import { useEffect, useSyncExternalStore } from "react";
import { getSyncStatus, startOfflineSync, subscribeSyncStatus, type SyncStatus } from "./queue";

export function useSyncStatus(): SyncStatus {
  useEffect(() => startOfflineSync(), []);
  return useSyncExternalStore(subscribeSyncStatus, getSyncStatus, getSyncStatus);
}
