import type { PhotoFacts } from "./photo-facts";
import { BLUR_MIN_EDGE, BLURRY_FLOOR_SHARPNESS, BLURRY_MAX_SHARPNESS, DEFAULT_TUNING, type PhotoTuning } from "./thresholds";

/**
 * Blurry rule on one photo alone (issue 37): less fine detail than one more blur would
 * remove (detail.ts), or edges far wider than any sharp photo's, for photos big enough to judge; graphics are never blurry. Facts saved
 * before the detail measure keep the sharpness cut-off. analyse-photos.ts adds the group rule.
 */
export function isBlurry(
  f: Pick<PhotoFacts, "sharpness" | "width" | "height" | "detail" | "graphic">,
  tuning: PhotoTuning = DEFAULT_TUNING,
): boolean {
  if (Math.max(f.width, f.height) < BLUR_MIN_EDGE || f.graphic === true) return false;
  if (f.detail !== undefined) return f.detail < tuning.blurMaxDetail || f.sharpness < BLURRY_FLOOR_SHARPNESS;
  return f.sharpness < BLURRY_MAX_SHARPNESS;
}
