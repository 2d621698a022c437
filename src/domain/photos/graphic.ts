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
  // colour under a transparent pixel, sharp does, and both must measure the same. One pass,
  // each pixel against its left neighbour; no per-pixel copy is kept.
  const seen = new Set<number>();
  let transparent = 0;
  let same = 0;
  let gentle = 0;
  for (let y = 0, p = 0; y < height; y++) {
    let left = -1;
    for (let x = 0; x < width; x++, p += 4) {
      const a = data[p + 3]!;
      let r = data[p]!;
      let g = data[p + 1]!;
      let b = data[p + 2]!;
      if (a !== 255) {
        transparent++;
        r = ((r * a) / 255) | 0;
        g = ((g * a) / 255) | 0;
        b = ((b * a) / 255) | 0;
      }
      const colour = (r << 16) | (g << 8) | b;
      if (seen.size <= GRAPHIC_MAX_COLOURS) seen.add(colour);
      if (x > 0) {
        if (colour === left) same++;
        else if (
          Math.abs(r - (left >> 16)) <= GENTLE_STEP &&
          Math.abs(g - ((left >> 8) & 255)) <= GENTLE_STEP &&
          Math.abs(b - (left & 255)) <= GENTLE_STEP
        ) {
          gentle++;
        }
      }
      left = colour;
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
