import { describe, expect, it } from "vitest";
import { organizeScore } from "./organize-score";

describe("organizeScore (spec §2: healthScore × 0.8)", () => {
  it.each([
    [100, 80],
    [72, 58],
    [85, 68],
    [0, 0],
  ])("health %i gives %i", (health, score) => {
    expect(organizeScore(health)).toBe(score);
  });
});
