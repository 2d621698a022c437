import { describe, expect, it } from "vitest";
import { PHOTO_FINDINGS } from "./testing/photo-findings";
import { PRIORITY_COLOR, suggestCleanups, type SuggestionInputs } from "./suggestions";

const base: SuggestionInputs = { hasScanned: true, healthScore: 90, photosDuplicates: 0, filesLarge: 0, appsUnused: 0, emailUnread: 0 };
const JUNE = 5;
const only = (d: Partial<SuggestionInputs>, month = JUNE) => suggestCleanups({ ...base, ...d }, month, 2027);

describe("suggestCleanups (spec §9 Insights suggestions)", () => {
  it("suggests nothing for a clean device outside the seasons", () => {
    expect(only({})).toEqual([]);
  });

  it("duplicate photos: photosDuplicates > 0, high, 95%, 2.1 MB each, 5 min", () => {
    const [s] = only({ photosDuplicates: 10 });
    expect(s).toMatchObject({
      id: "duplicate-photos",
      type: "duplicate",
      priority: "high",
      confidence: 0.95,
      impact: { storageFreed: 21_000_000, storageBasis: "estimate", timeToComplete: 5, itemsAffected: 10 },
      category: "photos",
      action: { tab: "photos", select: "duplicates" },
    });
  });

  it("uses the scan's measured duplicate bytes instead of the estimate", () => {
    expect(only({ photosDuplicates: 10, duplicateFiles: 10, duplicateBytes: 55_000_000 })[0]!.impact).toMatchObject({
      storageFreed: 55_000_000,
      storageBasis: "scan",
    });
    // Copies of other files too: the photos' own bytes when the scan counted them...
    expect(
      only({ photosDuplicates: 10, duplicateFiles: 40, duplicateBytes: 80_000_000, photosDuplicateBytes: 30_000_000 })[0]!.impact,
    ).toMatchObject({ storageFreed: 30_000_000, storageBasis: "scan" });
    // ...else the spec's per-item estimate, never a share dressed up as measured.
    expect(only({ photosDuplicates: 10, duplicateFiles: 40, duplicateBytes: 80_000_000 })[0]!.impact).toMatchObject({
      storageFreed: 21_000_000,
      storageBasis: "estimate",
    });
  });

  it("large files: filesLarge > 5, medium, 88%, 45 MB each, 10 min; measured bytes when known", () => {
    expect(only({ filesLarge: 5 })).toEqual([]);
    const [s] = only({ filesLarge: 6 });
    expect(s).toMatchObject({
      id: "large-files",
      type: "large_file",
      priority: "medium",
      confidence: 0.88,
      impact: { storageFreed: 270_000_000, storageBasis: "estimate", timeToComplete: 10, itemsAffected: 6 },
      action: { tab: "files", select: "large" },
    });
    expect(only({ filesLarge: 6, largeBytes: 1_234_000_000 })[0]!.impact).toMatchObject({
      storageFreed: 1_234_000_000,
      storageBasis: "scan",
    });
  });

  it("unused apps: appsUnused > 0, high, 92%, 120 MB each, 3 min, 'over 3 months'", () => {
    const [s] = only({ appsUnused: 3 });
    expect(s).toMatchObject({
      id: "unused-apps",
      type: "unused_app",
      priority: "high",
      confidence: 0.92,
      impact: { storageFreed: 360_000_000, timeToComplete: 3, itemsAffected: 3 },
      action: { tab: "apps", select: "unused" },
    });
    expect(s!.description).toContain("over 3 months");
  });

  it("email cleanup: emailUnread > 100, medium, 75%, 0.5 MB each, 15 min", () => {
    expect(only({ emailUnread: 100 })).toEqual([]);
    const [s] = only({ emailUnread: 101 });
    expect(s).toMatchObject({
      id: "email-cleanup",
      priority: "medium",
      confidence: 0.75,
      impact: { storageFreed: 50_500_000, timeToComplete: 15, itemsAffected: 101 },
      action: { tab: "email", select: "unread" },
    });
  });

  it("seasonal spring cleaning: January or March only, low, 70%, 30 min, on the scan's old files (issue 16: no fixed 1.2 GB / 150 items)", () => {
    const old = { oldFiles: 12, oldBytes: 34_000_000 };
    for (const month of [0, 2]) {
      const [s] = only(old, month);
      expect(s).toMatchObject({
        id: "seasonal-spring-2027",
        type: "seasonal",
        priority: "low",
        confidence: 0.7,
        impact: { storageFreed: 34_000_000, storageBasis: "scan", timeToComplete: 30, itemsAffected: 12 },
        action: { tab: "files", select: "old" },
      });
    }
    for (const month of [1, 3, 11]) expect(only(old, month)).toEqual([]);
    // Nothing old to act on: not shown.
    expect(only({}, 0)).toEqual([]);
  });

  it("storage optimization: healthScore < 70, high, 85%, 20 min, on the scan's old files (no fixed 800 MB / 75 items)", () => {
    const old = { oldFiles: 7, oldBytes: 9_000_000 };
    expect(only({ ...old, healthScore: 70 })).toEqual([]);
    expect(only({ healthScore: 69 })).toEqual([]);
    const [s] = only({ ...old, healthScore: 69 });
    expect(s).toMatchObject({
      id: "storage-optimization",
      type: "storage_optimization",
      priority: "high",
      confidence: 0.85,
      impact: { storageFreed: 9_000_000, storageBasis: "scan", timeToComplete: 20, itemsAffected: 7 },
      action: { tab: "files", select: "old" },
    });
  });

  it("photo findings (issue 19): similar shots, old screenshots and blurry photos, measured bytes, leading to the Photos view", () => {
    const rows = only({ photoFindings: PHOTO_FINDINGS });
    expect(rows.map((r) => r.id)).toEqual(["old-screenshots", "similar-photos", "blurry-photos"]);
    expect(rows.find((r) => r.id === "similar-photos")).toMatchObject({
      type: "duplicate",
      priority: "medium",
      confidence: 0.85,
      description: "Your last scan found 10 sets of similar photos. Keep the best shot of each; 20 others can go.",
      impact: { storageFreed: 40_000_000, storageBasis: "scan", itemsAffected: 20 },
      category: "photos",
      action: { tab: "photos", view: "similar" },
    });
    expect(rows.find((r) => r.id === "old-screenshots")).toMatchObject({
      impact: { storageFreed: 3_000_000, itemsAffected: 6 },
      action: { tab: "photos", view: "screenshots" },
    });
    expect(rows.find((r) => r.id === "blurry-photos")).toMatchObject({
      impact: { storageFreed: 16_000_000, itemsAffected: 8 },
      action: { tab: "photos", view: "blurry" },
    });
    const none = { ...PHOTO_FINDINGS, similarExtra: 0, similarGroups: 0, blurry: 0, oldScreenshots: 0 };
    expect(only({ photoFindings: none })).toEqual([]);
    expect(only({ hasScanned: false, photoFindings: PHOTO_FINDINGS })).toEqual([]);
  });

  it("needs a scan for every rule (no scan means no figures)", () => {
    expect(suggestCleanups({ ...base, hasScanned: false, healthScore: 0, photosDuplicates: 3, oldFiles: 5 }, 2, 2027)).toEqual([]);
  });

  it("sorts by priority weight x confidence and leaves out dismissed ids", () => {
    const all = { photosDuplicates: 1, filesLarge: 6, appsUnused: 1, emailUnread: 101, healthScore: 50, oldFiles: 3, oldBytes: 300 };
    expect(only(all, 0).map((s) => s.id)).toEqual([
      "duplicate-photos",
      "unused-apps",
      "storage-optimization",
      "large-files",
      "email-cleanup",
      "seasonal-spring-2027",
    ]);
    expect(suggestCleanups({ ...base, ...all }, 0, 2027, ["unused-apps", "seasonal-spring-2027"]).map((s) => s.id)).toEqual([
      "duplicate-photos",
      "storage-optimization",
      "large-files",
      "email-cleanup",
    ]);
    // Last year's dismissed spring cleaning does not hide this year's.
    expect(suggestCleanups({ ...base, ...all }, 2, 2027, ["seasonal-spring-2026"]).map((s) => s.id)).toContain("seasonal-spring-2027");
  });

  it("colours priorities high red, medium orange, low blue", () => {
    expect(PRIORITY_COLOR).toEqual({ high: "red", medium: "orange", low: "blue" });
  });
});
