import type { RgbaImage } from "./rgba-image";
import {
  GRAPHIC_MAX_COLOURS,
  GRAPHIC_MAX_GENTLE_SHARE,
  GRAPHIC_MIN_FLAT_SHARE,
  GRAPHIC_MAX_EDGE,
  GRAPHIC_MIN_TRANSPARENT_SHARE,
} from "./thresholds";

/** Neighbours this close (levels, the largest channel's difference) are shading, not a drawn edge. */
const GENTLE_STEP = 2;

export interface GraphicTraits {
  /** Share of pixels not fully opaque. */
  transparent: number;
  /** Share of horizontally adjacent pixel pairs with exactly the same colour. */
  flat: number;
  /** Share of the unequal neighbour pairs that differ by at most GENTLE_STEP levels: smooth shading, not an edge. */
  gentle: number;
  /** Distinct colours, counted up to GRAPHIC_MAX_COLOURS + 1. */
  colours: number;
}

/**
 * What tells a graphic (icon, logo, drawing, diagram) from a photograph, measured on the
 * analysis image (issue 37). A camera's sensor noise and demosaicing make neighbouring pixels
 * of a photograph differ almost everywhere and give it hundreds of tones even in black and
 * white; a graphic is drawn in flat fills of a few colours, often on a transparent background.
 */
export function graphicTraits(image: RgbaImage): GraphicTraits {
  const { width, height, data } = image;
  const pixels = width * height;
  // Each pixel as one 24-bit colour composited on black, as lumaOf does: a canvas keeps no
  // colour under a transparent pixel, sharp does, and both must measure the same.
  const colour = new Int32Array(pixels);
  let transparent = 0;
  for (let i = 0, p = 0; i < pixels; i++, p += 4) {
    const a = data[p + 3]!;
    if (a === 255) colour[i] = (data[p]! << 16) | (data[p + 1]! << 8) | data[p + 2]!;
    else {
      transparent++;
      colour[i] = ((((data[p]! * a) / 255) | 0) << 16) | ((((data[p + 1]! * a) / 255) | 0) << 8) | (((data[p + 2]! * a) / 255) | 0);
    }
  }
  const seen = new Set<number>();
  for (let i = 0; i < pixels && seen.size <= GRAPHIC_MAX_COLOURS; i++) seen.add(colour[i]!);
  let same = 0;
  let gentle = 0;
  for (let y = 0; y < height; y++) {
    for (let i = y * width, end = i + width - 1; i < end; i++) {
      const a = colour[i]!;
      const b = colour[i + 1]!;
      if (a === b) {
        same++;
        continue;
      }
      const step = Math.max(
        Math.abs((a >> 16) - (b >> 16)),
        Math.abs(((a >> 8) & 255) - ((b >> 8) & 255)),
        Math.abs((a & 255) - (b & 255)),
      );
      if (step <= GENTLE_STEP) gentle++;
    }
  }
  const pairs = (width - 1) * height;
  return {
    transparent: transparent / pixels,
    flat: pairs > 0 ? same / pairs : 1,
    colours: seen.size,
    gentle: pairs > same ? gentle / (pairs - same) : 0,
  };
}

/**
 * A graphic never enters a similar group (issue 37): two icons of one theme share a layout,
 * not a moment. Too small to be a photo anyone keeps, with see-through pixels, or drawn in
 * flat fills of few colours.
 */
export function isGraphic(original: { width: number; height: number }, traits: GraphicTraits): boolean {
  if (Math.max(original.width, original.height) <= GRAPHIC_MAX_EDGE) return true;
  if (traits.transparent >= GRAPHIC_MIN_TRANSPARENT_SHARE) return true;
  // Flat fills meet at drawn edges; a blurred photo is flat too, but its neighbours differ by shading.
  if (traits.flat >= GRAPHIC_MIN_FLAT_SHARE && traits.gentle < GRAPHIC_MAX_GENTLE_SHARE) return true;
  return traits.colours <= GRAPHIC_MAX_COLOURS;
}
