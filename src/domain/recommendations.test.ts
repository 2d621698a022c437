import { describe, expect, it } from "vitest";
import { buildSummary } from "./testing/build-summary";
import { PHOTO_FINDINGS } from "./testing/photo-findings";
import { healthGain } from "./cleanup-impact";
import { recommend } from "./recommendations";
import type { ScanSummary } from "./schemas/scan-summary";

const JUNE = 5;
/** A clean device: nothing any rule could act on. */
const clean: ScanSummary = buildSummary({
  categories: { photo: { count: 500, bytes: 1_000_000_000 }, document: { count: 500, bytes: 1_000_000_000 } },
  duplicateGroups: 0,
  duplicateFiles: 0,
  duplicateBytes: 0,
  photosDuplicates: 0,
  photosDuplicateBytes: 0,
  largeFiles: 0,
  largeBytes: 0,
  oldFiles: 0,
  oldBytes: 0,
  emptyFiles: 0,
});
const ctx = { healthScore: 100, autoCleanOn: false };

describe("recommend (spec §9 table, figures from the scan: issue 16)", () => {
  it("recommends nothing for a clean device, whatever the month", () => {
    expect(recommend(clean, ctx, JUNE)).toEqual([]);
    expect(recommend(clean, ctx, 0)).toEqual([]);
  });

  it("shows no duplicate-photo recommendation when the scan found no duplicate photos, however many photos", () => {
    expect(recommend({ ...clean, photosCount: 5000 }, ctx, JUNE)).toEqual([]);
  });

  it("keeps each spec threshold strictly, and shows the scan's own counts, bytes and health gain", () => {
    const dupes = {
      ...clean,
      duplicateGroups: 3,
      duplicateFiles: 4,
      duplicateBytes: 40_000_000,
      photosDuplicates: 4,
      photosDuplicateBytes: 40_000_000,
    };
    expect(
      recommend(
        { ...dupes, categories: { ...dupes.categories, photo: { count: 100, bytes: 1_000_000_000 } }, photosCount: 100 },
        ctx,
        JUNE,
      ),
    ).toEqual([]);
    const [r] = recommend(dupes, ctx, JUNE);
    expect(r).toMatchObject({
      id: "duplicate-photos",
      priority: "high",
      confidence: 0.85,
      estimatedBenefit: 85,
      learningSource: "Your latest scan",
    });
    expect(r!.impact).toMatchObject({ itemsAffected: 4, storageFreed: "40.0 MB", healthGain: healthGain(dupes, "duplicate-photos") });
    expect(r!.description).toContain("4 duplicate photos among 500");
    expect(r!.action).toEqual({ kind: "organize", tab: "photos", select: "duplicates" });

    const large = { ...clean, largeFiles: 3, largeBytes: 600_000_000 };
    expect(recommend(large, ctx, JUNE)[0]).toMatchObject({
      id: "large-files",
      priority: "medium",
      confidence: 0.75,
      estimatedBenefit: 70,
      impact: { itemsAffected: 3, storageFreed: "600 MB" },
    });
    expect(recommend({ ...clean, appsCount: 21, appsUnused: 4 }, ctx, JUNE)[0]).toMatchObject({
      id: "unused-apps",
      confidence: 0.7,
      impact: { itemsAffected: 4, storageFreed: "—" },
    });
    expect(recommend({ ...clean, appsCount: 20, appsUnused: 4 }, ctx, JUNE)).toEqual([]);
    expect(recommend({ ...clean, emailCount: 1001, emailUnread: 10 }, ctx, JUNE)[0]).toMatchObject({
      id: "email-organisation",
      priority: "low",
      impact: { itemsAffected: 10 },
    });
  });

  it("recommends the photo views from the scan's photo findings, with their measured bytes and real health gain (issue 19)", () => {
    const s = { ...clean, photoFindings: PHOTO_FINDINGS };
    const rows = recommend(s, ctx, JUNE);
    expect(rows.map((r) => r.id)).toEqual(["similar-photos", "old-screenshots", "blurry-photos"]);
    const similar = rows[0]!;
    expect(similar.impact).toEqual({
      storageFreed: "40.0 MB",
      timeToComplete: "10 min",
      itemsAffected: 20,
      healthGain: healthGain(s, "similar-photos"),
      difficulty: "easy",
    });
    expect(similar.impact.healthGain).toBeGreaterThan(0);
    expect(similar.action).toEqual({ kind: "organize", tab: "photos", view: "similar" });
    expect(rows[1]!.action).toEqual({ kind: "organize", tab: "photos", view: "screenshots" });
    expect(rows[2]!.action).toEqual({ kind: "organize", tab: "photos", view: "blurry" });
    expect(recommend({ ...s, photoFindings: { ...PHOTO_FINDINGS, similarExtra: 0, blurry: 0, oldScreenshots: 0 } }, ctx, JUNE)).toEqual([]);
  });

  it("offers Auto Clean below 70 only when there are exact copies and Auto Clean Mode is off", () => {
    const copies = { ...clean, duplicateGroups: 2, duplicateFiles: 300, duplicateBytes: 3_000_000 };
    const r = recommend(copies, { healthScore: 69, autoCleanOn: false }, JUNE);
    expect(r[0]).toMatchObject({
      id: "automation-setup",
      priority: "high",
      estimatedBenefit: 80,
      action: { kind: "auto-clean" },
      impact: { itemsAffected: 300, storageFreed: "3.0 MB" },
    });
    expect(r[0]!.impact.healthGain).toBe(healthGain(copies, "duplicates"));
    expect(r[0]!.impact.healthGain).toBeGreaterThan(0);
    expect(recommend(copies, { healthScore: 70, autoCleanOn: false }, JUNE)).toEqual([]);
    expect(recommend(copies, { healthScore: 40, autoCleanOn: true }, JUNE)).toEqual([]);
    expect(recommend({ ...copies, metadataOnly: true }, { healthScore: 40, autoCleanOn: false }, JUNE)).toEqual([]);
    expect(recommend(clean, { healthScore: 40, autoCleanOn: false }, JUNE)).toEqual([]);
  });

  it("adds the seasonal cleanup in January and December only, on the scan's old files", () => {
    const old = { ...clean, oldFiles: 12, oldBytes: 5_000_000 };
    expect(recommend(old, ctx, 0).map((r) => [r.id, r.impact.itemsAffected, r.impact.storageFreed])).toEqual([
      ["seasonal-cleanup", 12, "5.0 MB"],
    ]);
    expect(recommend(old, ctx, 11).map((r) => r.id)).toEqual(["seasonal-cleanup"]);
    expect(recommend(old, ctx, 1)).toEqual([]);
  });

  it("sorts by priority weight × confidence and keeps at most 5", () => {
    const all = buildSummary({
      photosDuplicates: 30,
      photosDuplicateBytes: 60_000_000,
      appsCount: 50,
      appsUnused: 10,
      emailCount: 5000,
      emailUnread: 900,
    });
    expect(recommend(all, { healthScore: 40, autoCleanOn: false }, 0).map((r) => r.id)).toEqual([
      "duplicate-photos",
      "automation-setup",
      "large-files",
      "unused-apps",
      "seasonal-cleanup",
    ]);
  });
});
