import { useQuery } from "@tanstack/react-query";
import { loadScanIndex } from "../../../scan/index-store";
import { queryKeys } from "../../lib/query-keys";

/**
 * The last scan kept on this device: the dashboard's figures for visitors who aren't signed
 * in. A signed-in user's figures are the server's, so the device's copy is not read for them
 * (refetch() still reads it, after a scan).
 */
export function useLocalSummary(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.dashboard.localSummary,
    queryFn: async () => (await loadScanIndex())?.summary ?? null,
    staleTime: 0,
    enabled,
  });
}
