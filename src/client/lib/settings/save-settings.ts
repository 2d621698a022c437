/**
 * Changes settings from outside the Settings screen (e.g. the "Turn on Auto Clean"
 * recommendation): on the server for a signed-in user (rejects when it is not saved), and in
 * this device's mirror, whose readers re-render at once.
 */
import type { Settings } from "../../../domain/schemas/settings";
import { apiRequest } from "../api-client";
import { readMirror, writeMirror } from "./settings-queries";

export async function saveSettings(patch: Partial<Settings>, signedIn: boolean): Promise<void> {
  if (signedIn) await apiRequest("PATCH", "/api/settings", patch);
  writeMirror({ ...readMirror(), ...patch });
}
