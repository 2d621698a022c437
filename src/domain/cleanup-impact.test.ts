import { describe, expect, it } from "vitest";
import { buildSummary } from "./testing/build-summary";
import { PHOTO_FINDINGS as findings } from "./testing/photo-findings";
import { healthGain, scoreInputsAfter } from "./cleanup-impact";
import { computeHealthScore, scoreInputsOf } from "./health-score";

describe("healthGain (issue 16: score after minus score now)", () => {
  const s = buildSummary({ appsCount: 10, appsUnused: 5, emailCount: 10, emailUnread: 0 });

  it("reads the score inputs from the summary exactly as the score does", () => {
    expect(scoreInputsOf(s)).toMatchObject({ photosCount: s.photosCount, photosToReview: 0, duplicateFiles: s.duplicateFiles });
    expect(scoreInputsOf({ ...s, photoFindings: findings }).photosToReview).toBe(findings.proposed);
  });

  it("takes the cleaned clutter and its files out, nothing else", () => {
    expect(scoreInputsAfter(s, "duplicates")).toMatchObject({
      duplicateFiles: 0,
      totalFiles: s.totalFiles - 50,
      totalBytes: s.totalBytes - 100_000_000,
      oldFiles: 200,
    });
    expect(scoreInputsAfter(s, "large-files")).toMatchObject({ largeBytes: 0, totalFiles: s.totalFiles - 2 });
    expect(scoreInputsAfter(s, "unused-apps")).toMatchObject({ appsCount: 5, appsUnused: 0 });
    expect(scoreInputsAfter({ ...s, photosDuplicateBytes: 10 }, "duplicate-photos")).toMatchObject({
      duplicateFiles: 20,
      totalFiles: s.totalFiles - 30,
      totalBytes: s.totalBytes - 10,
    });
  });

  it("takes a photo list out of the photos proposed, the photos and the files (issue 19)", () => {
    const p = { ...s, photoFindings: findings };
    expect(scoreInputsAfter(p, "similar-photos")).toMatchObject({
      photosToReview: 12,
      photosCount: s.photosCount - 20,
      totalFiles: s.totalFiles - 20,
      totalBytes: s.totalBytes - 40_000_000,
    });
    expect(scoreInputsAfter(p, "blurry-photos")).toMatchObject({ photosToReview: 24, photosCount: s.photosCount - 8 });
    expect(scoreInputsAfter(p, "old-screenshots")).toMatchObject({ photosToReview: 26, totalBytes: s.totalBytes - 3_000_000 });
    expect(healthGain(p, "similar-photos")).toBe(
      computeHealthScore(scoreInputsAfter(p, "similar-photos")).score - computeHealthScore(scoreInputsOf(p)).score,
    );
    expect(healthGain(s, "similar-photos")).toBe(0);
  });

  it("is the difference of the real scores, and 0 when the cleanup changes nothing", () => {
    const now = computeHealthScore(scoreInputsOf(s)).score;
    expect(healthGain(s, "unused-apps")).toBe(computeHealthScore(scoreInputsAfter(s, "unused-apps")).score - now);
    expect(healthGain(s, "unused-apps")).toBe(15);
    expect(healthGain(s, "unread-email")).toBe(0);
  });
});
