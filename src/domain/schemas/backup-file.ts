/** `cleanspace-backup-YYYY-MM-DD.json` (Pro backup): the account export plus the device's scan index. */
import { z } from "zod";
import { SCAN_CATEGORIES } from "../scan-rules";
import { AccountExportSchema } from "./export";
import { ScanSummarySchema } from "./scan-summary";

const nonneg = z.number().int().nonnegative();

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
  /** The photo analysis of the item (issue 19): perceptual hash, sharpness, camera EXIF. */
  photo: z
    .strictObject({
      hash: z.string().regex(/^[0-9a-f]{16}$/),
      sharpness: z.number().finite().nonnegative(),
      camera: z.boolean(),
      // Issue 37's measures: absent in backups made before them.
      turns: z
        .string()
        .regex(/^[0-9a-f]{48}$/)
        .optional(),
      crops: z
        .string()
        .regex(/^[0-9a-f]{80}$/)
        .optional(),
      detail: z.number().finite().min(0).max(1).optional(),
      clipped: z.number().finite().min(0).max(1).optional(),
      graphic: z.boolean().optional(),
    })
    .optional(),
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
