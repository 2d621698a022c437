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
  return Math.min(directionDetail(data, width, height, 1, width), directionDetail(data, width, height, width, 1));
}

/** One direction: `step` moves along it, `across` to the next line. */
function directionDetail(data: Uint8Array, width: number, height: number, step: number, across: number): number {
  const along = step === 1 ? width : height;
  const lines = step === 1 ? height : width;
  const RADIUS = 4; // a 9-tap mean: the strong low-pass of the method
  let original = 0;
  let kept = 0;
  const line = new Float64Array(along);
  const blurred = new Float64Array(along);
  for (let l = 0; l < lines; l++) {
    for (let i = 0; i < along; i++) line[i] = data[l * across + i * step]!;
    let sum = 0;
    for (let i = -RADIUS; i <= RADIUS; i++) sum += line[Math.min(along - 1, Math.max(0, i))]!;
    for (let i = 0; i < along; i++) {
      blurred[i] = sum / (2 * RADIUS + 1);
      sum += line[Math.min(along - 1, i + RADIUS + 1)]! - line[Math.max(0, i - RADIUS)]!;
    }
    for (let i = RADIUS + 1; i < along - RADIUS; i++) {
      const d = Math.abs(line[i]! - line[i - 1]!);
      const db = Math.abs(blurred[i]! - blurred[i - 1]!);
      original += d;
      kept += Math.max(0, d - db);
    }
  }
  return original > 0 ? kept / original : 0;
}
