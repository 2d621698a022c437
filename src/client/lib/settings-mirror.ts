/**
 * The user's settings as last known on this device (the settings feature keeps the mirror
 * in step with the server, issue 11). Read by any screen whose behaviour a setting changes,
 * without waiting for the server: e.g. Auto Clean Mode after a scan.
 */
import { DEFAULT_SETTINGS, SettingsSchema, type Settings } from "../../domain/schemas/settings";
import { apiRequest } from "./api-client";

export const SETTINGS_MIRROR_KEY = "settings";

export function readSettingsMirror(): Settings {
  try {
    const parsed = SettingsSchema.partial().safeParse(JSON.parse(localStorage.getItem(SETTINGS_MIRROR_KEY) ?? "{}"));
    return { ...DEFAULT_SETTINGS, ...(parsed.success ? parsed.data : {}) };
  } catch {
    return DEFAULT_SETTINGS;
  }
}

/**
 * Changes settings from outside the Settings screen: on the server for a signed-in user
 * (rejects when it is not saved), and in this device's mirror.
 */
export async function saveSettings(patch: Partial<Settings>, signedIn: boolean): Promise<void> {
  if (signedIn) await apiRequest("PATCH", "/api/settings", patch);
  try {
    localStorage.setItem(SETTINGS_MIRROR_KEY, JSON.stringify({ ...readSettingsMirror(), ...patch }));
  } catch {
    // Storage blocked: the server copy still holds it.
  }
}
