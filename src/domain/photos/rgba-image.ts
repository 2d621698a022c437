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
export function lumaOf(image: RgbaImage): GreyImage {
  const { width, height, data: rgba } = image;
  const data = new Uint8Array(width * height);
  for (let i = 0, p = 0; i < data.length; i++, p += 4) {
    const a = rgba[p + 3]!;
    const y = (299 * rgba[p]! + 587 * rgba[p + 1]! + 114 * rgba[p + 2]! + 500) / 1000;
    data[i] = (a === 255 ? y : (y * a) / 255) | 0;
  }
  return { width, height, data };
}
