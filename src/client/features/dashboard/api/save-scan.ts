/**
 * Saves a finished scan: the aggregate summary (never names or paths) to
 * POST /api/real-data/scan, then POST /api/digital-data/{id}/scan records the snapshot.
 * Spec §7: "on success digital data is refetched".
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ScanSummary } from "../../../../domain/schemas/scan-summary";
import { apiRequest } from "../../../lib/api-client";
import { invalidateUserData } from "../../../lib/query-keys";

export async function saveScan(userId: number, summary: ScanSummary): Promise<{ healthScore: number }> {
  await apiRequest("POST", "/api/real-data/scan", { userId, summary });
  return apiRequest<{ healthScore: number }>("POST", `/api/digital-data/${userId}/scan`);
}

export function useSaveScan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, summary }: { userId: number; summary: ScanSummary }) => saveScan(userId, summary),
    onSuccess: () => {
      invalidateUserData(queryClient);
    },
  });
}
