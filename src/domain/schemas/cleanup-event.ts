/** A cleanup event (spec §7 POST /api/cleanup-events; the offline queue's collection) and its answer. */
import { z } from "zod";
import { MAX_EVENT_BYTES, MAX_EVENT_ITEMS } from "../limits";
import { GoalSchema } from "./digital-data";
import { StreakSchema } from "./streak";
import { TimeZoneSchema } from "./time-zone";

export const CLEANUP_CATEGORIES = ["photos", "files", "apps", "email", "general"] as const;
/**
 * What a cleanup event did (cleanup-ledger.ts): "trash"/"auto-clean" moved files into the
 * CleanSpace trash, "restore" took some out, "delete" deleted them for good. "review" and
 * "ignore" are kept so events queued by older versions still drain; they count for nothing.
 */
export const CLEANUP_ACTIONS = [
  "trash",
  "delete",
  "restore",
  "review",
  "ignore",
  "quick-action",
  "auto-clean",
  "recommendation",
  "suggestion",
] as const;

/** POST /api/cleanup-events (also the offline queue's 'cleanup-events' collection). */
export const CleanupEventSchema = z
  .strictObject({
    /** Client-generated id; a retried event with the same id is recorded once. */
    clientId: z
      .string()
      .regex(/^[A-Za-z0-9_-]{8,64}$/)
      .optional(),
    /** The offline queue's action id, accepted in place of clientId. */
    actionId: z
      .string()
      .regex(/^[A-Za-z0-9_-]{8,64}$/)
      .optional(),
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
