/** The dashboard's figures (spec §7 GET /api/digital-data/{id}) and the scan upload. */
import { z } from "zod";
import { ScanSummarySchema } from "./scan-summary";

/** POST /api/real-data/scan: the aggregate summary only — never names or paths. */
export const RealDataScanSchema = z.strictObject({
  userId: z.number().int().positive(),
  summary: ScanSummarySchema,
  /**
   * A finished scan also records its snapshot (the history Insights reads) in the same
   * transaction; a retry of the same scan (same `summary.scannedAt`) records it once.
   * Without it, the summary alone is updated (after an action changed the device).
   */
  snapshot: z.boolean().optional(),
});
export type RealDataScan = z.input<typeof RealDataScanSchema>;

export const ScoreFactorSchema = z.object({
  key: z.enum(["duplicates", "photos", "large", "old", "empty", "apps", "email"]),
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
