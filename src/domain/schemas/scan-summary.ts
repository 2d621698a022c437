import { z } from "zod";
import { INT4_MAX, MAX_SCAN_BYTES } from "../limits";
import { SCAN_CATEGORIES, type ScanCategory } from "../scan-rules";

/**
 * The aggregate of one scan: the ONLY scan data that leaves the device (ARCHITECTURE.md,
 * principle 1). Numbers and flags only. Every object is strict and the one string has a
 * fixed ISO format, so a file name or path cannot ride along in an extra or free-text field.
 */
// Counts land in int4 columns (digital_data); bytes are summed: bounds from domain/limits.ts.
const count = z.number().int().nonnegative().max(INT4_MAX);
const bytes = z.number().int().nonnegative().max(MAX_SCAN_BYTES);

const CategoryTotalsSchema = z.object({ count, bytes }).strict();

/**
 * What the photo analysis found (issue 19): counts and bytes only — never a hash, a name or
 * a thumbnail. "Extra" counts are the photos proposed for the trash (every one but the best
 * shot of each group), so their bytes are what cleaning them frees.
 */
export const PhotoFindingsSchema = z
  .object({
    /** Photos decoded and analysed. */
    analysed: count,
    /** Photos that could not be decoded here (e.g. HEIC without a platform decoder). */
    skipped: count,
    similarGroups: count,
    similarExtra: count,
    similarExtraBytes: bytes,
    blurry: count,
    blurryBytes: bytes,
    screenshots: count,
    screenshotsBytes: bytes,
    /** Screenshots older than 30 days (a subset of screenshots). */
    oldScreenshots: count,
    oldScreenshotsBytes: bytes,
    /**
     * Distinct photos proposed for the trash by any of the above (similar extras, blurry, old
     * screenshots; a photo in two lists counts once): what the health score's photo factor and
     * "clean them all" read, so no photo is counted twice.
     */
    proposed: count,
    proposedBytes: bytes,
  })
  .strict();

const categoryShape = Object.fromEntries(SCAN_CATEGORIES.map((c) => [c, CategoryTotalsSchema])) as Record<
  ScanCategory,
  typeof CategoryTotalsSchema
>;

export const ScanSummarySchema = z
  .object({
    schemaVersion: z.literal(1),
    categories: z.object(categoryShape).strict(),
    totalFiles: count,
    totalBytes: bytes,
    /** Groups of files with identical content (or, in metadata-only mode, identical size). */
    duplicateGroups: count,
    /** Copies: files in a group other than the one kept as the original. */
    duplicateFiles: count,
    /** Bytes freed by removing every copy: size × copies, summed over groups. */
    duplicateBytes: bytes,
    largeFiles: count,
    largeBytes: bytes,
    oldFiles: count,
    oldBytes: bytes,
    /** Zero-byte files, reported apart and never as duplicates. */
    emptyFiles: count,
    /** Entries not analysed: symbolic links, special files, unreadable files and folders. */
    skipped: count,
    photosCount: count,
    photosDuplicates: count,
    /**
     * Bytes of those duplicate photo copies (recommendations show real bytes).
     * Optional: summaries saved before it existed still read; then the bytes are unknown.
     */
    photosDuplicateBytes: bytes.optional(),
    /** Present when the scan analysed photos (similar, blurry, screenshots). */
    photoFindings: PhotoFindingsSchema.optional(),
    appsCount: count,
    appsUnused: count,
    emailCount: count,
    emailUnread: count,
    /** True when no content was read: duplicates are only "possible duplicates" (same size). */
    metadataOnly: z.boolean(),
    scannedAt: z.iso.datetime({ offset: false, local: false, precision: 3 }),
  })
  .strict()
  .superRefine((s, ctx) => {
    const sum = SCAN_CATEGORIES.reduce(
      (acc, c) => ({ files: acc.files + s.categories[c].count, bytes: acc.bytes + s.categories[c].bytes }),
      { files: 0, bytes: 0 },
    );
    if (sum.files !== s.totalFiles)
      ctx.addIssue({ code: "custom", path: ["totalFiles"], message: "must equal the sum of category counts" });
    if (sum.bytes !== s.totalBytes) ctx.addIssue({ code: "custom", path: ["totalBytes"], message: "must equal the sum of category bytes" });
    if (s.duplicateFiles + s.emptyFiles > s.totalFiles) {
      ctx.addIssue({ code: "custom", path: ["duplicateFiles"], message: "cannot exceed the files scanned" });
    }
    if (s.photosDuplicateBytes !== undefined && s.photosDuplicateBytes > s.duplicateBytes) {
      ctx.addIssue({ code: "custom", path: ["photosDuplicateBytes"], message: "cannot exceed duplicateBytes" });
    }
    const f = s.photoFindings;
    if (f && (f.oldScreenshots > f.screenshots || f.oldScreenshotsBytes > f.screenshotsBytes)) {
      ctx.addIssue({ code: "custom", path: ["photoFindings", "oldScreenshots"], message: "cannot exceed screenshots" });
    }
    if (f && f.proposed > f.similarExtra + f.blurry + f.oldScreenshots) {
      ctx.addIssue({ code: "custom", path: ["photoFindings", "proposed"], message: "cannot exceed the photos it unites" });
    }
    if (f && f.analysed + f.skipped > s.photosCount) {
      ctx.addIssue({ code: "custom", path: ["photoFindings", "analysed"], message: "cannot exceed photosCount" });
    }
    if (s.photosDuplicates > s.photosCount) {
      ctx.addIssue({ code: "custom", path: ["photosDuplicates"], message: "cannot exceed photosCount" });
    }
  });

export type ScanSummary = z.infer<typeof ScanSummarySchema>;
export type PhotoFindings = z.infer<typeof PhotoFindingsSchema>;
export type ScanCategoryTotals = z.infer<typeof CategoryTotalsSchema>;
