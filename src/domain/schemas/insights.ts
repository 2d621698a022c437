/**
 * Wire shapes of the Insights API (spec §2 Insights, §3 Suggestion / Achievement / Wellness
 * metric / Export history item / Timeline day), the portability export, the backup file
 * and restore. One schema for the routes, the client and the tests.
 */
import { z } from "zod";
import { ACHIEVEMENT_ICONS, ACHIEVEMENT_TIERS, ACHIEVEMENT_UNITS } from "../achievements";
import { EXPORT_STATUSES, EXPORT_TYPES } from "../backup";
import { SCAN_CATEGORIES } from "../scan-rules";
import { MAX_DISMISSED, QUICK_SELECTS, SUGGESTION_CATEGORIES, SUGGESTION_ID_PATTERN, SUGGESTION_TYPES } from "../suggestions";
import { PROGRESS_CATEGORIES } from "../timeline";
import { WELLNESS_METRIC_IDS, WELLNESS_STATUSES } from "../wellness";
import { CreateFilterPresetSchema } from "./filter-preset";
import { ScanSummarySchema } from "./scan-summary";
import { SettingsSchema } from "./settings";

const int = z.number().int();
const nonneg = z.number().int().nonnegative();
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const trend = z.enum(["up", "down", "stable"]);
const priority = z.enum(["high", "medium", "low"]);
const eventCategory = z.enum(["photos", "files", "apps", "email", "general"]);

export const TimelineDaySchema = z.object({
  date: day,
  healthScore: int.nullable(),
  carried: z.boolean(),
  storageUsed: nonneg.nullable(),
  itemsProcessed: nonneg,
  bytesFreed: nonneg,
  estimatedBytesFreed: z.number().nonnegative(),
  category: eventCategory.nullable(),
});

export const WeeklyProgressSchema = z.object({
  days: z.array(z.object({ date: day, weekday: z.string(), score: int.nullable(), carried: z.boolean() })),
  average: int.nullable(),
  hasData: z.boolean(),
});

export const CleanupTotalsSchema = z.object({
  /** In the CleanSpace trash: moved there, not yet restored or deleted for good (undoable). */
  reclaimableBytes: nonneg,
  /** Deleted for good, as measured. */
  bytesFreed: nonneg,
  estimatedBytesFreed: z.number().nonnegative(),
  estimatedItems: nonneg,
  itemsDeleted: nonneg,
  itemsProcessed: nonneg,
  actions: nonneg,
});

export const CategoryProgressSchema = z.object({
  category: z.enum(PROGRESS_CATEGORIES),
  measure: z.string(),
  first: nonneg.nullable(),
  latest: nonneg.nullable(),
  improvement: int,
  trend,
});

export const AchievementSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  icon: z.enum(ACHIEVEMENT_ICONS),
  unlockedAt: day.nullable(),
  progress: z.number().nonnegative(),
  maxProgress: z.number().positive(),
  type: z.enum(ACHIEVEMENT_TIERS),
  unit: z.enum(ACHIEVEMENT_UNITS),
});

export const SuggestionSchema = z.object({
  id: z.string(),
  type: z.enum(SUGGESTION_TYPES),
  priority,
  confidence: z.number().min(0).max(1),
  title: z.string(),
  description: z.string(),
  impact: z.object({
    storageFreed: z.number().nonnegative(),
    storageBasis: z.enum(["scan", "estimate"]),
    timeToComplete: nonneg,
    itemsAffected: nonneg,
  }),
  category: z.enum(SUGGESTION_CATEGORIES),
  action: z.object({ tab: z.enum(["photos", "files", "apps", "email"]), select: z.enum(QUICK_SELECTS) }),
});

export const WellnessSchema = z.object({
  overall: int,
  status: z.enum(WELLNESS_STATUSES),
  message: z.string(),
  metrics: z.array(
    z.object({
      id: z.enum(WELLNESS_METRIC_IDS),
      name: z.string(),
      value: int,
      trend,
      status: z.enum(WELLNESS_STATUSES),
      description: z.string(),
      recommendation: z.string(),
      higherIsBetter: z.boolean(),
    }),
  ),
  tips: z.array(z.object({ id: z.string(), title: z.string(), content: z.string() })),
});

/** A day's last scan in the period (for the reports). */
export const ScanDaySchema = z.object({
  date: day,
  healthScore: int,
  totalBytes: nonneg,
  photosCount: nonneg,
  filesCount: nonneg,
  emailCount: nonneg,
  emailUnread: nonneg,
});

