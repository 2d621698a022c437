import { describe, expect, it } from "vitest";
import { displayedSize, fitInside, jpegDecodeSize } from "./analysis-size";

describe("analysis sizes", () => {
  it("fits the longest side inside the edge and never enlarges", () => {
    expect(fitInside({ width: 4000, height: 3000 }, 512)).toEqual({ width: 512, height: 384 });
    expect(fitInside({ width: 3000, height: 4000 }, 512)).toEqual({ width: 384, height: 512 });
    expect(fitInside({ width: 300, height: 200 }, 512)).toEqual({ width: 300, height: 200 });
    expect(fitInside({ width: 10_000, height: 1 }, 512)).toEqual({ width: 512, height: 1 });
  });

  it("asks a JPEG decoder for the smallest M/8 scale that still covers the analysis size", () => {
    expect(jpegDecodeSize({ width: 4000, height: 3000 }, 512)).toEqual({ width: 1000, height: 750 });
    expect(jpegDecodeSize({ width: 8000, height: 6000 }, 512)).toEqual({ width: 1000, height: 750 });
    expect(jpegDecodeSize({ width: 1200, height: 900 }, 512)).toEqual({ width: 600, height: 450 });
    // 4/8 of 1000 is 500, short of 512: 5/8.
    expect(jpegDecodeSize({ width: 1000, height: 700 }, 512)).toEqual({ width: 625, height: 438 });
    expect(jpegDecodeSize({ width: 600, height: 400 }, 512)).toEqual({ width: 525, height: 350 });
    expect(jpegDecodeSize({ width: 520, height: 400 }, 512)).toBeNull();
    expect(jpegDecodeSize({ width: 300, height: 200 }, 512)).toBeNull();
  });

  it("turns the stored size when the oriented frame lies the other way, and only then", () => {
    expect(displayedSize({ width: 400, height: 600 }, { width: 512, height: 341 })).toEqual({ width: 600, height: 400 });
    expect(displayedSize({ width: 600, height: 400 }, { width: 512, height: 341 })).toEqual({ width: 600, height: 400 });
    expect(displayedSize({ width: 500, height: 500 }, { width: 500, height: 500 })).toEqual({ width: 500, height: 500 });
    // A frame rounded to a square tells nothing: the stored size stands.
    expect(displayedSize({ width: 1001, height: 1000 }, { width: 512, height: 512 })).toEqual({ width: 1001, height: 1000 });
  });
});
