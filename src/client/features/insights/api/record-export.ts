/**
 * POST /api/users/{id}/export-history: a file made on this device (report, CSV, backup)
 * goes into the History list with its status. Only the file name, type and size are sent.
 */
import { ExportHistoryItemSchema, type CreateExportHistory, type ExportHistoryItem } from "../../../../domain/schemas/export";
import { apiRequest } from "../../../lib/api-client";

export async function recordExport(userId: number, entry: CreateExportHistory): Promise<ExportHistoryItem> {
  const body = await apiRequest<unknown>("POST", `/api/users/${userId}/export-history`, entry);
  return ExportHistoryItemSchema.parse(body);
}
