import { clippedShare } from "./exposure";
import { detailOf } from "./detail";
import { graphicTraits, isGraphic } from "./graphic";
import type { GreyImage } from "./grey-image";
import { perceptualHash, turnedHashes, windowHashes } from "./perceptual-hash";
import { lumaOf, type RgbaImage } from "./rgba-image";
import { sharpnessOf } from "./sharpness";

/** Hash (16 lowercase hex chars = 64-bit DCT perceptual hash) and sharpness from the analysis image. */
export function analyseGrey(grey: GreyImage): { hash: string; sharpness: number } {
  checkSize(grey.width, grey.height, grey.data.length, 1);
  return { hash: perceptualHash(grey), sharpness: sharpnessOf(grey) };
}

/** What one photo's analysis image tells (issue 37); kept per photo in the index and the caches. */
export interface PhotoMeasures {
  hash: string;
  /** The hashes of the picture turned 90°, 180° and 270° clockwise, concatenated (48 hex digits). */
  turns: string;
  /** The hashes of five windows of the picture (its corners and centre), concatenated (80 hex digits): a cropped copy meets one. */
  crops: string;
  sharpness: number;
  /** detail.ts: 1 crisp … 0 blurred. */
  detail: number;
  /** exposure.ts: share of clipped pixels. */
  clipped: number;
  graphic: boolean;
}

/**
 * The one analysis both decoders feed (issue 37): the browser's canvas and the CLI's sharp
 * each deliver the analysis image as RGBA, EXIF orientation applied, at most ANALYSIS_EDGE
 * px; everything measured on it is measured here. `original` is the photo's displayed size.
 */
export function analyseRgba(image: RgbaImage, original: { width: number; height: number }): PhotoMeasures {
  checkSize(image.width, image.height, image.data.length, 4);
  const grey = lumaOf(image);
  const [hash, ...turned] = turnedHashes(grey);
  return {
    hash,
    turns: turned.join(""),
    crops: windowHashes(grey),
    sharpness: sharpnessOf(grey),
    detail: detailOf(grey),
    clipped: clippedShare(grey),
    graphic: isGraphic(original, graphicTraits(image)),
  };
}

function checkSize(width: number, height: number, bytes: number, channels: number): void {
  if (width < 1 || height < 1 || bytes < width * height * channels) {
    throw new RangeError(`image ${width}×${height} needs ${width * height * channels} bytes, got ${bytes}`);
  }
}
