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
  // Composited on black, as lumaOf does: a canvas keeps no colour under a transparent pixel,
  // sharp does, and both must measure the same.
  const rgb = new Uint8Array(pixels * 3);
  let transparent = 0;
  for (let i = 0, p = 0; i < pixels; i++, p += 4) {
    const a = data[p + 3]!;
    if (a < 255) transparent++;
    for (let k = 0; k < 3; k++) rgb[i * 3 + k] = a === 255 ? data[p + k]! : ((data[p + k]! * a) / 255) | 0;
  }
  const seen = new Set<number>();
  let same = 0;
  let gentle = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const q = (y * width + x) * 3;
      if (seen.size <= GRAPHIC_MAX_COLOURS) seen.add((rgb[q]! << 16) | (rgb[q + 1]! << 8) | rgb[q + 2]!);
      if (x + 1 < width) {
        const step = Math.max(Math.abs(rgb[q]! - rgb[q + 3]!), Math.abs(rgb[q + 1]! - rgb[q + 4]!), Math.abs(rgb[q + 2]! - rgb[q + 5]!));
        if (step === 0) same++;
        else if (step <= GENTLE_STEP) gentle++;
      }
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
