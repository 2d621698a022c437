/**
 * The one way the app sends a scan's aggregate (counts and bytes, never a name or a path):
 * POST /api/real-data/scan. A finished scan (dashboard or Organize's rescan) sends it with
 * `snapshot: true`, so the server stores the summary and its history row in one transaction,
 * once per scan however often a retry sends it. After an action changed the device (a move,
 * an undo) the summary alone is updated.
 */
import type { ScanSummary } from "../../../domain/schemas/scan-summary";
import type { RealDataScan } from "../../../domain/schemas/digital-data";
import { apiRequest } from "../api-client";

export async function saveScan(userId: number, summary: ScanSummary, options: { snapshot: boolean }): Promise<{ healthScore: number }> {
  const body: RealDataScan = { userId, summary, ...(options.snapshot ? { snapshot: true } : {}) };
  return apiRequest<{ healthScore: number }>("POST", "/api/real-data/scan", body);
}
