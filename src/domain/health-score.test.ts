import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { computeHealthScore, organizeScore, scoreBand, type ScoreInputs } from "./health-score";

const clean: ScoreInputs = {
  totalFiles: 1000,
  totalBytes: 1e9,
  duplicateFiles: 0,
  largeBytes: 0,
  oldFiles: 0,
  emptyFiles: 0,
  appsCount: 0,
  appsUnused: 0,
  emailCount: 0,
  emailUnread: 0,
  photosCount: 0,
  photosToReview: 0,
};

describe("computeHealthScore", () => {
  it("is 100 for a clean device and for an empty one", () => {
    expect(computeHealthScore(clean).score).toBe(100);
    expect(computeHealthScore({ ...clean, totalFiles: 0, totalBytes: 0 }).score).toBe(100);
  });

  it("explains the score: penalties per factor add up to 100 - score", () => {
    const r = computeHealthScore({ ...clean, duplicateFiles: 125, oldFiles: 300 });
    const dup = r.factors.find((f) => f.key === "duplicates")!;
    expect(dup.penalty).toBe(15); // 12.5% of files are copies: half of the 30-point maximum
    expect(r.factors.find((f) => f.key === "old")!.penalty).toBe(7.5); // 30% of the 60% saturation
    expect(r.score).toBe(Math.round(100 - 15 - 7.5));
    expect(r.factors[0]!.key).toBe("duplicates");
  });

  it("saturates every factor at its maximum, bottoming out at 0", () => {
    const worst = computeHealthScore({
      totalFiles: 10,
      totalBytes: 10,
      duplicateFiles: 10,
      largeBytes: 10,
      oldFiles: 10,
      emptyFiles: 10,
      appsCount: 4,
      appsUnused: 4,
      emailCount: 9,
      emailUnread: 9,
      photosCount: 8,
      photosToReview: 8,
    });
    expect(worst.score).toBe(0);
    expect(worst.factors.every((f) => f.penalty === f.maxPenalty)).toBe(true);
  });

  it("is monotone: adding clutter never raises the score", () => {
    const inputs = fc.record({
      totalFiles: fc.integer({ min: 0, max: 100_000 }),
      totalBytes: fc.integer({ min: 0, max: 1e12 }),
      dup: fc.double({ min: 0, max: 1, noNaN: true }),
      large: fc.double({ min: 0, max: 1, noNaN: true }),
      old: fc.double({ min: 0, max: 1, noNaN: true }),
      empty: fc.double({ min: 0, max: 1, noNaN: true }),
      appsCount: fc.integer({ min: 0, max: 500 }),
      appsUnused: fc.double({ min: 0, max: 1, noNaN: true }),
      emailCount: fc.integer({ min: 0, max: 100_000 }),
      emailUnread: fc.double({ min: 0, max: 1, noNaN: true }),
      photosCount: fc.integer({ min: 0, max: 100_000 }),
      photosToReview: fc.double({ min: 0, max: 1, noNaN: true }),
    });
    const key = fc.constantFrom("duplicateFiles", "largeBytes", "oldFiles", "emptyFiles", "appsUnused", "emailUnread", "photosToReview");
    fc.assert(
      fc.property(inputs, key, fc.integer({ min: 1, max: 1000 }), (r, k, extra) => {
        const base: ScoreInputs = {
          totalFiles: r.totalFiles,
          totalBytes: r.totalBytes,
          duplicateFiles: Math.floor(r.totalFiles * r.dup),
          largeBytes: Math.floor(r.totalBytes * r.large),
          oldFiles: Math.floor(r.totalFiles * r.old),
          emptyFiles: Math.floor(r.totalFiles * r.empty),
          appsCount: r.appsCount,
          appsUnused: Math.floor(r.appsCount * r.appsUnused),
          emailCount: r.emailCount,
          emailUnread: Math.floor(r.emailCount * r.emailUnread),
          photosCount: r.photosCount,
          photosToReview: Math.floor(r.photosCount * r.photosToReview),
        };
        const more = { ...base, [k]: base[k as keyof ScoreInputs] + extra };
        expect(computeHealthScore(more).score).toBeLessThanOrEqual(computeHealthScore(base).score);
      }),
      { numRuns: 500 },
    );
  });
});

describe("the photo factor (issue 19)", () => {
  it("penalises the share of photos proposed for the trash, saturating at a quarter", () => {
    const photos = (photosToReview: number) =>
      computeHealthScore({ ...clean, photosCount: 400, photosToReview }).factors.find((f) => f.key === "photos")!;
    expect(photos(0).penalty).toBe(0);
    expect(photos(50).penalty).toBe(5); // 12.5% of photos: half of the 10-point maximum
    expect(photos(100).penalty).toBe(10);
    expect(photos(400).penalty).toBe(10);
    expect(photos(50).label).toBe("Similar shots, blurry photos and old screenshots");
  });
  it("costs nothing without photos or without a photo analysis", () => {
    expect(computeHealthScore({ ...clean, photosCount: 0, photosToReview: 0 }).score).toBe(100);
  });
});

describe("bands and organize score (spec §2, §9)", () => {
  it("colours green from 80, yellow 60–79, red below 60", () => {
    expect([100, 80, 79, 60, 59, 0].map(scoreBand)).toEqual(["green", "green", "yellow", "yellow", "red", "red"]);
  });
  it("shows the organize score as health × 0.8", () => {
    expect(organizeScore(85)).toBe(68);
    expect(organizeScore(0)).toBe(0);
  });
});
