import type { PhotoFormat } from "./photo-format";

/** What the analysis knows of one photo; built by a decoder (scan worker or CLI), read by the rules. */
export interface PhotoFacts {
  /** The scan item id (ScanItem.id): links back to the index. */
  id: number;
  /** Stays on the device. */
  path: string;
  name: string;
  size: number;
  /** ms since the epoch. */
  modified: number;
  format: PhotoFormat;
  /** ORIGINAL pixel size (from the decoder or the header), not the analysis image's. */
  width: number;
  height: number;
  /** 16 lowercase hex digits: the 64-bit DCT perceptual hash. */
  hash: string;
  sharpness: number;
  /**
   * Issue 37's measures (analyse-grey.ts PhotoMeasures); absent in facts saved before them,
   * where the rules fall back to what they had (no turned copies, the sharpness cut-off).
   */
  turns?: string;
  /** Window hashes (analyse-grey.ts PhotoMeasures.crops); absent in facts saved before them: no crop is then looked for. */
  crops?: string;
  detail?: number;
  clipped?: number;
  graphic?: boolean;
  /** Has camera EXIF (Make or Model); false when unknown. */
  camera: boolean;
  /** ScanItem.duplicateGroup (byte-identical copies), null if none. */
  exactGroup: number | null;
}

export interface SimilarGroup {
  ids: number[];
  keepId: number;
  /** Why keepId is the one to keep, in words, e.g. "Sharpest, highest resolution". */
  reason: string;
}

export interface PhotoReport {
  /** Groups of >= 2 near-duplicates (multi-index hashing, never n² pairs). */
  similar: SimilarGroup[];
  /** Byte-identical groups with the oldest original kept and a reason. */
  exact: SimilarGroup[];
  blurry: number[];
  screenshots: number[];
  /** Screenshots older than 30 days (a subset of screenshots). */
  oldScreenshots: number[];
  /** Photos not decoded (e.g. HEIC the platform cannot decode). */
  skipped: number;
}
