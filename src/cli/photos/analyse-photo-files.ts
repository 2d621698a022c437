import { join } from "node:path";
import {
  analyseRgba,
  analysePhotos,
  photoFormatOf,
  summarizePhotoFindings,
  type PhotoFacts,
  type PhotoReport,
} from "../../domain/photos/index";
import type { PhotoFindings } from "../../domain/schemas/scan-summary";
import type { ScanItem } from "../../scan/types";
import { type DecodeMode, type DecodedPhoto, decodePhoto } from "./decode-photo";
import { loadSharp } from "./load-sharp";

export interface PhotoAnalysis {
  facts: PhotoFacts[];
  report: PhotoReport;
  /** The aggregate the scan summary carries (counts and bytes only). */
  findings: PhotoFindings;
  /** Paths (relative to the root) of photos that could not be decoded here. */
  skippedPaths: string[];
}

export interface PhotoAnalysisOptions {
  nowMs: number;
  /** Photos decoded at once: sharp runs each on a thread of libuv's pool. */
  concurrency: number;
  mode?: DecodeMode;
  onProgress?: (done: number, total: number) => void;
}

/**
 * `--similar` (issue 19): decodes every photo of the scan with sharp, `concurrency` at a
 * time, and runs the pure analysis. Only the decode leaves the main thread — it is most of
 * the cost (a 12-MP JPEG takes tens of ms even at 1/8 size, the analysis of the 512-px image
 * a few): libuv's pool gives the parallelism without worker threads to start and feed. Each
 * lane starts its next decode before it measures the photo it has (issue 37), so the pool
 * never waits on this thread, as it does not in the decode floor (cli-photo-floor.mjs).
 */
export async function analysePhotoFiles(root: string, items: readonly ScanItem[], options: PhotoAnalysisOptions): Promise<PhotoAnalysis> {
  const photos = items.filter((item) => item.category === "photo" && item.size > 0 && photoFormatOf(item.name, item.type) !== null);
  const sharp = await loadSharp();
  const facts: (PhotoFacts | null)[] = new Array<PhotoFacts | null>(photos.length).fill(null);
  let next = 0;
  let done = 0;
  /** The next photo's decode, started: libvips works on it while this thread analyses another. */
  const start = (): { index: number; decoded: Promise<DecodedPhoto | null> } | null => {
    if (next >= photos.length) return null;
    const index = next++;
    const decoded = decodePhoto(sharp, join(root, photos[index]!.path), options.mode ?? "reduced").catch(() => null);
    return { index, decoded };
  };
  const lanes = Array.from({ length: Math.max(1, Math.min(options.concurrency, photos.length)) }, async () => {
    for (let current = start(); current;) {
      const { index } = current;
      const item = photos[index]!;
      const decoded = await current.decoded;
      // Each lane keeps a decode in libuv's pool while its previous photo is measured here.
      current = start();
      if (decoded) {
        try {
          facts[index] = {
            id: item.id,
            path: item.path,
            name: item.name,
            size: item.size,
            modified: item.modified,
            format: photoFormatOf(item.name, item.type)!,
            width: decoded.width,
            height: decoded.height,
            camera: decoded.camera,
            exactGroup: item.duplicateGroup,
            ...analyseRgba(decoded.rgba, decoded),
          };
        } catch {
          // analyseRgba refuses an image smaller than its size says: counted as skipped.
        }
      }
      // Not decoded (HEIC without an HEVC decoder, a damaged file): its fact stays null, reported as skipped.
      options.onProgress?.(++done, photos.length);
    }
  });
  await Promise.all(lanes);
  const analysed = facts.filter((f): f is PhotoFacts => f !== null);
  const skippedPaths = photos.filter((_, i) => facts[i] === null).map((item) => item.path);
  const report = analysePhotos(analysed, { nowMs: options.nowMs, skipped: skippedPaths.length });
  return { facts: analysed, skippedPaths, report, findings: summarizePhotoFindings(report, analysed) };
}
