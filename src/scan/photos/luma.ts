import type { GreyImage } from "../../domain/photos/index";

/**
 * RGBA pixels (a canvas's ImageData) to the analysis's 8-bit luma, with the contract's
 * weights: (299 R + 587 G + 114 B) / 1000, rounded. Alpha is ignored, as sharp's
 * `removeAlpha()` would: a fully transparent canvas pixel reads as black.
 */
export function rgbaToGrey(rgba: Uint8ClampedArray | Uint8Array, width: number, height: number): GreyImage {
  const data = new Uint8Array(width * height);
  for (let i = 0, p = 0; i < data.length; i++, p += 4) {
    data[i] = ((299 * rgba[p]! + 587 * rgba[p + 1]! + 114 * rgba[p + 2]! + 500) / 1000) | 0;
  }
  return { width, height, data };
}
