/**
 * One boolean of the settings mirror (localStorage 'settings', written by
 * settings-queries.ts), read without zod: the shell's haptics and sound modules start from
 * the saved choice at module load, so an "off" survives a reload before the server answers.
 */
export const SETTINGS_MIRROR_KEY = "settings";

export type MirroredFlag = "hapticFeedback" | "soundEffects" | "dailyTips" | "notifications" | "metadataOnlyScan";

export function readMirroredFlag(flag: MirroredFlag, fallback: boolean): boolean {
  try {
    const value: unknown = (JSON.parse(localStorage.getItem(SETTINGS_MIRROR_KEY) ?? "{}") as Record<string, unknown>)[flag];
    return typeof value === "boolean" ? value : fallback;
  } catch {
    return fallback;
  }
}
