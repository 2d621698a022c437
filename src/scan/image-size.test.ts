import { describe, expect, it } from "vitest";
import { cannotHoldImageSize, readImageSize } from "./image-size";

const bytes = (...parts: (number[] | string)[]): Uint8Array =>
  new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe("readImageSize", () => {
  it("reads PNG, GIF and BMP headers", () => {
    expect(readImageSize(bytes([0x89], "PNG", [13, 10, 26, 10, 0, 0, 0, 13], "IHDR", [0, 0, 2, 128, 0, 0, 1, 224]))).toEqual({
      width: 640,
      height: 480,
    });
    expect(readImageSize(bytes("GIF89a", [32, 3, 88, 2]))).toEqual({ width: 800, height: 600 });
    const bmp = new Uint8Array(26);
    bmp.set(bytes("BM"));
    bmp.set([100, 0, 0, 0, 0x9c, 0xff, 0xff, 0xff], 18); // height -100: a top-down bitmap
    expect(readImageSize(bmp)).toEqual({ width: 100, height: 100 });
  });
  it("finds the JPEG frame after other segments", () => {
    const jpeg = bytes(
      [0xff, 0xd8],
      [0xff, 0xe0, 0, 4, 0, 0],
      [0xff, 0xc0, 0, 17, 8, 0x04, 0x38, 0x07, 0x80, 3],
      new Array<number>(12).fill(0),
    );
    expect(readImageSize(jpeg)).toEqual({ width: 1920, height: 1080 });
  });
  it("reads WebP VP8X", () => {
    const webp = bytes("RIFF", [0, 0, 0, 0], "WEBP", "VP8X", [10, 0, 0, 0, 0, 0, 0, 0], [0x7f, 0x02, 0], [0xdf, 0x01, 0]);
    expect(readImageSize(webp)).toEqual({ width: 640, height: 480 });
  });
  it("returns null for anything else", () => {
    expect(readImageSize(bytes("hello world, not an image at all"))).toBeNull();
    expect(readImageSize(new Uint8Array())).toBeNull();
  });
});

describe("cannotHoldImageSize", () => {
  const noise = (n: number, first = 0x41) => new Uint8Array(n).fill(7).fill(first, 0, 1);
  it("settles a prefix that starts with no image signature, whatever follows it", () => {
    expect(cannotHoldImageSize(noise(4096), 200_000)).toBe(true);
    expect(cannotHoldImageSize(noise(30), 30)).toBe(true); // the whole file: readImageSize's own answer
  });
  it("leaves undecided what a longer head could still make an image of", () => {
    for (const start of [[0x89, 0x50, 0x4e, 0x47], [0xff, 0xd8], "GIF89a", "BM", "RIFF"]) {
      const prefix = noise(4096);
      prefix.set(typeof start === "string" ? [...start].map((c) => c.charCodeAt(0)) : start);
      expect(cannotHoldImageSize(prefix, 200_000)).toBe(false);
    }
    expect(cannotHoldImageSize(noise(8), 200_000)).toBe(false); // too short to tell
  });
  it("answers as readImageSize does when the prefix is the whole file", () => {
    const jpegWithoutFrame = new Uint8Array([0xff, 0xd8, 0x12, 0x34, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(cannotHoldImageSize(jpegWithoutFrame, jpegWithoutFrame.length)).toBe(readImageSize(jpegWithoutFrame) === null);
  });
});
