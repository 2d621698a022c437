import { ANALYSIS_EDGE, analyseRgba, hasCameraExif, photoFormatOf, type PhotoFormat } from "../../domain/photos/index";
import { cannotHoldImageSize, readImageSize } from "../image-size";
import type { PhotoAnalyser, ScanEntry, ScanSource } from "../types";
import type { PixelSize } from "./analysis-size";
import type { DecodedImage } from "./browser-decoder";
import type { PhotoCache, PhotoOutcome } from "./photo-cache-idb";
import { analyseScanPhotos } from "./photo-facts-of";
import type { ThumbnailWriter } from "./thumbnail-store-idb";

/** The first bytes read of each photo: its header (size) and EXIF (camera), as the contract says. */
export const PHOTO_HEAD_BYTES = 128 * 1024;
/** The first look at a photo's bytes: enough for readImageSize's signatures (cannotHoldImageSize). */
export const PHOTO_PROBE_BYTES = 4 * 1024;
/**
 * Photos decoded at once: the decoder works on threads of its own, so one in flight per core
 * the device reports, and one more to cover the reads, keep every core busy (issue 37).
 */
export const PHOTOS_IN_FLIGHT = Math.max(2, Math.min(16, (globalThis.navigator?.hardwareConcurrency ?? 2) + 1));
/**
 * Heads read at once. A read is mostly a round trip to the browser's file reader, so many
 * overlap well (the hash pass keeps 16 in flight too): on a folder of ".jpg" files that are
 * no images, this is all the stage does.
 */
export const PHOTO_READS_IN_FLIGHT = 16;
/** Bytes of files being decoded at once; one file larger than this is decoded alone. */
export const PHOTO_BYTES_IN_FLIGHT = 96 * 1024 * 1024;

export interface PhotoStageOptions<Ref> {
  /** Decodes an entry's bytes to the analysis image (the browser: browser-decoder.ts on `entry.ref`). */
  decode(entry: ScanEntry<Ref>, format: PhotoFormat, original: PixelSize | null, edge: number): Promise<DecodedImage>;
  /** False for formats this platform cannot decode: those photos are skipped without a read. */
  supports(format: PhotoFormat): boolean;
  cache?: PhotoCache;
  /**
   * Where the decoder's thumbnails go (thumbnail-store-idb.ts). A photo the cache knows but
   * without a thumbnail is decoded again, so every photo of the scan has one.
   */
  thumbnails?: Pick<ThumbnailWriter, "known" | "put" | "finish">;
  /**
   * True when bytes already read (the hash's first pass: head-notes.ts) show the entry holds
   * no image header: it is skipped without a read, as a read would have found.
   */
  lacksImageHeader?(entry: ScanEntry<Ref>): boolean;
  /** Decodes at once (PHOTOS_IN_FLIGHT). */
  inFlight?: number;
  readsInFlight?: number;
  bytesInFlight?: number;
}

/** At most `slots` decodes and `budget` bytes at once (one file over the budget goes alone). */
function decodeGate(slots: number, budget: number) {
  let running = 0;
  let bytes = 0;
  const waiting: (() => void)[] = [];
  return {
    async enter(size: number): Promise<void> {
      while (running >= slots || (bytes > 0 && bytes + size > budget)) await new Promise<void>((resolve) => waiting.push(resolve));
      running++;
      bytes += size;
    },
    leave(size: number): void {
      running--;
      bytes -= size;
      waiting.splice(0).forEach((wake) => wake());
    },
  };
}

/**
 * The scan's photos stage (issue 19): each photo is looked up in the cache, else its head is
 * read (size from the header, camera from EXIF) and it is decoded and analysed. A head that
 * is no image of its kind is not decoded at all (a ".jpg" of random bytes costs one small read).
 */
