/**
 * Every number the photo rules compare against, in one place (issue 19). Chosen on the
 * corpus of seed 1 and checked on seed 2 by bench/photos/photo-accuracy.mjs; decision 021
 * records how and what the bench measured.
 */

/** Longest side (px) of the grey image decoders deliver for analysis (never enlarged). */
export const ANALYSIS_EDGE = 512;

/** Two photos whose 64-bit perceptual hashes differ in at most this many bits are "similar". */
export const SIMILAR_MAX_DISTANCE = 10;

/** Below this sharpness (sharpness.ts: edge Laplacian variance over gradient energy) a photo is blurry. */
export const BLURRY_MAX_SHARPNESS = 77;

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
