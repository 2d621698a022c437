import { describe, expect, it } from "vitest";
import { blur, greyScene } from "../testing/grey-scenes";
import { isBlurry } from "./blur";
import { resampleArea, type GreyImage } from "./grey-image";
import { sharpnessOf } from "./sharpness";
import { BLUR_MIN_EDGE, BLURRY_MAX_SHARPNESS } from "./thresholds";

const shrink = (grey: GreyImage, width: number, height: number): GreyImage => ({
  width,
  height,
  data: Uint8Array.from(resampleArea(grey, width, height), Math.round),
});

describe("sharpnessOf", () => {
  it("collapses when the picture is blurred, more with a larger radius", () => {
    const scene = greyScene(3, 512, 384);
    const sharp = sharpnessOf(scene);
    const soft = sharpnessOf(blur(scene, 1));
    const softer = sharpnessOf(blur(scene, 3));
    expect(sharp).toBeGreaterThan(BLURRY_MAX_SHARPNESS);
    expect(soft).toBeLessThan(BLURRY_MAX_SHARPNESS);
    expect(softer).toBeLessThan(soft);
  });

  it("does not depend on contrast or on how much of the picture is edges", () => {
    const scene = greyScene(5, 512, 384);
    const faint = { ...scene, data: scene.data.map((p) => 100 + Math.round(p / 3)) };
    const ratio = sharpnessOf(faint) / sharpnessOf(scene);
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
    // One crisp disc on a plain ground: few edges, still sharp.
    const disc = new Uint8Array(512 * 384).map((_, i) => (((i % 512) - 256) ** 2 + (Math.floor(i / 512) - 192) ** 2 < 900 ? 200 : 40));
    expect(sharpnessOf({ width: 512, height: 384, data: disc })).toBeGreaterThan(BLURRY_MAX_SHARPNESS);
  });

  it("judges blur relative to the picture, whatever its size", () => {
    const big = greyScene(4, 1024, 768);
    const blurred = blur(big, 3); // σ ≈ 3.5 px of 1024: 3.4 ‰ of the picture
    for (const [w, h] of [
      [512, 384],
      [300, 225],
    ] as const) {
      expect(isBlurry({ sharpness: sharpnessOf(shrink(big, w, h)), width: w, height: h })).toBe(false);
      expect(isBlurry({ sharpness: sharpnessOf(shrink(blurred, w, h)), width: w, height: h })).toBe(true);
    }
    const ratio = sharpnessOf(shrink(blurred, 300, 225)) / sharpnessOf(shrink(blurred, 512, 384));
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });

  it("is zero for a picture without edges", () => {
    expect(sharpnessOf({ width: 64, height: 64, data: new Uint8Array(64 * 64).fill(90) })).toBe(0);
    const sky = new Uint8Array(512 * 384).map((_, i) => 80 + Math.floor(i / 512) / 4);
    expect(sharpnessOf({ width: 512, height: 384, data: sky })).toBe(0);
  });
});

describe("isBlurry", () => {
  it("flags low sharpness, but not on pictures too small to judge", () => {
    expect(isBlurry({ sharpness: BLURRY_MAX_SHARPNESS / 2, width: 4000, height: 3000 })).toBe(true);
    expect(isBlurry({ sharpness: BLURRY_MAX_SHARPNESS * 2, width: 4000, height: 3000 })).toBe(false);
    expect(isBlurry({ sharpness: 0, width: BLUR_MIN_EDGE - 1, height: 64 })).toBe(false);
  });
});
