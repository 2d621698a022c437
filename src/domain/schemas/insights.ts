/**
 * Wire shapes of the Insights API (spec §2 Insights, §3 Suggestion / Achievement / Wellness
 * metric / Timeline day). Exports and restore: export.ts; the backup file: backup-file.ts.
 */
import { z } from "zod";
import { ACHIEVEMENT_ICONS, ACHIEVEMENT_TIERS, ACHIEVEMENT_UNITS } from "../achievements";
import { MAX_DISMISSED, SUGGESTION_CATEGORIES, SUGGESTION_ID_PATTERN, SUGGESTION_TYPES } from "../suggestions";
import { ORGANIZE_TABS, PHOTO_VIEWS, QUICK_SELECTS } from "../filters";
import { PROGRESS_CATEGORIES } from "../timeline";
import { WELLNESS_METRIC_IDS, WELLNESS_STATUSES } from "../wellness";

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
  action: z.object({ tab: z.enum(ORGANIZE_TABS), select: z.enum(QUICK_SELECTS).optional(), view: z.enum(PHOTO_VIEWS).optional() }),
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

export const DismissedSuggestionsSchema = z.array(z.string().regex(SUGGESTION_ID_PATTERN)).max(MAX_DISMISSED);
