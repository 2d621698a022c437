/** The latest scan's index on this device, and the reviewed/ignored marks (both IndexedDB): one query key and reader each, for every screen that shows them. */
import { useQuery } from "@tanstack/react-query";
import { loadScanIndex, type StoredScanIndex } from "../../scan/index-store";
import { loadMarks } from "./marks-store";
import { queryKeys } from "./query-keys";

export const scanIndexQueryKey = queryKeys.organize.scanIndex;
export const marksQueryKey = queryKeys.organize.marks;

export interface LoadedIndex {
  index: StoredScanIndex | null;
  /** When it was read: the filters' "now", so one render uses one clock. */
  loadedAt: number;
}

export function useScanIndex() {
  return useQuery({
    queryKey: scanIndexQueryKey,
    queryFn: async (): Promise<LoadedIndex> => ({ index: await loadScanIndex(), loadedAt: Date.now() }),
    staleTime: 0,
    // Reads IndexedDB, not the network: it must run (and refresh) offline too.
    networkMode: "always",
  });
}

export function useMarks() {
  return useQuery({ queryKey: marksQueryKey, queryFn: loadMarks, staleTime: 0, networkMode: "always" });
}
