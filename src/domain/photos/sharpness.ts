import { resampleArea, type GreyImage } from "./grey-image";
import { ANALYSIS_EDGE } from "./thresholds";

/**
 * Sharpness = variance of the 4-neighbour Laplacian (issue 19), normalised so it is
 * comparable across image sizes. Blur spreads edges, so the second derivative and its
 * variance collapse. An image larger than the analysis edge is first averaged down to it.
 * One that is smaller is measured as it is and scaled by (longest side / analysis edge): the
 * Laplacian of a sharp picture is non-zero only along its edges, whose share of the pixels
 * grows as the picture shrinks, so the same scene at 200 px would otherwise read 2.5 times
 * sharper than at 512 px.
 */
export function sharpnessOf(grey: GreyImage): number {
  const { width, height, pixels } = atAnalysisScale(grey);
  if (width < 3 || height < 3) return 0;
  let sum = 0;
  let squares = 0;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const l = pixels[i - 1]! + pixels[i + 1]! + pixels[i - width]! + pixels[i + width]! - 4 * pixels[i]!;
      sum += l;
      squares += l * l;
    }
  }
  const n = (width - 2) * (height - 2);
  const mean = sum / n;
  const edgeShare = Math.min(1, Math.max(width, height) / ANALYSIS_EDGE);
  return (squares / n - mean * mean) * edgeShare;
}

function atAnalysisScale(grey: GreyImage): { width: number; height: number; pixels: ArrayLike<number> } {
  const longest = Math.max(grey.width, grey.height);
  if (longest <= ANALYSIS_EDGE) return { width: grey.width, height: grey.height, pixels: grey.data };
  const width = Math.max(1, Math.round((grey.width * ANALYSIS_EDGE) / longest));
  const height = Math.max(1, Math.round((grey.height * ANALYSIS_EDGE) / longest));
  return { width, height, pixels: resampleArea(grey, width, height) };
}
