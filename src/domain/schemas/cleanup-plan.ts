/**
 * The cleanup plan: what Organize's "Export cleanup plan" downloads and
 * `cleanspace apply PLAN --root DIR` carries out. Versioned so an older CLI refuses a newer
 * plan instead of guessing. Written on the device and never uploaded: it holds file paths.
 * README "Cleanup plans" documents the format.
 */
import { z } from "zod";
import { KeepPolicySchema } from "../keep-rules";

export const PLAN_FORMAT = "cleanspace-cleanup-plan";
export const PLAN_VERSION = 1;

/** "sha256:" and 64 lower-case hex digits: computable by Web Crypto-free streaming in any browser and by Node. */
export const ContentHashSchema = z.string().regex(/^sha256:[0-9a-f]{64}$/, "A content hash is sha256: and 64 hex digits");

/**
 * A path relative to the plan's root, "/"-separated: no leading "/", no "." or ".." or
 * empty parts, no NUL. Any other character (spaces, quotes, newlines, any Unicode) is kept.
 */
export const RelativePathSchema = z
  .string()
  .min(1)
  .max(4096)
  .refine((p) => !p.includes("\0"), "A path cannot hold a NUL character")
  .refine(
    (p) => p.split("/").every((part) => part !== "" && part !== "." && part !== ".."),
    "A path must be relative, without “.”, “..” or empty parts",
  );

export const PlanFileSchema = z
  .object({
    path: RelativePathSchema,
    size: z.number().int().nonnegative(),
    /** Modification time, whole ms since the epoch (as File.lastModified gives it). */
    mtime: z.number().int(),
    hash: ContentHashSchema,
  })
  .strict();
export type PlanFile = z.infer<typeof PlanFileSchema>;

export const PlanActionSchema = z
  .object({
    /** Move the file into the CleanSpace trash inside the root (undoable). */
    action: z.literal("trash"),
    file: PlanFileSchema,
    /** The copy that stays: it must still match too, or the action is refused (the last copy is never removed). */
    keep: PlanFileSchema.optional(),
    /** Which rule chose this, in words. */
    reason: z.string().max(500),
  })
  .strict()
  .refine((a) => a.keep === undefined || (a.keep.hash === a.file.hash && a.keep.size === a.file.size), {
    message: "A removed copy must have the same size and hash as the file kept",
  })
  .refine((a) => a.keep === undefined || a.keep.path !== a.file.path, { message: "A file cannot be kept and removed at once" });
export type PlanAction = z.infer<typeof PlanActionSchema>;

export const CleanupPlanSchema = z
  .object({
    format: z.literal(PLAN_FORMAT),
    version: z.literal(PLAN_VERSION),
    createdAt: z.iso.datetime(),
    createdBy: z.enum(["web", "cli"]),
    /** The chosen folder's own name, for the reader only: apply takes the root from --root. */
    rootName: z.string().max(255),
    policy: KeepPolicySchema,
    actions: z.array(PlanActionSchema).max(1_000_000),
  })
  .strict()
  .superRefine((plan, ctx) => {
    const removed = new Set<string>();
    for (const [i, a] of plan.actions.entries()) {
      if (removed.has(a.file.path))
        ctx.addIssue({ code: "custom", path: ["actions", i, "file", "path"], message: "A file appears twice in the plan" });
      removed.add(a.file.path);
    }
    for (const [i, a] of plan.actions.entries()) {
      if (a.keep && removed.has(a.keep.path)) {
        ctx.addIssue({ code: "custom", path: ["actions", i, "keep", "path"], message: "A kept file is also removed by the plan" });
      }
    }
  });
export type CleanupPlan = z.infer<typeof CleanupPlanSchema>;
