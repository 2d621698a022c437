/** POST /api/users/{id}/restore: settings and filter presets, all or nothing (Pro). */
import { RestoreResultSchema, type RestoreInput } from "../../../../domain/schemas/export";
import { apiRequest } from "../../../lib/api-client";

export async function restoreBackup(userId: number, input: RestoreInput): Promise<{ filterPresets: number }> {
  const body = await apiRequest<unknown>("POST", `/api/users/${userId}/restore`, input);
  return RestoreResultSchema.parse(body);
}
