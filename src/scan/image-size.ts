/**
 * Photo dimensions from the first bytes of a file (spec §3 "Scanned photo … dimensions
 * optional"): PNG, GIF, BMP and WebP keep them in a fixed header; JPEG in its first SOF
 * segment, which sits within the first few KiB unless a large thumbnail comes first.
 */
export const IMAGE_HEADER_BYTES = 64 * 1024;

export interface ImageSize {
  width: number;
  height: number;
}

export function readImageSize(b: Uint8Array): ImageSize | null {
  const at = (i: number): number => b[i] ?? 0;
  const be16 = (i: number): number => (at(i) << 8) | at(i + 1);
  const le16 = (i: number): number => at(i) | (at(i + 1) << 8);
  const le24 = (i: number): number => at(i) | (at(i + 1) << 8) | (at(i + 2) << 16);
  const be32 = (i: number): number => ((at(i) << 24) | (at(i + 1) << 16) | (at(i + 2) << 8) | at(i + 3)) >>> 0;
  const le32 = (i: number): number => (at(i) | (at(i + 1) << 8) | (at(i + 2) << 16) | (at(i + 3) << 24)) >>> 0;
  const ascii = (i: number, s: string): boolean => [...s].every((c, k) => at(i + k) === c.charCodeAt(0));
  const ok = (width: number, height: number): ImageSize | null => (width > 0 && height > 0 ? { width, height } : null);

  if (b.length >= 24 && at(0) === 0x89 && ascii(1, "PNG") && ascii(12, "IHDR")) return ok(be32(16), be32(20));
  if (b.length >= 10 && (ascii(0, "GIF87a") || ascii(0, "GIF89a"))) return ok(le16(6), le16(8));
  if (b.length >= 26 && ascii(0, "BM")) return ok(le32(18), Math.abs(le32(22) | 0));
  if (b.length >= 30 && ascii(0, "RIFF") && ascii(8, "WEBP")) {
    if (ascii(12, "VP8 ")) return ok(le16(26) & 0x3fff, le16(28) & 0x3fff);
    if (ascii(12, "VP8L")) {
      const bits = le32(21);
      return ok((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
    }
    if (ascii(12, "VP8X")) return ok(le24(24) + 1, le24(27) + 1);
    return null;
  }
  if (b.length >= 4 && at(0) === 0xff && at(1) === 0xd8) {
    let i = 2;
    while (i + 9 < b.length) {
      if (at(i) !== 0xff) return null;
      const marker = at(i + 1);
      if (marker === 0xff) {
        i++; // fill byte
        continue;
      }
      const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
      if (isFrame) return ok(be16(i + 7), be16(i + 5));
      i += 2 + be16(i + 2);
    }
  }
  return null;
}

/**
 * True when no head beginning with `prefix` can hold an image size: `prefix` starts with
 * none of the signatures readImageSize looks for (every format it reads is recognised at
 * byte 0). When `prefix` is the whole file the answer is readImageSize's own. Lets bytes
 * already read for another purpose (the hash's first pass) settle a ".jpg" of other bytes.
 */
export function cannotHoldImageSize(prefix: Uint8Array, fileSize: number): boolean {
  if (prefix.length >= fileSize) return readImageSize(prefix) === null;
  if (prefix.length < 12) return false; // too little to tell RIFF…WEBP apart: undecided
  const at = (i: number): number => prefix[i] ?? 0;
  const ascii = (i: number, s: string): boolean => [...s].every((c, k) => at(i + k) === c.charCodeAt(0));
  const png = at(0) === 0x89 && ascii(1, "PNG");
  const jpeg = at(0) === 0xff && at(1) === 0xd8;
  return !png && !jpeg && !ascii(0, "GIF8") && !ascii(0, "BM") && !ascii(0, "RIFF");
}
