import { describe, expect, it } from "vitest";
import { blur, greyScene } from "../testing/grey-scenes";
import { isBlurry } from "./blur";
import { sharpnessOf } from "./sharpness";
import { BLURRY_MAX_SHARPNESS } from "./thresholds";

describe("sharpnessOf", () => {
  it("collapses when the picture is blurred, more with a larger radius", () => {
    const scene = greyScene(3, 512, 384);
    const sharp = sharpnessOf(scene);
    const soft = sharpnessOf(blur(scene, 1));
    const softer = sharpnessOf(blur(scene, 3));
    expect(sharp).toBeGreaterThan(BLURRY_MAX_SHARPNESS);
    expect(soft).toBeLessThan(sharp / 10);
    expect(softer).toBeLessThan(soft);
  });

  it("is comparable across image sizes (within a factor of 1.5 for the same scene)", () => {
    const at512 = sharpnessOf(greyScene(4, 512, 384));
    for (const [w, h] of [
      [256, 192],
      [200, 150],
    ] as const) {
      const ratio = sharpnessOf(greyScene(4, w, h)) / at512;
      expect(ratio).toBeGreaterThan(1 / 1.5);
      expect(ratio).toBeLessThan(1.5);
    }
  });

  it("is zero for a flat picture", () => {
    expect(sharpnessOf({ width: 64, height: 64, data: new Uint8Array(64 * 64).fill(90) })).toBe(0);
  });
});

describe("isBlurry", () => {
  it("flags low sharpness, but not on pictures too small to judge", () => {
    expect(isBlurry({ sharpness: BLURRY_MAX_SHARPNESS / 2, width: 4000, height: 3000 })).toBe(true);
    expect(isBlurry({ sharpness: BLURRY_MAX_SHARPNESS * 2, width: 4000, height: 3000 })).toBe(false);
    expect(isBlurry({ sharpness: 0, width: 64, height: 64 })).toBe(false);
  });
});
