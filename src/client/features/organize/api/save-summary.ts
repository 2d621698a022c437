/**
 * Keeps the server's aggregate in step with the device after Organize changes what is on
 * disk (a move, an undo, a rescan): POST /api/real-data/scan takes the new summary — counts
 * and bytes only, never a name or a path. A rescan also records a snapshot (spec §7).
 */
import type { ScanSummary } from "../../../../domain/schemas/scan-summary";
import { apiRequest } from "../../../lib/api-client";

export async function saveSummary(userId: number, summary: ScanSummary, snapshot = false): Promise<void> {
  await apiRequest("POST", "/api/real-data/scan", { userId, summary });
  if (snapshot) await apiRequest("POST", `/api/digital-data/${userId}/scan`);
}
