/** User settings (spec §3 "Settings", preferences), synced across devices. */
import { z } from "zod";
import { DataTypesSchema, PRIMARY_GOALS } from "../preferences";

export const SettingsSchema = z.object({
  notifications: z.boolean(),
  autoClean: z.boolean(),
  dailyTips: z.boolean(),
  soundEffects: z.boolean(),
  hapticFeedback: z.boolean(),
  darkMode: z.boolean(),
  metadataOnlyScan: z.boolean(),
  primaryGoal: z.enum(PRIMARY_GOALS),
  dataTypes: DataTypesSchema,
  timezone: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z_+\-/0-9]+$/),
});
export type Settings = z.infer<typeof SettingsSchema>;

/** PATCH /api/settings: any subset; unknown keys are refused. */
export const SettingsPatchSchema = SettingsSchema.partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: "Nothing to update" });
export type SettingsPatch = z.infer<typeof SettingsPatchSchema>;

export const DEFAULT_SETTINGS: Settings = {
  notifications: true,
  autoClean: false,
  dailyTips: true,
  soundEffects: true,
  hapticFeedback: true,
  darkMode: true,
  metadataOnlyScan: false,
  primaryGoal: "storage",
  dataTypes: [],
  timezone: "UTC",
};
