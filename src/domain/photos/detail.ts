import type { GreyImage } from "./grey-image";

/**
 * How much fine detail a picture holds compared with what blurring it again removes (issue 37;
 * the "blur effect" of Crété-Roffet et al., 2007). A sharp photo loses much of its
 * neighbour-to-neighbour variation when blurred once more; a photo already blurred loses
 * little, whatever it shows — a soft sky and a blurred crowd alike. 1 is crisp, 0 is blurred
 * beyond what one more blur can change. Measured on the analysis image, in both directions;
 * the blurrier direction counts (motion blur is blur along one axis).
 */
export function detailOf(grey: GreyImage): number {
  const { width, height, data } = grey;
  if (width < 12 || height < 12) return 1;
  // The re-blur is a 9-tap mean along each direction (the method's strong low-pass); the
  // difference of two neighbouring means is that of the pixels entering and leaving the
  // window, over 9, so no blurred copy is made.
  const RADIUS = 4;
  const taps = 2 * RADIUS + 1;
  let originalX = 0;
  let keptX = 0;
  let originalY = 0;
  let keptY = 0;
  // Row-major, both directions at once; only pixels whose whole window lies inside count.
  for (let y = 0; y < height; y++) {
    const row = y * width;
    const inY = y > RADIUS && y < height - RADIUS;
    for (let x = 0; x < width; x++) {
      const at = row + x;
      const v = data[at]!;
      if (x > RADIUS && x < width - RADIUS) {
        const d = Math.abs(v - data[at - 1]!);
        if (d > 0) {
          const db = Math.abs(data[at + RADIUS]! - data[at - RADIUS - 1]!) / taps;
          originalX += d;
          if (d > db) keptX += d - db;
        }
      }
      if (inY) {
        const d = Math.abs(v - data[at - width]!);
        if (d > 0) {
          const db = Math.abs(data[at + RADIUS * width]! - data[at - (RADIUS + 1) * width]!) / taps;
          originalY += d;
          if (d > db) keptY += d - db;
        }
      }
    }
  }
  return Math.min(originalX > 0 ? keptX / originalX : 0, originalY > 0 ? keptY / originalY : 0);
}
