import { describe, expect, it } from "vitest";
import { recommend, type RecommendationInputs } from "./recommendations";

const none: RecommendationInputs = { photosCount: 0, photosBytes: 0, filesCount: 0, largeBytes: 0, appsCount: 0, emailCount: 0, healthScore: 100 };
const JUNE = 5;

describe("recommend (spec §9 table)", () => {
  it("recommends nothing for a clean device mid-year", () => {
    expect(recommend(none, JUNE)).toEqual([]);
  });

  it("applies each threshold strictly", () => {
    expect(recommend({ ...none, photosCount: 100 }, JUNE)).toEqual([]);
    const r = recommend({ ...none, photosCount: 101, photosBytes: 1e9 }, JUNE);
    expect(r).toHaveLength(1);
    expect(r[0]).toMatchObject({ id: "duplicate-photos", priority: "high", confidence: 0.85, estimatedBenefit: 85 });
    expect(r[0]!.impact.itemsAffected).toBe(15);
    expect(r[0]!.impact.storageFreed).toBe("150 MB");
    expect(recommend({ ...none, filesCount: 51 }, JUNE)[0]).toMatchObject({ id: "large-files", priority: "medium", confidence: 0.75, estimatedBenefit: 70 });
    expect(recommend({ ...none, appsCount: 21 }, JUNE)[0]).toMatchObject({ id: "unused-apps", confidence: 0.7, estimatedBenefit: 65 });
    expect(recommend({ ...none, emailCount: 1001 }, JUNE)[0]).toMatchObject({ id: "email-organisation", priority: "low", estimatedBenefit: 60 });
    expect(recommend({ ...none, healthScore: 69 }, JUNE)[0]).toMatchObject({ id: "automation-setup", priority: "high", estimatedBenefit: 80 });
    expect(recommend({ ...none, healthScore: 70 }, JUNE)).toEqual([]);
  });

  it("adds the seasonal cleanup in January and December only", () => {
    expect(recommend(none, 0).map((r) => r.id)).toEqual(["seasonal-cleanup"]);
    expect(recommend(none, 11).map((r) => r.id)).toEqual(["seasonal-cleanup"]);
    expect(recommend(none, 1)).toEqual([]);
  });

  it("sorts by priority weight × confidence and keeps at most 5", () => {
    const all = recommend({ photosCount: 500, photosBytes: 1e9, filesCount: 500, largeBytes: 1e9, appsCount: 50, emailCount: 5000, healthScore: 40 }, 0);
    expect(all.map((r) => r.id)).toEqual(["duplicate-photos", "automation-setup", "large-files", "unused-apps", "seasonal-cleanup"]);
  });
});
