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
  // Integer sums, exact: a pixel step d is kept in part when the blurred step e / 9 is
  // smaller, and what is kept is d − e / 9 — summed as Σd − Σe / 9 over those pixels.
  let originalX = 0;
  let keptStepsX = 0;
  let blurredStepsX = 0;
  let originalY = 0;
  let keptStepsY = 0;
  let blurredStepsY = 0;
  // One pass per direction over only the pixels whose whole window lies inside: no bounds
  // test in the inner loops, which hold most of the analysis's time.
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let at = row + RADIUS + 1, end = row + width - RADIUS; at < end; at++) {
      const d = Math.abs(data[at]! - data[at - 1]!);
      const e = Math.abs(data[at + RADIUS]! - data[at - RADIUS - 1]!);
      originalX += d;
      if (d * taps > e) {
        keptStepsX += d;
        blurredStepsX += e;
      }
    }
  }
  const ahead = RADIUS * width;
  const behind = (RADIUS + 1) * width;
  for (let at = (RADIUS + 1) * width, end = (height - RADIUS) * width; at < end; at++) {
    const d = Math.abs(data[at]! - data[at - width]!);
    const e = Math.abs(data[at + ahead]! - data[at - behind]!);
    originalY += d;
    if (d * taps > e) {
      keptStepsY += d;
      blurredStepsY += e;
    }
  }
  const keptX = keptStepsX - blurredStepsX / taps;
  const keptY = keptStepsY - blurredStepsY / taps;
  return Math.min(originalX > 0 ? keptX / originalX : 0, originalY > 0 ? keptY / originalY : 0);
}
