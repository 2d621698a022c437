/** React view of the device's sent-request log (newest first). */
import { useMemo, useSyncExternalStore } from "react";
import { readSentRequests, sentLogSnapshot, subscribeSentRequests, type SentRequest } from "./sent-log";

export function useSentLog(): SentRequest[] {
  const snapshot = useSyncExternalStore(subscribeSentRequests, sentLogSnapshot, () => "");
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the snapshot string is the log's identity
  return useMemo(() => readSentRequests(), [snapshot]);
}
