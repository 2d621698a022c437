/** The dashboard's tip (spec §7): cached 5 minutes. Digital data and streak: lib/data. */
import { useQuery } from "@tanstack/react-query";
import type { Tip } from "../../../../domain/schemas/tip";
import { apiRequest } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export function useRandomTip() {
  return useQuery({
    queryKey: queryKeys.dashboard.tip,
    queryFn: ({ signal }) => apiRequest<Tip>("GET", "/api/tips/random", undefined, { signal }),
    staleTime: 5 * 60 * 1000,
  });
}
