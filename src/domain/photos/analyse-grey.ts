import type { GreyImage } from "./grey-image";
import { perceptualHash } from "./perceptual-hash";
import { sharpnessOf } from "./sharpness";

/** Hash (16 lowercase hex chars = 64-bit DCT perceptual hash) and sharpness from the analysis image. */
export function analyseGrey(grey: GreyImage): { hash: string; sharpness: number } {
  if (grey.width < 1 || grey.height < 1 || grey.data.length < grey.width * grey.height) {
    throw new RangeError(`grey image ${grey.width}×${grey.height} needs ${grey.width * grey.height} bytes, got ${grey.data.length}`);
  }
  return { hash: perceptualHash(grey), sharpness: sharpnessOf(grey) };
}
