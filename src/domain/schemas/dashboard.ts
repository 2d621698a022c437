/** Wire shapes of the dashboard's API (spec §7), shared by server, client and tests. */
import { MAX_EVENT_BYTES, MAX_EVENT_ITEMS } from "../limits";
import { z } from "zod";
import { ScanSummarySchema } from "./scan-summary";

const TimeZoneSchema = z.string().min(1).max(64).regex(/^[A-Za-z_+\-/0-9]+$/, "must be an IANA time zone");

/** POST /api/real-data/scan: the aggregate summary only — never names or paths. */
export const RealDataScanSchema = z.strictObject({
  userId: z.number().int().positive(),
  summary: ScanSummarySchema,
});

export const ScoreFactorSchema = z.object({
  key: z.enum(["duplicates", "large", "old", "empty", "apps", "email"]),
  label: z.string(),
  penalty: z.number(),
  maxPenalty: z.number(),
});

export const GoalSchema = z.object({ target: z.number(), completed: z.number(), percent: z.number(), achieved: z.boolean() });

export const DigitalDataSchema = z.object({
  userId: z.number(),
  hasScanned: z.boolean(),
  healthScore: z.number(),
  photosCount: z.number(),
  photosDuplicates: z.number(),
  photosStorage: z.number(),
  filesCount: z.number(),
  filesLarge: z.number(),
  filesStorage: z.number(),
  appsCount: z.number(),
  appsUnused: z.number(),
  appsStorage: z.number(),
  emailCount: z.number(),
  emailUnread: z.number(),
  emailStorage: z.number(),
  updatedAt: z.string().nullable(),
  summary: ScanSummarySchema.nullable(),
  scoreFactors: z.array(ScoreFactorSchema),
  goal: GoalSchema,
  today: z.string(),
});
export type DigitalData = z.infer<typeof DigitalDataSchema>;

export const StreakSchema = z.object({
  userId: z.number(),
  currentStreak: z.number(),
  longestStreak: z.number(),
  lastActiveDate: z.string().nullable(),
  streakHistory: z.array(z.string()),
  today: z.string(),
});
export type Streak = z.infer<typeof StreakSchema>;

export const StreakUpdateSchema = z.strictObject({ timezone: TimeZoneSchema.optional() }).optional();

export const CLEANUP_CATEGORIES = ["photos", "files", "apps", "email", "general"] as const;
/**
 * What a cleanup event did (cleanup-ledger.ts): "trash"/"auto-clean" moved files into the
 * CleanSpace trash, "restore" took some out, "delete" deleted them for good. "review" and
 * "ignore" are kept so events queued by older versions still drain; they count for nothing.
 */
export const CLEANUP_ACTIONS = ["trash", "delete", "restore", "review", "ignore", "quick-action", "auto-clean", "recommendation", "suggestion"] as const;

/** POST /api/cleanup-events (also the offline queue's 'cleanup-events' collection). */
export const CleanupEventSchema = z
  .strictObject({
    /** Client-generated id; a retried event with the same id is recorded once. */
    clientId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/).optional(),
    /** The offline queue's action id, accepted in place of clientId. */
    actionId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/).optional(),
    category: z.enum(CLEANUP_CATEGORIES),
    action: z.enum(CLEANUP_ACTIONS),
    items: z.number().int().min(1).max(MAX_EVENT_ITEMS),
    /** Real bytes the action moved: into the trash, out of it, or off the device. */
    bytesFreed: z.number().int().min(0).max(MAX_EVENT_BYTES).default(0),
    timezone: TimeZoneSchema.optional(),
  })
  .refine((e) => e.clientId ?? e.actionId, { message: "clientId is required", path: ["clientId"] });
export type CleanupEventInput = z.input<typeof CleanupEventSchema>;

export const CleanupEventResultSchema = z.object({
  recorded: z.boolean(),
  goal: GoalSchema,
  streak: StreakSchema,
});
