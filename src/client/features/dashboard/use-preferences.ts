import { PreferencesSchema, type Preferences } from "../../../domain/preferences";

/** Stored under 'userPreferences' (spec §3); corrupt values are ignored (spec §8). */
export function readPreferences(): Preferences | null {
  try {
    const parsed = PreferencesSchema.safeParse(JSON.parse(localStorage.getItem("userPreferences") ?? "null"));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
