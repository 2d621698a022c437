import { describe, expect, it } from "vitest";
import { buildPhotoFacts } from "../testing/grey-scenes";
import { pickBestShot, pickOriginal } from "./best-shot";

describe("pickBestShot", () => {
  it("prefers the highest resolution, and says so", () => {
    const best = pickBestShot([buildPhotoFacts({ id: 1, width: 2000, height: 1500 }), buildPhotoFacts({ id: 2 })]);
    expect(best).toEqual({ keepId: 2, reason: "Highest resolution" });
  });

  it("never keeps a blurry shot over a sharp one, even a larger one", () => {
    const best = pickBestShot(
      [buildPhotoFacts({ id: 1, sharpness: 5 }), buildPhotoFacts({ id: 2, width: 2000, height: 1500 })],
      new Set([1]),
    );
    expect(best).toEqual({ keepId: 2, reason: "Not blurry" });
  });

  it("takes the sharpest at equal resolution, then the least compressed", () => {
    const sharpest = pickBestShot([buildPhotoFacts({ id: 1, sharpness: 200 }), buildPhotoFacts({ id: 2, sharpness: 400 })]);
    expect(sharpest).toEqual({ keepId: 2, reason: "Sharpest" });
    // A recompressed copy: a little "sharper" (block edges) but smaller.
    const original = pickBestShot([
      buildPhotoFacts({ id: 1, sharpness: 420, size: 900_000 }),
      buildPhotoFacts({ id: 2, sharpness: 400, size: 3_000_000 }),
    ]);
    expect(original).toEqual({ keepId: 2, reason: "Largest file (least compressed)" });
  });

  it("keeps the camera's own file over an app's re-save of it (turned, EXIF dropped)", () => {
    const best = pickBestShot([
      buildPhotoFacts({ id: 1, camera: false, sharpness: 505, width: 3024, height: 4032 }),
      buildPhotoFacts({ id: 2, camera: true, sharpness: 500 }),
    ]);
    expect(best).toEqual({ keepId: 2, reason: "Straight from the camera" });
  });

  it("keeps the better-exposed frame of a burst", () => {
    const best = pickBestShot([buildPhotoFacts({ id: 1, clipped: 0.2 }), buildPhotoFacts({ id: 2, clipped: 0.01 })]);
    expect(best).toEqual({ keepId: 2, reason: "Best exposed" });
  });

  it("keeps the sharper frame of a burst however slightly, never the oldest (issue 37)", () => {
    const burst = pickBestShot([
      buildPhotoFacts({ id: 1, modified: 1000, sharpness: 300 }),
      buildPhotoFacts({ id: 2, modified: 2000, sharpness: 310 }),
    ]);
    expect(burst).toEqual({ keepId: 2, reason: "Sharpest" });
    expect(pickBestShot([buildPhotoFacts({ id: 3 }), buildPhotoFacts({ id: 2 })])).toEqual({
      keepId: 2,
      reason: "First found (the copies look the same)",
    });
  });

  it("keeps the original over its turned copy when they tie, whichever the copy's sharpness (issue 37)", () => {
    // The figures are a 600×400 photo and its copy turned in pixels and tagged with EXIF
    // Orientation, as Chromium (364.4, 390.7) and sharp (529.5, 573.5) measure them: the
    // recompressed copy scores a little sharper on both sides, within the tie ratio.
    for (const [original, turned] of [
      [364.4, 390.7],
      [529.5, 573.5],
    ] as const) {
      const best = pickBestShot([
        buildPhotoFacts({ id: 1, name: "IMG_0001 turned.jpg", sharpness: turned, size: 47_503 }),
        buildPhotoFacts({ id: 2, name: "IMG_0001.jpg", sharpness: original, size: 50_803 }),
      ]);
      expect(best).toEqual({ keepId: 2, reason: "Named as the original" });
    }
  });

  it("keeps the photo saved first when the sharpness ties within 1 % (a copy turned in its pixels), the sharper frame otherwise", () => {
    // IMG_1018 of the real-photo set's half B: 114.9 and 114.9, the copy saved a few ms later.
    const turned = pickBestShot([
      buildPhotoFacts({ id: 1, name: "IMG_1018.jpg", sharpness: 114.93, modified: 1_795_858_877_604.77 }),
      buildPhotoFacts({ id: 2, name: "IMG_1016.jpg", sharpness: 114.9, modified: 1_795_858_877_552.77 }),
    ]);
    expect(turned).toEqual({ keepId: 2, reason: "Saved first" });
    const burst = pickBestShot([
      buildPhotoFacts({ id: 1, sharpness: 230, modified: 1000 }),
      buildPhotoFacts({ id: 2, sharpness: 227, modified: 2000 }),
    ]);
    expect(burst).toEqual({ keepId: 1, reason: "Sharpest" });
    // Within a millisecond is at once (a browser's File.lastModified has no finer grain).
    const atOnce = pickBestShot([
      buildPhotoFacts({ id: 1, sharpness: 100, modified: 5000.9 }),
      buildPhotoFacts({ id: 2, sharpness: 100.5, modified: 5000.1 }),
    ]);
    expect(atOnce).toEqual({ keepId: 1, reason: "First found (the copies look the same)" });
  });

  it("names every criterion that set the kept shot apart", () => {
    const best = pickBestShot([
      buildPhotoFacts({ id: 1, width: 2000, height: 1500 }),
      buildPhotoFacts({ id: 2, sharpness: 100 }),
      buildPhotoFacts({ id: 3, sharpness: 400 }),
    ]);
    expect(best).toEqual({ keepId: 3, reason: "Highest resolution, sharpest" });
  });
});

describe("pickOriginal", () => {
  it("keeps the oldest copy, then the shortest path", () => {
    expect(pickOriginal([buildPhotoFacts({ id: 1, modified: 5 }), buildPhotoFacts({ id: 2, modified: 3 })])).toEqual({
      keepId: 2,
      reason: "Oldest copy: the original",
    });
    const sameDate = pickOriginal([buildPhotoFacts({ id: 1, path: "a/b/c.jpg" }), buildPhotoFacts({ id: 2, path: "c.jpg" })]);
    expect(sameDate.keepId).toBe(2);
  });
});
