import { PreferencesSchema, type PreferencesState } from "../../domain/preferences";
import { DEFAULT_SETTINGS } from "../../domain/schemas/settings";

/** Stored preferences, or the defaults where a stored value no longer parses (or none exists yet). */
export function presentPreferences(row: { asked: boolean; primaryGoal: string | null; dataTypes: string[] | null }): PreferencesState {
  const parsed = PreferencesSchema.safeParse({ primaryGoal: row.primaryGoal, dataTypes: row.dataTypes });
  const prefs = parsed.success ? parsed.data : { primaryGoal: DEFAULT_SETTINGS.primaryGoal, dataTypes: DEFAULT_SETTINGS.dataTypes };
  return { ...prefs, asked: row.asked };
}
