import { describe, expect, it } from "vitest";
import { seededRandom } from "../testing/grey-scenes";
import { hasCameraExif } from "./camera-exif";

/** A TIFF block with IFD0 holding the given ASCII tags (0x010f Make, 0x0110 Model, 0x0131 Software). */
function tiff(tags: Record<number, string>, little = true): number[] {
  const entries = Object.entries(tags);
  const u16 = (n: number): number[] => (little ? [n & 0xff, n >> 8] : [n >> 8, n & 0xff]);
  const u32 = (n: number): number[] =>
    little ? [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, n >>> 24] : [n >>> 24, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
  const ifdEnd = 8 + 2 + entries.length * 12 + 4;
  const out = [...(little ? [0x49, 0x49, 42, 0] : [0x4d, 0x4d, 0, 42]), ...u32(8), ...u16(entries.length)];
  const data: number[] = [];
  for (const [tag, text] of entries) {
    const bytes = [...new TextEncoder().encode(text), 0];
    out.push(...u16(Number(tag)), ...u16(2), ...u32(bytes.length));
    if (bytes.length <= 4) out.push(...bytes, ...Array<number>(4 - bytes.length).fill(0));
    else {
      out.push(...u32(ifdEnd + data.length));
      data.push(...bytes);
    }
  }
  return [...out, 0, 0, 0, 0, ...data];
}

const ascii = (s: string): number[] => [...s].map((c) => c.charCodeAt(0));
const be16 = (n: number): number[] => [n >> 8, n & 0xff];
const be32 = (n: number): number[] => [n >>> 24, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
const le32 = (n: number): number[] => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, n >>> 24];

function jpeg(block: number[]): Uint8Array {
  const app0 = [0xff, 0xe0, ...be16(16), ...ascii("JFIF\0"), 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const app1 = [0xff, 0xe1, ...be16(2 + 6 + block.length), ...ascii("Exif\0\0"), ...block];
  return Uint8Array.from([0xff, 0xd8, ...app0, ...app1, 0xff, 0xda, 0, 2, 1, 2, 3]);
}

function png(block: number[]): Uint8Array {
  const ihdr = [...be32(13), ...ascii("IHDR"), ...Array<number>(13).fill(1), 0, 0, 0, 0];
  const exif = [...be32(block.length), ...ascii("eXIf"), ...block, 0, 0, 0, 0];
  return Uint8Array.from([0x89, ...ascii("PNG\r\n\x1a\n"), ...ihdr, ...exif, ...be32(0), ...ascii("IDAT")]);
}

function webp(block: number[]): Uint8Array {
  const vp8x = [...ascii("VP8X"), ...le32(10), 8, 0, 0, 0, 1, 0, 0, 1, 0, 0];
  const padded = block.length % 2 ? [...block, 0] : block;
  const exif = [...ascii("EXIF"), ...le32(block.length), ...padded];
  const body = [...ascii("WEBP"), ...vp8x, ...exif];
  return Uint8Array.from([...ascii("RIFF"), ...le32(body.length), ...body]);
}

describe("hasCameraExif", () => {
  it("finds Make or Model in JPEG APP1, little- and big-endian, short or long values", () => {
    expect(hasCameraExif(jpeg(tiff({ 0x010f: "Canon", 0x0110: "Canon EOS 5D" })))).toBe(true);
    expect(hasCameraExif(jpeg(tiff({ 0x0110: "Pixel 8" }, false)))).toBe(true);
    expect(hasCameraExif(jpeg(tiff({ 0x010f: "LG" })))).toBe(true); // fits in the entry itself
  });

  it("finds it in PNG eXIf and WebP EXIF chunks", () => {
    expect(hasCameraExif(png(tiff({ 0x010f: "Apple" })))).toBe(true);
    expect(hasCameraExif(webp(tiff({ 0x0110: "iPhone 15" }, false)))).toBe(true);
  });

  it("finds the Exif block inside other containers (HEIC)", () => {
    const heic = Uint8Array.from([
      0,
      0,
      0,
      24,
      ...ascii("ftypheic"),
      ...Array<number>(40).fill(0),
      0,
      0,
      0,
      6,
      ...ascii("Exif\0\0"),
      ...tiff({ 0x010f: "Apple" }),
    ]);
    expect(hasCameraExif(heic)).toBe(true);
  });

  it("is false without a camera: no EXIF, only Software, blank Make", () => {
    expect(hasCameraExif(jpeg(tiff({ 0x0131: "GIMP 2.10" })))).toBe(false);
    expect(hasCameraExif(jpeg(tiff({ 0x010f: "   " })))).toBe(false);
    expect(hasCameraExif(jpeg(tiff({ 0x010f: "" })))).toBe(false);
    expect(hasCameraExif(Uint8Array.from([0xff, 0xd8, 0xff, 0xda, 0, 2]))).toBe(false);
    expect(hasCameraExif(new Uint8Array(0))).toBe(false);
  });

  it("never throws on cut-off or random bytes", () => {
    const whole = jpeg(tiff({ 0x010f: "Canon", 0x0110: "Canon EOS 5D" }));
    for (let end = 0; end < whole.length; end++) expect(() => hasCameraExif(whole.subarray(0, end))).not.toThrow();
    const random = seededRandom(7);
    for (let i = 0; i < 300; i++) {
      const bytes = Uint8Array.from({ length: 64 + Math.floor(random() * 200) }, () => Math.floor(random() * 256));
      if (i % 3 === 0) bytes.set([0xff, 0xd8, 0xff, 0xe1]);
      if (i % 3 === 1) bytes.set([...ascii("RIFF"), 0, 0, 0, 0, ...ascii("WEBP")]);
      expect(typeof hasCameraExif(bytes)).toBe("boolean");
    }
  });
});
