/**
 * Uncompressed BMP pixels (issue 19 lists BMP; libvips, under sharp, reads no BMP): 8-bit
 * paletted, 24-bit and 32-bit (BI_RGB, or BI_BITFIELDS with the usual BGRA masks), bottom-up
 * or top-down. Returns RGB rows for sharp's raw input; null for any other kind (RLE, 16-bit,
 * OS/2 headers), which the caller reports as not decodable.
 */
export function readBmp(b: Uint8Array): { data: Uint8Array; width: number; height: number } | null {
  if (b.length < 54 || b[0] !== 0x42 || b[1] !== 0x4d) return null;
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const offset = view.getUint32(10, true);
  const headerSize = view.getUint32(14, true);
  if (headerSize < 40) return null;
  const width = view.getInt32(18, true);
  const signedHeight = view.getInt32(22, true);
  const bits = view.getUint16(28, true);
  const compression = view.getUint32(30, true);
  const height = Math.abs(signedHeight);
  if (width <= 0 || height === 0 || width * height > 100_000_000) return null;
  if (!(compression === 0 || (compression === 3 && bits === 32)) || ![8, 24, 32].includes(bits)) return null;
  const stride = Math.ceil((width * bits) / 32) * 4;
  if (offset + stride * height > b.length) return null;
  const colours = view.getUint32(46, true) || 256;
  const palette = 14 + headerSize;
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    const row = offset + (signedHeight > 0 ? height - 1 - y : y) * stride;
    for (let x = 0; x < width; x++) {
      let at = row + x * (bits / 8);
      if (bits === 8) {
        const index = Math.min(b[at]!, colours - 1);
        at = palette + index * 4;
      }
      const out = (y * width + x) * 3;
      data[out] = b[at + 2] ?? 0;
      data[out + 1] = b[at + 1] ?? 0;
      data[out + 2] = b[at] ?? 0;
    }
  }
  return { data, width, height };
}
