import type { PhotoFacts } from "./photo-facts";
import { BLUR_MIN_EDGE, BLURRY_MAX_SHARPNESS } from "./thresholds";

/** Blurry rule (issue 19): sharpness under the threshold, for photos big enough to judge. */
export function isBlurry(f: Pick<PhotoFacts, "sharpness" | "width" | "height">): boolean {
  if (Math.max(f.width, f.height) < BLUR_MIN_EDGE) return false;
  return f.sharpness < BLURRY_MAX_SHARPNESS;
}
