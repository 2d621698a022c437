/** GET /api/users/{id}/export-history (spec §3 Export history item): newest first, Pro only. */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { ExportHistoryListSchema, type ExportHistoryItem } from "../../../../domain/schemas/export";
import { apiRequest } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export const exportHistoryQueryKey = queryKeys.insights.exportHistory;

export async function getExportHistory(userId: number, signal?: AbortSignal): Promise<ExportHistoryItem[]> {
  const body = await apiRequest<unknown>("GET", `/api/users/${userId}/export-history`, undefined, signal ? { signal } : {});
  return ExportHistoryListSchema.parse(body);
}

export function getExportHistoryQueryOptions(userId: number) {
  return queryOptions({ queryKey: exportHistoryQueryKey(userId), queryFn: ({ signal }) => getExportHistory(userId, signal) });
}

export function useExportHistory(userId: number) {
  return useQuery(getExportHistoryQueryOptions(userId));
}
