/** User preferences and the dashboard's category order (spec §2 "Dashboard", §3). */
import { z } from "zod";

export const DATA_TYPES = ["photos", "files", "apps", "email"] as const;
export type DataType = (typeof DATA_TYPES)[number];
export const PRIMARY_GOALS = ["storage", "organize", "privacy", "productivity"] as const;
export type PrimaryGoal = (typeof PRIMARY_GOALS)[number];

export const PreferencesSchema = z.object({
  primaryGoal: z.enum(PRIMARY_GOALS),
  dataTypes: z.array(z.enum(DATA_TYPES)).max(4),
});
export type Preferences = z.infer<typeof PreferencesSchema>;

const ORDER_BY_GOAL: Record<PrimaryGoal, DataType[]> = {
  storage: ["photos", "files", "apps", "email"],
  organize: ["files", "email", "photos", "apps"],
  privacy: ["apps", "email", "photos", "files"],
  productivity: ["apps", "email", "files", "photos"],
};

/** The chosen dataTypes first (in the goal's order), then the rest by primaryGoal. */
export function orderCategories(prefs: Preferences | null | undefined): DataType[] {
  const byGoal = ORDER_BY_GOAL[prefs?.primaryGoal ?? "storage"];
  const chosen = new Set(prefs?.dataTypes ?? []);
  return [...byGoal.filter((c) => chosen.has(c)), ...byGoal.filter((c) => !chosen.has(c))];
}
