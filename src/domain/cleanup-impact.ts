/**
 * What a cleanup would really change: the health gain of a quick win or a
 * recommendation is the score after the cleanup minus the score now, both from the real
 * score function (health-score.ts) on the user's own scan summary — never a fixed "+20".
 */
import { computeHealthScore, scoreInputsOf, type ScoreInputs } from "./health-score";
import type { ScanSummary } from "./schemas/scan-summary";

/** The clutter a cleanup takes away. */
export type Cleanup =
  | "duplicate-photos"
  | "similar-photos"
  | "blurry-photos"
  | "old-screenshots"
  | "duplicates"
  | "large-files"
  | "old-files"
  | "unused-apps"
  | "unread-email";

/** The photos a photo cleanup trashes: each list is a subset of `proposed`, so what stays
 *  proposed is exactly `proposed` minus the list. */
function withoutPhotos(i: ScoreInputs, photos: number, bytes: number): ScoreInputs {
  return {
    ...withoutFiles(i, photos, bytes),
    photosCount: Math.max(0, i.photosCount - photos),
    photosToReview: Math.max(0, i.photosToReview - photos),
  };
}

/** Files and bytes leaving the scanned folder; the rest of the clutter stays as it was. */
function withoutFiles(i: ScoreInputs, files: number, bytes: number): ScoreInputs {
  return { ...i, totalFiles: Math.max(0, i.totalFiles - files), totalBytes: Math.max(0, i.totalBytes - bytes) };
}

/** The score inputs once `cleanup` is done (what the summary tells of it; nothing else changes). */
export function scoreInputsAfter(s: ScanSummary, cleanup: Cleanup): ScoreInputs {
  const now = scoreInputsOf(s);
  switch (cleanup) {
    case "duplicate-photos":
      return {
        ...withoutFiles(now, s.photosDuplicates, s.photosDuplicateBytes ?? 0),
        photosCount: Math.max(0, now.photosCount - s.photosDuplicates),
        duplicateFiles: Math.max(0, s.duplicateFiles - s.photosDuplicates),
      };
    case "similar-photos":
      return withoutPhotos(now, s.photoFindings?.similarExtra ?? 0, s.photoFindings?.similarExtraBytes ?? 0);
    case "blurry-photos":
      return withoutPhotos(now, s.photoFindings?.blurry ?? 0, s.photoFindings?.blurryBytes ?? 0);
    case "old-screenshots":
      return withoutPhotos(now, s.photoFindings?.oldScreenshots ?? 0, s.photoFindings?.oldScreenshotsBytes ?? 0);
    case "duplicates":
      return { ...withoutFiles(now, s.duplicateFiles, s.duplicateBytes), duplicateFiles: 0 };
    case "large-files":
      return { ...withoutFiles(now, s.largeFiles, s.largeBytes), largeBytes: 0 };
    case "old-files":
      return { ...withoutFiles(now, s.oldFiles, s.oldBytes), oldFiles: 0 };
    case "unused-apps":
      return { ...now, appsCount: s.appsCount - s.appsUnused, appsUnused: 0 };
    case "unread-email":
      return { ...now, emailUnread: 0 };
  }
}

/** Score after the cleanup minus the score now (0 when it would change nothing). */
export function healthGain(s: ScanSummary, cleanup: Cleanup): number {
  return Math.max(0, computeHealthScore(scoreInputsAfter(s, cleanup)).score - computeHealthScore(scoreInputsOf(s)).score);
}
