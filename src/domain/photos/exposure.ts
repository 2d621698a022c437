import type { GreyImage } from "./grey-image";

/**
 * Share of the picture lost to clipping (issue 37): pixels crushed to black or blown to
 * white hold nothing a better-exposed frame of the same moment would not. 0 for a frame with
 * every tone inside the range.
 */
export function clippedShare(grey: GreyImage): number {
  let clipped = 0;
  const n = grey.width * grey.height;
  for (let i = 0; i < n; i++) {
    const v = grey.data[i]!;
    if (v <= 3 || v >= 252) clipped++;
  }
  return n > 0 ? clipped / n : 0;
}
