import type { PhotoFindings } from "../schemas/scan-summary";

/** A photo analysis's aggregate for tests: two blurry photos are also similar extras. */
export const PHOTO_FINDINGS: PhotoFindings = {
  analysed: 100,
  skipped: 0,
  similarGroups: 10,
  similarExtra: 20,
  similarExtraBytes: 40_000_000,
  blurry: 8,
  blurryBytes: 16_000_000,
  screenshots: 12,
  screenshotsBytes: 6_000_000,
  oldScreenshots: 6,
  oldScreenshotsBytes: 3_000_000,
  // 20 + 8 + 6 - 2
  proposed: 32,
  proposedBytes: 55_000_000,
};
