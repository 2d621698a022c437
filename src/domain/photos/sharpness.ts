import { resampleArea, type GreyImage } from "./grey-image";
import { ANALYSIS_EDGE } from "./thresholds";

/**
 * Pixels whose gradient is weaker than this (grey levels per pixel) are not edges: smooth
 * gradients, sky, JPEG and quantisation noise. They would tell nothing about focus, and in
 * a picture with few edges they would outweigh the edges.
 */
const EDGE_MIN_GRADIENT = 4;

/**
 * Sharpness (issue 19): the variance of the Laplacian over the edges, normalised by their
 * gradient energy, so it measures how wide edges are rather than how many there are or how
 * much contrast they have. For an edge blurred by a Gaussian of σ pixels the ratio falls as
 * 1/σ²; a crisp edge scores about 100–400, a blurred one a few tens, a photo without any
 * edge 0. Measured at one scale so it is comparable across image sizes: an image larger than
 * the analysis edge is averaged down to it; a smaller one is measured as it is and scaled by
 * (its longest side / the analysis edge)², so that blur is judged relative to the picture, as
 * when it is shown at the size of the larger ones.
 */
export function sharpnessOf(grey: GreyImage): number {
  const { width, height, pixels } = atAnalysisScale(grey);
  if (width < 3 || height < 3) return 0;
  const minSquared = EDGE_MIN_GRADIENT * EDGE_MIN_GRADIENT;
  let count = 0;
  let sum = 0;
  let squares = 0;
  let gradient = 0;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const gx = (pixels[i + 1]! - pixels[i - 1]!) / 2;
      const gy = (pixels[i + width]! - pixels[i - width]!) / 2;
      const g = gx * gx + gy * gy;
      if (g < minSquared) continue;
      const l = pixels[i - 1]! + pixels[i + 1]! + pixels[i - width]! + pixels[i + width]! - 4 * pixels[i]!;
      count++;
      sum += l;
      squares += l * l;
      gradient += g;
    }
  }
  if (count === 0) return 0;
  const mean = sum / count;
  const scale = Math.min(1, Math.max(width, height) / ANALYSIS_EDGE);
  return ((100 * (squares / count - mean * mean)) / (gradient / count)) * scale * scale;
}

function atAnalysisScale(grey: GreyImage): { width: number; height: number; pixels: ArrayLike<number> } {
  const longest = Math.max(grey.width, grey.height);
  if (longest <= ANALYSIS_EDGE) return { width: grey.width, height: grey.height, pixels: grey.data };
  const width = Math.max(1, Math.round((grey.width * ANALYSIS_EDGE) / longest));
  const height = Math.max(1, Math.round((grey.height * ANALYSIS_EDGE) / longest));
  return { width, height, pixels: resampleArea(grey, width, height) };
}
