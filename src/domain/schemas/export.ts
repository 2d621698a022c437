/**
 * Exports (spec §3 Export history item): the history, the portability export of everything
 * the server keeps, and what a restore may write back.
 */
import { z } from "zod";
import { EXPORT_STATUSES, EXPORT_TYPES } from "../backup";
import { CreateFilterPresetSchema } from "./filter-preset";
import { DismissedSuggestionsSchema } from "./insights";
import { SettingsSchema } from "./settings";

const int = z.number().int();
const nonneg = z.number().int().nonnegative();

/** Export history (spec §3): a row the server wrote when it served an export, or the client reported. */
export const ExportHistoryItemSchema = z.object({
  id: int,
  type: z.string(),
  name: z.string(),
  date: z.string(),
  size: nonneg,
  status: z.enum(EXPORT_STATUSES),
});
export type ExportHistoryItem = z.infer<typeof ExportHistoryItemSchema>;
export const ExportHistoryListSchema = z.array(ExportHistoryItemSchema);

export const EXPORT_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._ -]{0,119}$/;
/** POST /api/users/{id}/export-history: a local-only export the client made. */
export const CreateExportHistorySchema = z.strictObject({
  type: z.enum(EXPORT_TYPES),
  name: z.string().regex(EXPORT_NAME_PATTERN, "Invalid file name"),
  size: nonneg.max(2_147_483_647),
  status: z.enum(EXPORT_STATUSES),
});
export type CreateExportHistory = z.infer<typeof CreateExportHistorySchema>;

/** Settings as exported and restored: the synced settings plus the dismissed suggestions. */
export const RestorableSettingsSchema = SettingsSchema.extend({ dismissedSuggestions: DismissedSuggestionsSchema.optional() }).strict();

export const RestorePresetSchema = CreateFilterPresetSchema.omit({ actionId: true });
export const MAX_RESTORED_PRESETS = 100;

/** POST /api/users/{id}/restore: only what the server restores (settings, filter presets). */
export const RestoreSchema = z.strictObject({
  settings: RestorableSettingsSchema,
  filterPresets: z.array(RestorePresetSchema).max(MAX_RESTORED_PRESETS),
});
export type RestoreInput = z.input<typeof RestoreSchema>;
export const RestoreResultSchema = z.object({ settings: z.literal(true), filterPresets: nonneg });

const iso = z.string().min(1).max(40);
const json = z.record(z.string(), z.unknown());

/** GET /api/users/{id}/export: everything the server keeps about the user (portability), no password hash. */
export const AccountExportSchema = z.object({
  format: z.literal("cleanspace-account-export"),
  version: z.literal(1),
  exportedAt: iso,
  account: z.object({
    id: int,
    name: z.string(),
    email: z.string(),
    onboardingCompleted: z.boolean(),
    subscriptionStatus: z.string(),
    subscriptionPlan: z.string().nullable(),
    trialEndsAt: iso.nullable(),
    createdAt: iso,
  }),
  settings: RestorableSettingsSchema.extend({ dismissedSuggestions: z.array(z.string()) }),
  aggregates: z
    .object({
      healthScore: int,
      photosCount: int,
      photosDuplicates: int,
      photosStorage: z.number(),
      filesCount: int,
      filesLarge: int,
      filesStorage: z.number(),
      appsCount: int,
      appsUnused: int,
      appsStorage: z.number(),
      emailCount: int,
      emailUnread: int,
      emailStorage: z.number(),
      summary: json.nullable(),
      updatedAt: iso,
    })
    .nullable(),
  snapshots: z.array(z.object({ takenAt: iso, localDate: z.string(), healthScore: int, summary: json })),
  events: z.array(
    z.object({
      clientId: z.string(),
      category: z.string(),
      action: z.string(),
      items: int,
      bytesFreed: z.number(),
      localDate: z.string(),
      createdAt: iso,
    }),
  ),
  streak: z.object({ currentStreak: int, longestStreak: int, lastActiveDate: z.string().nullable(), streakHistory: z.array(z.string()) }),
  filterPresets: z.array(
    z.object({ name: z.string(), description: z.string(), category: z.string(), criteria: z.unknown(), createdAt: iso }),
  ),
  exportHistory: z.array(z.object({ type: z.string(), name: z.string(), size: int, status: z.string(), createdAt: iso })),
  /**
   * The mailbox kept for "stay connected" (issue 21): where and as whom, and how it signs in;
   * never the sealed password or token. Optional: exports made before it read as none.
   */
  mailbox: z
    .object({ host: z.string(), port: int, username: z.string(), method: z.enum(["password", "gmail", "outlook"]), keptSince: iso })
    .nullable()
    .optional(),
});
export type AccountExport = z.infer<typeof AccountExportSchema>;