/** GET /api/insights/{userId} */
export const InsightsSchema = z.object({
  userId: int,
  today: day,
  hasScanned: z.boolean(),
  scannedAt: z.string().nullable(),
  aggregates: z.object({
    healthScore: int,
    photosCount: nonneg,
    photosDuplicates: nonneg,
    filesCount: nonneg,
    filesLarge: nonneg,
    appsCount: nonneg,
    appsUnused: nonneg,
    emailCount: nonneg,
    emailUnread: nonneg,
    totalBytes: nonneg,
  }),
  timeline: z.array(TimelineDaySchema),
  weekly: WeeklyProgressSchema,
  totals: CleanupTotalsSchema,
  categories: z.array(CategoryProgressSchema),
  streak: z.object({ current: nonneg, longest: nonneg }),
  achievements: z.array(AchievementSchema),
  suggestions: z.array(SuggestionSchema),
  wellness: WellnessSchema.nullable(),
  scans: z.array(ScanDaySchema),
  counts: z.object({ snapshots: nonneg, events: nonneg }),
});
export type Insights = z.infer<typeof InsightsSchema>;

/** POST /api/insights/{userId}/dismiss */
export const DismissSuggestionSchema = z.strictObject({
  suggestionId: z.string().regex(SUGGESTION_ID_PATTERN, "Unknown suggestion id"),
});
export const DismissResultSchema = z.object({ dismissed: z.array(z.string()) });

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

export const DismissedSuggestionsSchema = z.array(z.string().regex(SUGGESTION_ID_PATTERN)).max(MAX_DISMISSED);

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
    z.object({ clientId: z.string(), category: z.string(), action: z.string(), items: int, bytesFreed: z.number(), localDate: z.string(), createdAt: iso }),
  ),
  streak: z.object({ currentStreak: int, longestStreak: int, lastActiveDate: z.string().nullable(), streakHistory: z.array(z.string()) }),
  filterPresets: z.array(z.object({ name: z.string(), description: z.string(), category: z.string(), criteria: z.unknown(), createdAt: iso })),
  exportHistory: z.array(z.object({ type: z.string(), name: z.string(), size: int, status: z.string(), createdAt: iso })),
});
export type AccountExport = z.infer<typeof AccountExportSchema>;

/** One item of the local scan index inside a backup (no file handle: it cannot be serialised). */
export const IndexItemSchema = z.strictObject({
  id: z.number().int().positive(),
  path: z.string().min(1).max(4096),
  name: z.string().min(1).max(1024),
  size: nonneg,
  type: z.string().max(255),
  category: z.enum(SCAN_CATEGORIES),
  modified: z.number().finite(),
  isLarge: z.boolean(),
  isOld: z.boolean(),
  duplicateGroup: z.number().int().positive().nullable(),
  isOriginal: z.boolean(),
  width: nonneg.optional(),
  height: nonneg.optional(),
});

export const DuplicateGroupBackupSchema = z.strictObject({
  id: z.number().int().positive(),
  size: nonneg,
  itemIds: z.array(z.number().int().positive()).min(2),
  originalId: z.number().int().positive(),
  wastedBytes: nonneg,
  possible: z.boolean(),
});

export const MAX_BACKUP_ITEMS = 1_000_000;

/** `cleanspace-backup-YYYY-MM-DD.json`: the whole backup archive, validated before anything is written. */
export const BackupFileSchema = z.strictObject({
  format: z.literal("cleanspace-backup"),
  version: z.literal(1),
  createdAt: z.iso.datetime(),
  account: AccountExportSchema,
  scanIndex: z
    .strictObject({
      summary: ScanSummarySchema,
      scannedAt: z.string().max(40),
      duplicates: z.array(DuplicateGroupBackupSchema),
      items: z.array(IndexItemSchema).max(MAX_BACKUP_ITEMS),
    })
    .superRefine((index, ctx) => {
      const ids = new Set(index.items.map((i) => i.id));
      if (ids.size !== index.items.length) ctx.addIssue({ code: "custom", path: ["items"], message: "item ids must be unique" });
      for (const g of index.duplicates) {
        if (!g.itemIds.every((id) => ids.has(id))) {
          ctx.addIssue({ code: "custom", path: ["duplicates"], message: "a duplicate group names an unknown item" });
          break;
        }
      }
    })
    .nullable(),
});
export type BackupFile = z.infer<typeof BackupFileSchema>;
