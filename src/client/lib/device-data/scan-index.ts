/**
 * The latest scan's index on this device (IndexedDB): one query key and one reader for every
 * screen that shows it — Organize's lists, the dashboard's visitor figures and Auto Clean,
 * Insights' exports. Whatever changes the stored index calls `refreshScanIndex` (or sets the
 * query's data), so every screen sees the same index.
 */
import { useQuery, type QueryClient } from "@tanstack/react-query";
import type { ScanSummary } from "../../../domain/schemas/scan-summary";
import { loadScanIndex, type StoredScanIndex } from "../../../scan/index-store";
import { queryKeys } from "../query-keys";

export const scanIndexQueryKey = queryKeys.device.scanIndex;

export interface LoadedIndex {
  index: StoredScanIndex | null;
  /** When it was read: the filters' "now", so one render uses one clock. */
  loadedAt: number;
}

const readScanIndex = async (): Promise<LoadedIndex> => ({ index: await loadScanIndex(), loadedAt: Date.now() });

/** One query for every reader: same key, same read, so a render never reads the index twice. */
const scanIndexQuery = (enabled: boolean) => ({
  queryKey: scanIndexQueryKey,
  queryFn: readScanIndex,
  staleTime: 0,
  enabled,
  // Reads IndexedDB, not the network: it must run (and refresh) offline too.
  networkMode: "always" as const,
});

export function useScanIndex({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery(scanIndexQuery(enabled));
}

/** The index's aggregate summary alone (same query, so the same read). */
export function useScanSummary({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    ...scanIndexQuery(enabled),
    select: (loaded: LoadedIndex): ScanSummary | null => loaded.index?.summary ?? null,
  });
}

/** The stored index changed (a scan, a clean-up, a restore, "Clear scan data"): read it again. */
export function refreshScanIndex(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: scanIndexQueryKey });
}
