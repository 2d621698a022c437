/** User preferences and the dashboard's category order (spec §2 "Dashboard", §3). */
import { z } from "zod";

export const DATA_TYPES = ["photos", "files", "apps", "email"] as const;
export type DataType = (typeof DATA_TYPES)[number];
export const PRIMARY_GOALS = ["storage", "organize", "privacy", "productivity"] as const;
export type PrimaryGoal = (typeof PRIMARY_GOALS)[number];

/** Each type at most once, in the order the user chose them. */
export const DataTypesSchema = z
  .array(z.enum(DATA_TYPES))
  .max(4)
  .refine((list) => new Set(list).size === list.length, { message: "Each data type may appear once" });

export const PreferencesSchema = z.object({
  primaryGoal: z.enum(PRIMARY_GOALS),
  dataTypes: DataTypesSchema,
});
export type Preferences = z.infer<typeof PreferencesSchema>;

/** PUT /api/preferences: the answer to "asked once after registration" — chosen, or skipped. */
export const PreferencesAnswerSchema = z.union([PreferencesSchema.strict(), z.object({ skipped: z.literal(true) }).strict()]);
export type PreferencesAnswer = z.infer<typeof PreferencesAnswerSchema>;

/** GET/PUT /api/preferences: the saved preferences and whether the user has been asked. */
export const PreferencesStateSchema = PreferencesSchema.extend({ asked: z.boolean() });
export type PreferencesState = z.infer<typeof PreferencesStateSchema>;

export const GOAL_ORDER: Record<PrimaryGoal, readonly DataType[]> = {
  storage: ["photos", "files", "apps", "email"],
  organize: ["files", "email", "photos", "apps"],
  privacy: ["apps", "email", "photos", "files"],
  productivity: ["apps", "email", "files", "photos"],
};

/**
 * Spec §2: "the chosen dataTypes first, then the remaining ones by primaryGoal" — the
 * chosen ones in the order the user chose them; no preferences means the storage order.
 */
export function orderCategories(prefs: Preferences | null | undefined): DataType[] {
  const chosen = [...new Set(prefs?.dataTypes ?? [])];
  const byGoal = GOAL_ORDER[prefs?.primaryGoal ?? "storage"];
  return [...chosen, ...byGoal.filter((c) => !chosen.includes(c))];
}
