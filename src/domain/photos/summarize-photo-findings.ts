import type { PhotoFindings } from "../schemas/scan-summary";
import type { PhotoFacts, PhotoReport } from "./photo-facts";

/**
 * The aggregate of a photo report, the only part that leaves the device (issue 19): counts
 * and bytes. "Similar extra" are the photos proposed for the trash (all but each group's
 * best shot), so their bytes are what cleaning them frees. "Proposed" unites the similar
 * extras, the blurry photos and the old screenshots, each photo once.
 */
export function summarizePhotoFindings(report: PhotoReport, facts: readonly PhotoFacts[]): PhotoFindings {
  const sizeOf = new Map(facts.map((f) => [f.id, f.size]));
  const bytes = (ids: readonly number[]): number => ids.reduce((sum, id) => sum + (sizeOf.get(id) ?? 0), 0);
  const extra = report.similar.flatMap((g) => g.ids.filter((id) => id !== g.keepId));
  const proposed = [...new Set([...extra, ...report.blurry, ...report.oldScreenshots])];
  return {
    analysed: facts.length,
    skipped: report.skipped,
    similarGroups: report.similar.length,
    similarExtra: extra.length,
    similarExtraBytes: bytes(extra),
    blurry: report.blurry.length,
    blurryBytes: bytes(report.blurry),
    screenshots: report.screenshots.length,
    screenshotsBytes: bytes(report.screenshots),
    oldScreenshots: report.oldScreenshots.length,
    oldScreenshotsBytes: bytes(report.oldScreenshots),
    proposed: proposed.length,
    proposedBytes: bytes(proposed),
  };
}
