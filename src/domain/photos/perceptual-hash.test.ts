import { describe, expect, it } from "vitest";
import { blur, brighten, crop, greyScene } from "../testing/grey-scenes";
import { analyseGrey } from "./analyse-grey";
import { resampleArea, type GreyImage } from "./grey-image";
import { hammingDistance, perceptualHash, windowHashes } from "./perceptual-hash";
import { CROP_MAX_DISTANCE, CROP_WINDOW, SIMILAR_MAX_DISTANCE } from "./thresholds";

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

describe("windowHashes", () => {
  /** The window of `grey` at (left, top), `width` × `height` px, as its own image. */
  const windowOf = (grey: GreyImage, left: number, top: number, width: number, height: number): GreyImage => {
    const data = new Uint8Array(width * height);
    for (let y = 0; y < height; y++)
      data.set(grey.data.subarray((top + y) * grey.width + left, (top + y) * grey.width + left + width), y * width);
    return { width, height, data };
  };

  it("hashes the four corner windows as the windows' own pictures hash, and the centre", () => {
    // 500 × 350 at 0.94 is 470 × 329: whole pixels, so the corners can be cut out exactly.
    const grey = greyScene(2, 500, 350);
    const windows = windowHashes(grey);
    expect(windows).toMatch(/^[0-9a-f]{80}$/);
    const [w, h] = [500 * CROP_WINDOW, 350 * CROP_WINDOW];
    const cut = (left: number, top: number) => perceptualHash(windowOf(grey, left, top, w, h));
    expect(windows.slice(0, 64)).toBe(cut(0, 0) + cut(500 - w, 0) + cut(0, 350 - h) + cut(500 - w, 350 - h));
    expect(hammingDistance(windows.slice(64), cut(15, 10))).toBeLessThanOrEqual(2);
  });

  it("puts a crop of 5–7 % at any offset within reach of one window, where the whole picture's hash may be out of reach", () => {
    let farthestWhole = 0;
    for (const seed of [1, 2, 3]) {
      const grey = greyScene(seed, 480, 360);
      const windows = windowHashes(grey);
      for (const keep of [0.95, 0.93]) {
        for (const [x, y] of [
          [0, 0],
          [1, 1],
          [0.5, 0.5],
          [1, 0],
          [0.3, 0.8],
        ] as const) {
          const [w, h] = [Math.round(480 * keep), Math.round(360 * keep)];
          const own = perceptualHash(windowOf(grey, Math.round((480 - w) * x), Math.round((360 - h) * y), w, h));
          const nearest = Math.min(...[0, 16, 32, 48, 64].map((at) => hammingDistance(own, windows.slice(at, at + 16))));
          expect(nearest, `seed ${seed}, ${keep} at ${x},${y}`).toBeLessThanOrEqual(CROP_MAX_DISTANCE);
          farthestWhole = Math.max(farthestWhole, hammingDistance(own, perceptualHash(grey)));
        }
      }
    }
    expect(farthestWhole).toBeGreaterThan(SIMILAR_MAX_DISTANCE);
  });
});
