/**
 * Every number the photo rules compare against, in one place (issue 19). Chosen on the
 * corpus of seed 1 and checked on seed 2 by bench/photos/photo-accuracy.mjs; decision 021
 * records how and what the bench measured.
 */

/** Longest side (px) of the grey image decoders deliver for analysis (never enlarged). */
export const ANALYSIS_EDGE = 512;

/**
 * Two photos whose 64-bit perceptual hashes differ in at most this many bits are "similar"
 * (one of them possibly turned: perceptual-hash.ts turnedHashes).
 */
export const SIMILAR_MAX_DISTANCE = 14;

/**
 * Each photo also hashes five windows of this share of its width and height — its four
 * corners and its centre (perceptual-hash.ts windowHashes) — which a cropped copy's own hash
 * meets (issue 37). Half A of the real-photo set, crops of 3–8 % at any offset: at 0.94 every
 * crop lies within 6 bits of a window of its original (12–18 bits from the whole picture), and
 * no window comes within 16 bits of another scene; at 0.96 one did (14), at 0.92 crops lay up
 * to 12 bits away.
 */
export const CROP_WINDOW = 0.94;

/**
 * A cropped copy is similar when its hash lies within this many bits of one of the other
 * photo's window hashes. Half A's sweep (bench/photos/real-photo-accuracy.mjs --sweep): every
 * value from 6 to 14 finds every pair with no false one (0: crop recall 0.80); 10 is the
 * middle, and it keeps the look-ups at 2 bits a word (137 keys, not 697), so five windows a
 * photo do not multiply the grouping's cost.
 */
export const CROP_MAX_DISTANCE = 10;

/**
 * Below this sharpness (sharpness.ts: edge Laplacian variance over gradient energy) a photo is
 * blurry — the rule for facts saved without a `detail` measure (before issue 37).
 */
export const BLURRY_MAX_SHARPNESS = 77;

/** Below this detail (detail.ts: what one more blur removes, 1 crisp … 0 blurred) a photo is blurry. */
export const BLURRY_MAX_DETAIL = 0.4;

/**
 * Below this sharpness a photo is blurry whatever its detail: a strong blur leaves only the
 * quantisation's one-level steps, which one more blur also removes and which read as detail.
 * Half A of the real-photo set: sharp photos 66.6 and up, blurred ones 27.2 and down; this is
 * their geometric middle.
 */
export const BLURRY_FLOOR_SHARPNESS = 42;

/**
 * In a group of similar shots, a photo whose sharpness is under this share of the sharpest
 * member's is blurry: the group shows what the scene holds when in focus.
 */
export const GROUP_BLUR_RATIO = 0.5;

/** The values the accuracy bench sweeps (bench/photos/real-photo-accuracy.mjs); the rules' defaults. */
export interface PhotoTuning {
  similarMaxDistance: number;
  cropMaxDistance: number;
  blurMaxDetail: number;
  groupBlurRatio: number;
}

export const DEFAULT_TUNING: PhotoTuning = {
  similarMaxDistance: SIMILAR_MAX_DISTANCE,
  cropMaxDistance: CROP_MAX_DISTANCE,
  blurMaxDetail: BLURRY_MAX_DETAIL,
  groupBlurRatio: GROUP_BLUR_RATIO,
};

/** Pictures whose longest side is at most this (px) are graphics (icons, emoji), never photos. */
export const GRAPHIC_MAX_EDGE = 128;

/** Pictures with at least this share of see-through pixels are graphics. */
export const GRAPHIC_MIN_TRANSPARENT_SHARE = 0.01;

/**
 * Pictures where at least this share of neighbouring pixels have exactly one colour, and
 * fewer than GRAPHIC_MAX_GENTLE_SHARE of the others differ by mere shading, are graphics
 * (flat fills meeting at drawn edges). Half A of the real-photo set: sharp photos flat
 * 0.005–0.41, blurred ones up to 0.72 but with 0.85–0.99 of their steps gentle; graphics
 * flat median 0.93, gentle median 0.06.
 */
export const GRAPHIC_MIN_FLAT_SHARE = 0.5;
export const GRAPHIC_MAX_GENTLE_SHARE = 0.5;

/** Pictures with at most this many distinct colours are graphics (a black-and-white photo has over 130 tones). */
export const GRAPHIC_MAX_COLOURS = 64;

/**
 * Best shot, last: sharpness within this ratio is as sharp as the analysis can tell (a copy
 * turned in its pixels scores its original's within 0.1 % on the real-photo set; frames of a
 * burst that differ by a hand's shake differ by more), and the photo saved first is kept.
 */
export const BURST_SHARPNESS_RATIO = 1.01;

/** Best shot: clipped shares within this of the best count as equally well exposed. */
export const SAME_EXPOSURE_MARGIN = 0.03;

/** Photos whose longest side is shorter than this are too small to call blurry (icons, thumbnails). */
export const BLUR_MIN_EDGE = 256;

/** Screenshots older than this are called out ("old screenshots"). */
export const OLD_SCREENSHOT_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/** Best shot: resolutions within this ratio count as equal (a few pixels cropped is no loss). */
export const SAME_RESOLUTION_RATIO = 1.02;

/**
 * Best shot: sharpness within this ratio counts as equal. Recompressing a JPEG at a lower
 * quality adds block edges that raise the Laplacian a little; real blur lowers it by a lot.
 */
export const SAME_SHARPNESS_RATIO = 1.3;

/**
 * Best shot: file sizes (of one format) within this ratio count as equal. A brightness edit
 * changes the size a little either way; a recompression at a lower quality halves it.
 */
export const SAME_SIZE_RATIO = 1.25;
