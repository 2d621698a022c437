import type { GreyImage } from "./grey-image";

/** 8-bit RGBA, row-major, 4 × width × height bytes: what a canvas or sharp's raw output gives. */
export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8Array | Uint8ClampedArray;
}

/**
 * Luma with the contract's weights, (299 R + 587 G + 114 B) / 1000 rounded, so the browser
 * and the CLI measure the same grey image. Transparent pixels are composited on black, as a
 * canvas returns them premultiplied-and-unpremultiplied and sharp's flatten does.
 */
const LUMA_RECIPROCAL = Math.ceil(2 ** 28 / 1000);
const LUMA_UNSCALE = 2 ** -28;

export function lumaOf(image: RgbaImage): GreyImage {
  const { width, height, data: rgba } = image;
  const data = new Uint8Array(width * height);
  for (let i = 0, p = 0; i < data.length; i++, p += 4) {
    const a = rgba[p + 3]!;
    const sum = 299 * rgba[p]! + 587 * rgba[p + 1]! + 114 * rgba[p + 2]! + 500;
    // An opaque pixel (nearly all): ⌊sum / 1000⌋ as two exact multiplications, no division:
    // sum × ⌈2^28 / 1000⌉ × 2^-28 exceeds sum / 1000 by less than 0.00053 for every sum up
    // to 255 500, less than the 0.001 between it and the next integer. The store truncates.
    data[i] = a === 255 ? sum * LUMA_RECIPROCAL * LUMA_UNSCALE : ((sum / 1000) * a) / 255;
  }
  return { width, height, data };
}
