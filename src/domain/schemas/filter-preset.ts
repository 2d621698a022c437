/**
 * Wire shapes of /api/filter-presets (spec §3 "Filter preset"): one schema for the route,
 * the client and the tests. Every object is strict, so an unknown field is a 400 that
 * names it; a preset stores only criteria, never a file name or path from a scan.
 */
import { z } from "zod";
import { SCAN_CATEGORIES } from "../scan-rules";
import { ORGANIZE_TABS, STATUS_FIELDS, TEXT_FIELDS } from "../filters";

const text = z.string().trim().min(1).max(100);
const bytes = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
const days = z.number().int().nonnegative().max(100_000);

const TextCriterionSchema = z.strictObject({
  name: z.enum(TEXT_FIELDS),
  type: z.literal("text"),
  operator: z.enum(["contains", "equals", "in"]),
  value: z.union([text, z.array(text).min(1).max(50)]),
  enabled: z.boolean(),
});
const SizeCriterionSchema = z.strictObject({
  name: z.literal("size"),
  type: z.literal("size"),
  operator: z.enum(["greater_than", "less_than", "equals"]),
  value: bytes,
  enabled: z.boolean(),
});
const DateCriterionSchema = z.strictObject({
  name: z.literal("modified"),
  type: z.literal("date"),
  operator: z.enum(["greater_than", "less_than", "equals"]),
  value: days,
  enabled: z.boolean(),
});
const StatusCriterionSchema = z.strictObject({
  name: z.enum(STATUS_FIELDS),
  type: z.literal("status"),
  operator: z.literal("equals"),
  value: z.boolean(),
  enabled: z.boolean(),
});
const CategoryCriterionSchema = z.strictObject({
  name: z.literal("category"),
  type: z.literal("category"),
  operator: z.enum(["equals", "in"]),
  value: z.union([z.enum(SCAN_CATEGORIES), z.array(z.enum(SCAN_CATEGORIES)).min(1).max(SCAN_CATEGORIES.length)]),
  enabled: z.boolean(),
});

export const FilterCriterionSchema = z.discriminatedUnion("type", [
  TextCriterionSchema,
  SizeCriterionSchema,
  DateCriterionSchema,
  StatusCriterionSchema,
  CategoryCriterionSchema,
]);

export const PRESET_NAME_MAX = 60;
/**
 * Bounds on what one user keeps (issue 39 #5): every GET returns all of them. The size is of
 * the criteria as JSON text; 4 KB holds 20 criteria with a dozen short values each, far more
 * than any filter a person builds, and 50 of them stay under 250 KB in one answer.
 */
export const MAX_PRESETS_PER_USER = 50;
export const MAX_PRESET_CRITERIA_CHARS = 4_096;
export const PRESET_TOO_LARGE = `This preset is too large to save. Keep its criteria under ${MAX_PRESET_CRITERIA_CHARS / 1024} KB (fewer or shorter values).`;
export const TOO_MANY_PRESETS = `You can keep up to ${MAX_PRESETS_PER_USER} presets. Delete one you no longer use to save another.`;

/** POST /api/filter-presets. `actionId` (the offline queue's) makes a retried create safe. */
export const CreateFilterPresetSchema = z.strictObject({
  name: z.string().trim().min(1, "Preset name is required").max(PRESET_NAME_MAX),
  description: z.string().trim().max(200).default(""),
  category: z.enum(ORGANIZE_TABS),
  criteria: z
    .array(FilterCriterionSchema)
    .min(1)
    .max(20)
    .refine((criteria) => JSON.stringify(criteria).length <= MAX_PRESET_CRITERIA_CHARS, PRESET_TOO_LARGE),
  actionId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/)
    .optional(),
});
export type CreateFilterPresetInput = z.input<typeof CreateFilterPresetSchema>;

export const FilterPresetIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** DELETE may carry the offline queue's body ({ id, actionId }); nothing else. */
export const DeleteFilterPresetBodySchema = z
  .strictObject({
    id: z.union([z.string(), z.number()]).optional(),
    actionId: z
      .string()
      .regex(/^[A-Za-z0-9_-]{8,64}$/)
      .optional(),
  })
  .nullish();

export const SavedFilterPresetSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  category: z.enum(ORGANIZE_TABS),
  criteria: z.array(FilterCriterionSchema),
  isDefault: z.literal(false),
  createdAt: z.string(),
});
export type SavedFilterPreset = z.infer<typeof SavedFilterPresetSchema>;

export const SavedFilterPresetListSchema = z.array(SavedFilterPresetSchema);
