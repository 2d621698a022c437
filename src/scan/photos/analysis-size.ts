/**
 * Sizes for the photo analysis (issue 19), pure so both the worker and its tests use them.
 * The analysis image is the original fitted inside ANALYSIS_EDGE and never enlarged — what
 * sharp's `resize(E, E, { fit: "inside", withoutEnlargement: true })` gives the CLI.
 */
export interface PixelSize {
  width: number;
  height: number;
}

export function fitInside(size: PixelSize, edge: number): PixelSize {
  const scale = Math.min(1, edge / Math.max(size.width, size.height));
  return { width: Math.max(1, Math.round(size.width * scale)), height: Math.max(1, Math.round(size.height * scale)) };
}

/**
 * What to ask a JPEG decoder for so that it decodes at a reduced scale (libjpeg's M/8 DCT
 * scaling: most of the work of a 12-MP decode is skipped) yet still delivers at least the
 * analysis size, which a resample then reaches exactly. Chromium's ImageDecoder picks the
 * largest M/8 scale that does not exceed `desiredWidth × desiredHeight` (measured: asked for
 * 512×384 of a 4000×3000 JPEG it gave 500×375), so asking for the analysis size itself would
 * come out too small. Null when only the full size is big enough.
 */
export function jpegDecodeSize(original: PixelSize, edge: number): PixelSize | null {
  const target = fitInside(original, edge);
  for (let m = 1; m < 8; m++) {
    const width = Math.ceil((original.width * m) / 8);
    const height = Math.ceil((original.height * m) / 8);
    if (width >= target.width && height >= target.height) return { width, height };
  }
  return null;
}

/**
 * The photo's displayed size from its header's stored size and the decoded frame's size
 * (issue 37): both decoders apply EXIF orientation while decoding (Chromium's ImageDecoder,
 * sharp's autoOrient), so a frame whose long side lies the other way than the header's was
 * turned (Orientation 5–8), and the stored size is turned to match. Shared so the browser and
 * the CLI give one photo one size. A near-square photo whose frame rounds to a square keeps
 * the stored size: turned or not, the two differ by at most a pixel there.
 */
export function displayedSize(stored: PixelSize, shown: PixelSize): PixelSize {
  const turned =
    stored.width !== stored.height && shown.width !== shown.height && stored.width > stored.height !== shown.width > shown.height;
  return turned ? { width: stored.height, height: stored.width } : stored;
}
