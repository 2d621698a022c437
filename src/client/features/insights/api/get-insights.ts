/**
 * GET /api/insights/{userId} (spec §2 Insights): the user's history turned into figures by
 * the server's domain rules. Pro only and own user only; the schema checks the answer.
 */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { InsightsSchema, type Insights } from "../../../../domain/schemas/insights";
import { apiRequest } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export const insightsQueryKey = queryKeys.insights.data;

export async function getInsights(userId: number, signal?: AbortSignal): Promise<Insights> {
  const body = await apiRequest<unknown>("GET", `/api/insights/${userId}`, undefined, signal ? { signal } : {});
  return InsightsSchema.parse(body);
}

export function getInsightsQueryOptions(userId: number) {
  return queryOptions({
    queryKey: insightsQueryKey(userId),
    queryFn: ({ signal }) => getInsights(userId, signal),
  });
}

/** Runs only for a positive user id with Pro access (spec §5, §6). */
export function useInsights(userId: number | null, enabled: boolean) {
  return useQuery({ ...getInsightsQueryOptions(userId ?? 0), enabled: enabled && userId !== null && userId > 0 });
}
