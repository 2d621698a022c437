/**
 * POST /api/users/{id}/export (a POST: it writes a history row): everything the server keeps about the user (portability).
 * `forBackup` asks for the same document for the backup archive (Pro; no history row, the
 * backup records its own).
 */
import { AccountExportSchema, type AccountExport } from "../../../../domain/schemas/export";
import { apiRequest } from "../../../lib/api-client";

export async function getAccountExport(userId: number, { forBackup = false } = {}): Promise<AccountExport> {
  const body = await apiRequest<unknown>("POST", `/api/users/${userId}/export`, forBackup ? { for: "backup" } : {});
  // The server sends an attachment; read as text when the content type was not JSON.
  return AccountExportSchema.parse(typeof body === "string" ? JSON.parse(body) : body);
}