export function createPhotoStage<Ref>(options: PhotoStageOptions<Ref>): PhotoAnalyser<Ref> {
  const reads = options.readsInFlight ?? PHOTO_READS_IN_FLIGHT;
  return {
    async analyse(source, items, entries, run) {
      // Photos no hash pass reads go first (they can start while the duplicates are found);
      // those it reads wait for it, and may then need no read of their own (lacksImageHeader).
      const work: number[] = [];
      const afterHash: number[] = [];
      for (let i = 0; i < items.length; i++) {
        const item = items[i]!;
        const format = item.category === "photo" && item.size > 0 ? photoFormatOf(item.name, item.type) : null;
        if (format && options.supports(format)) (run.hashedFirst?.(i) ? afterHash : work).push(i);
      }
      const firstLater = work.length;
      work.push(...afterHash);
      const gate = decodeGate(options.inFlight ?? PHOTOS_IN_FLIGHT, options.bytesInFlight ?? PHOTO_BYTES_IN_FLIGHT);
      let next = 0;
      let done = 0;
      const lane = async (): Promise<void> => {
        while (next < work.length) {
          run.signal?.throwIfAborted();
          const at = next++;
          if (at >= firstLater && run.duplicatesFound) await run.duplicatesFound;
          const i = work[at]!;
          const item = items[i]!;
          const entry = entries[i]!;
          let outcome = options.cache?.get(entry);
          if (outcome && options.thumbnails && !options.thumbnails.known.has(entry.path)) outcome = undefined;
          if (outcome === undefined) {
            const format = photoFormatOf(item.name, item.type)!;
            // HEIC is decoded without a header (analyseOne): only the others can be settled early.
            const settled = format !== "heic" && options.lacksImageHeader?.(entry) === true;
            outcome = settled ? null : await analyseOne(source, entry, format, options, gate);
            options.cache?.put(entry, outcome);
          }
          if (outcome) {
            item.width = outcome.width;
            item.height = outcome.height;
            const { width: _w, height: _h, ...traits } = outcome;
            item.photo = traits;
          }
          run.onProgress?.(++done);
        }
      };
      await Promise.all(Array.from({ length: Math.min(reads, work.length) }, lane));
      await options.thumbnails?.finish(new Set(work.filter((i) => items[i]!.photo).map((i) => entries[i]!.path)));
      // The findings compare photos with the exact duplicates: those must be marked first.
      await run.duplicatesFound;
      return analyseScanPhotos(items, run.nowMs);
    },
  };
}

async function analyseOne<Ref>(
  source: ScanSource<Ref>,
  entry: ScanEntry<Ref>,
  format: PhotoFormat,
  options: PhotoStageOptions<Ref>,
  gate: ReturnType<typeof decodeGate>,
): Promise<PhotoOutcome> {
  try {
    const headBytes = Math.min(entry.size, PHOTO_HEAD_BYTES);
    // A small look first: a file with no image signature costs 4 KiB, not its 128 KiB head
    // (20,000 files of the bench: 2,765 such heads were 134 MB, more than both hash passes).
    if (format !== "heic" && headBytes > PHOTO_PROBE_BYTES) {
      if (cannotHoldImageSize(await source.slice(entry, 0, PHOTO_PROBE_BYTES), entry.size)) return null;
    }
    const head = await source.slice(entry, 0, headBytes);
    const header = readImageSize(head);
    // Every format but HEIC has a header the engine reads: without one this is no image.
    if (!header && format !== "heic") return null;
    await gate.enter(entry.size);
    let decoded: DecodedImage;
    try {
      decoded = await options.decode(entry, format, header, ANALYSIS_EDGE);
    } finally {
      gate.leave(entry.size);
    }
    if (decoded.thumbnail) options.thumbnails?.put(entry.path, decoded.thumbnail);
    return { width: decoded.width, height: decoded.height, camera: hasCameraExif(head), ...analyseRgba(decoded.rgba, decoded) };
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    return null; // unreadable or undecodable: counted as skipped
  }
}
