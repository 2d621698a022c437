import { describe, expect, it } from "vitest";
import { blur, brighten, crop, greyScene } from "../testing/grey-scenes";
import { analyseGrey } from "./analyse-grey";
import { resampleArea } from "./grey-image";
import { hammingDistance, perceptualHash } from "./perceptual-hash";
import { SIMILAR_MAX_DISTANCE } from "./thresholds";

const scene = greyScene(1, 480, 360);
const hash = perceptualHash(scene);

describe("perceptualHash", () => {
  it("is 16 lowercase hex digits with about half the bits set (median threshold)", () => {
    expect(hash).toMatch(/^[0-9a-f]{16}$/);
    const ones = hammingDistance(hash, "0000000000000000");
    expect(ones).toBeGreaterThanOrEqual(28);
    expect(ones).toBeLessThanOrEqual(36);
  });

  it("survives resizing, a brightness shift, a small crop and mild blur", () => {
    const smaller = { width: 240, height: 180, data: Uint8Array.from(resampleArea(scene, 240, 180), Math.round) };
    for (const variant of [
      smaller,
      greyScene(1, 1000, 750),
      brighten(scene, 40),
      brighten(scene, -30),
      crop(scene, 0.04),
      blur(scene, 2),
    ]) {
      expect(hammingDistance(hash, perceptualHash(variant))).toBeLessThanOrEqual(SIMILAR_MAX_DISTANCE);
    }
  });

  it("tells different pictures apart", () => {
    for (let seed = 2; seed < 12; seed++) {
      expect(hammingDistance(hash, perceptualHash(greyScene(seed, 480, 360)))).toBeGreaterThan(SIMILAR_MAX_DISTANCE);
    }
  });
});

describe("hammingDistance", () => {
  it("counts differing bits across all 64", () => {
    expect(hammingDistance("0000000000000000", "0000000000000000")).toBe(0);
    expect(hammingDistance("0000000000000000", "ffffffffffffffff")).toBe(64);
    expect(hammingDistance("8000000000000001", "0000000000000000")).toBe(2);
    expect(hammingDistance("0f0f000000000000", "00000000000000f0")).toBe(12);
  });
});

describe("analyseGrey", () => {
  it("refuses a buffer smaller than width × height", () => {
    expect(() => analyseGrey({ width: 10, height: 10, data: new Uint8Array(50) })).toThrow(RangeError);
  });

  it("handles a one-pixel image", () => {
    expect(analyseGrey({ width: 1, height: 1, data: new Uint8Array([128]) })).toEqual({
      hash: expect.stringMatching(/^[0-9a-f]{16}$/),
      sharpness: 0,
    });
  });
});
