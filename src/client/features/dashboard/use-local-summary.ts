import { useQuery } from "@tanstack/react-query";
import { loadScanIndex } from "../../../scan/index-store";
import { queryKeys } from "../../lib/query-keys";

/** The last scan kept on this device: the dashboard's figures for visitors who aren't signed in. */
export function useLocalSummary() {
  return useQuery({
    queryKey: queryKeys.dashboard.localSummary,
    queryFn: async () => (await loadScanIndex())?.summary ?? null,
    staleTime: 0,
  });
}
