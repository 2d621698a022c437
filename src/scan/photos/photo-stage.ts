import { ANALYSIS_EDGE, analyseGrey, hasCameraExif, photoFormatOf, type PhotoFormat } from "../../domain/photos/index";
import { readImageSize } from "../image-size";
import type { PhotoAnalyser, ScanEntry, ScanSource } from "../types";
import type { PixelSize } from "./analysis-size";
import type { DecodedGrey } from "./browser-decoder";
import type { PhotoCache, PhotoOutcome } from "./photo-cache-idb";
import { analyseScanPhotos } from "./photo-facts-of";

/** The first bytes read of each photo: its header (size) and EXIF (camera), as the contract says. */
export const PHOTO_HEAD_BYTES = 128 * 1024;
/** Photos decoded at once: the decoder works on threads of its own, so a few in flight keep both cores busy. */
export const PHOTOS_IN_FLIGHT = 3;
/** Bytes of files being decoded at once; one file larger than this is decoded alone. */
export const PHOTO_BYTES_IN_FLIGHT = 96 * 1024 * 1024;

export interface PhotoStageOptions<Ref> {
  /** Decodes an entry's bytes to the analysis image (the browser: browser-decoder.ts on `entry.ref`). */
  decode(entry: ScanEntry<Ref>, format: PhotoFormat, original: PixelSize | null, edge: number): Promise<DecodedGrey>;
  /** False for formats this platform cannot decode: those photos are skipped without a read. */
  supports(format: PhotoFormat): boolean;
  cache?: PhotoCache;
  inFlight?: number;
  bytesInFlight?: number;
}

/**
 * The scan's photos stage (issue 19): each photo is looked up in the cache, else its head is
 * read (size from the header, camera from EXIF) and it is decoded and analysed. A head that
 * is no image of its kind is not decoded at all (a ".jpg" of random bytes costs one small read).
 */
export function createPhotoStage<Ref>(options: PhotoStageOptions<Ref>): PhotoAnalyser<Ref> {
  const inFlight = options.inFlight ?? PHOTOS_IN_FLIGHT;
  const budget = options.bytesInFlight ?? PHOTO_BYTES_IN_FLIGHT;
  return {
    async analyse(source, items, entries, run) {
      const work: number[] = [];
      for (let i = 0; i < items.length; i++) {
        const item = items[i]!;
        const format = item.category === "photo" && item.size > 0 ? photoFormatOf(item.name, item.type) : null;
        if (format && options.supports(format)) work.push(i);
      }
      let next = 0;
      let done = 0;
      let bytes = 0;
      const waiting: (() => void)[] = [];
      const admit = async (size: number): Promise<void> => {
        while (bytes > 0 && bytes + size > budget) await new Promise<void>((resolve) => waiting.push(resolve));
        bytes += size;
      };
      const release = (size: number): void => {
        bytes -= size;
        waiting.splice(0).forEach((wake) => wake());
      };
      const lane = async (): Promise<void> => {
        while (next < work.length) {
          run.signal?.throwIfAborted();
          const i = work[next++]!;
          const item = items[i]!;
          const entry = entries[i]!;
          let outcome = options.cache?.get(entry);
          if (outcome === undefined) {
            await admit(item.size);
            try {
              outcome = await analyseOne(source, entry, photoFormatOf(item.name, item.type)!, options);
            } finally {
              release(item.size);
            }
            options.cache?.put(entry, outcome);
          }
          if (outcome) {
            item.width = outcome.width;
            item.height = outcome.height;
            item.photo = { hash: outcome.hash, sharpness: outcome.sharpness, camera: outcome.camera };
          }
          run.onProgress?.(++done);
        }
      };
      await Promise.all(Array.from({ length: Math.min(inFlight, work.length) }, lane));
      return analyseScanPhotos(items, run.nowMs);
    },
  };
}

async function analyseOne<Ref>(
  source: ScanSource<Ref>,
  entry: ScanEntry<Ref>,
  format: PhotoFormat,
  options: PhotoStageOptions<Ref>,
): Promise<PhotoOutcome> {
  try {
    const head = await source.slice(entry, 0, Math.min(entry.size, PHOTO_HEAD_BYTES));
    const header = readImageSize(head);
    // Every format but HEIC has a header the engine reads: without one this is no image.
    if (!header && format !== "heic") return null;
    const decoded = await options.decode(entry, format, header, ANALYSIS_EDGE);
    const { hash, sharpness } = analyseGrey(decoded.grey);
    return { width: decoded.width, height: decoded.height, hash, sharpness, camera: hasCameraExif(head) };
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    return null; // unreadable or undecodable: counted as skipped
  }
}
