/**
 * Decoding a photo into the analysis's grey image inside the scan worker (issue 19), with
 * the platform's own decoders: nothing is uploaded, and no decoder ships in the bundle.
 *
 * WebCodecs' ImageDecoder first: given a desired size it decodes a JPEG at a reduced DCT
 * scale, which is most of the cost saved (bench/browser-photos.mjs measures it), and it
 * decodes on a thread of its own, so several photos in flight use both cores.
 * createImageBitmap with resize options is the fallback (Safari before ImageDecoder); in
 * Chromium it decodes at full size whatever the resize asks.
 */
import type { PhotoFormat, RgbaImage } from "../../domain/photos/index";
import { displayedSize, fitInside, jpegDecodeSize, type PixelSize } from "./analysis-size";
import { decodeHeic } from "./heic";
import { THUMBNAIL_EDGE } from "./thumbnail-store-idb";

const MIME: Record<PhotoFormat, string> = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  gif: "image/gif",
  bmp: "image/bmp",
  heic: "image/heic",
};

/**
 * A photo decoded for analysis: the RGBA image at `fitInside(displayed, edge)`, EXIF
 * orientation applied, and the photo's displayed size (the header's, turned when the
 * orientation turns it).
 */
export interface DecodedImage extends PixelSize {
  rgba: RgbaImage;
  /** A small JPEG of the photo for the photo views (thumbnail-store-idb.ts), when the decoder makes one. */
  thumbnail?: Blob;
}

/**
 * Decodes one photo. `original` is the size its header gives; null when no header reader
 * knows the format (HEIC), and then the decoder tells.
 */
export type ImageDecode = (file: Blob, format: PhotoFormat, original: PixelSize | null, edge: number) => Promise<DecodedImage>;

export interface BrowserDecoder {
  decode: ImageDecode;
  /** Whether this platform decodes the format at all (HEIC mostly not: those photos are counted as skipped). */
  supports(format: PhotoFormat): boolean;
  readonly kind: "image-decoder" | "image-bitmap";
}

// TypeScript's DOM library has no WebCodecs ImageDecoder yet: the part used here.
interface ImageDecoderLike {
  decode(options?: {
    frameIndex?: number;
  }): Promise<{ image: CanvasImageSource & { displayWidth: number; displayHeight: number; close(): void } }>;
  close(): void;
}
interface ImageDecoderClass {
  new (init: {
    data: ArrayBuffer;
    type: string;
    desiredWidth?: number;
    desiredHeight?: number;
    preferAnimation?: boolean;
  }): ImageDecoderLike;
  isTypeSupported(type: string): Promise<boolean>;
}

const ALL_FORMATS = Object.keys(MIME) as PhotoFormat[];

/**
 * The best decoder this platform offers, or null when it has none (Node, old browsers): the
 * scan then leaves photos unanalysed rather than calling every one of them skipped.
 * `prefer` forces one path (the benchmark compares them).
 */
export async function createBrowserDecoder(
  prefer?: BrowserDecoder["kind"] | "full-size",
  options: { thumbnails?: boolean } = {},
): Promise<BrowserDecoder | null> {
  const thumbnails = options.thumbnails ?? true;
  if (typeof OffscreenCanvas === "undefined") return null;
  const Decoder = (globalThis as { ImageDecoder?: ImageDecoderClass }).ImageDecoder;
  if (Decoder && prefer !== "image-bitmap") {
    const supported = new Set<PhotoFormat>();
    for (const format of ALL_FORMATS) if (await Decoder.isTypeSupported(MIME[format]).catch(() => false)) supported.add(format);
    return {
      kind: "image-decoder",
      // HEIC the platform cannot decode goes through libheif (heic.ts).
      supports: (format) => format === "heic" || supported.has(format),
      decode: (file, format, original, edge) =>
        format === "heic" && !supported.has("heic")
          ? decodeWithLibheif(file, edge, thumbnails)
          : decodeWithImageDecoder(Decoder, file, format, original, edge, prefer !== "full-size", thumbnails),
    };
  }
  if (typeof createImageBitmap === "undefined") return null;
  // Without ImageDecoder there is no asking: HEIC is tried where the platform may know it (Safari).
  return {
    kind: "image-bitmap",
    supports: () => true,
    decode: (file, format, original, edge) => decodeWithImageBitmap(file, format, original, edge, thumbnails),
  };
}

async function decodeWithImageDecoder(
  Decoder: ImageDecoderClass,
  file: Blob,
  format: PhotoFormat,
  original: PixelSize | null,
  edge: number,
  reduced: boolean,
  thumbnails: boolean,
): Promise<DecodedImage> {
  const scaled = reduced && original && format === "jpeg" ? jpegDecodeSize(original, edge) : null;
  const decoder = new Decoder({
    data: await file.arrayBuffer(),
    type: MIME[format],
    preferAnimation: false,
    ...(scaled ? { desiredWidth: scaled.width, desiredHeight: scaled.height } : {}),
  });
  try {
    const { image } = await decoder.decode({ frameIndex: 0 });
    try {
      // The frame is drawn oriented (its EXIF Orientation applied, as sharp's autoOrient does);
      // the header's size is the stored one, so a turned photo's is turned to match.
      const size = original
        ? displayedSize(original, { width: image.displayWidth, height: image.displayHeight })
        : { width: image.displayWidth, height: image.displayHeight };
      return await analysisImage(image, size, edge, thumbnails);
    } finally {
      image.close();
    }
  } finally {
    decoder.close();
  }
}

async function decodeWithImageBitmap(
  file: Blob,
  _format: PhotoFormat,
  original: PixelSize | null,
  edge: number,
  thumbnails: boolean,
): Promise<DecodedImage> {
  // No resize asked: where orientation turns the photo, a size from the stored header would squash it.
  const bitmap = await createImageBitmap(file);
  try {
    const shown = { width: bitmap.width, height: bitmap.height };
    const size = original ? displayedSize(original, shown) : shown;
    return await analysisImage(bitmap, size, edge, thumbnails);
  } finally {
    bitmap.close();
  }
}

/** HEIC through libheif's WebAssembly build: the full image, then the canvas's resample to the analysis size. */
async function decodeWithLibheif(file: Blob, edge: number, thumbnails: boolean): Promise<DecodedImage> {
  const full = await decodeHeic(new Uint8Array(await file.arrayBuffer()));
  const canvas = new OffscreenCanvas(full.width, full.height);
  const context = canvas.getContext("2d");
  if (!context) throw new Error("No 2D canvas in this worker");
  context.putImageData(new ImageData(new Uint8ClampedArray(full.data), full.width, full.height), 0, 0);
  return analysisImage(canvas, { width: full.width, height: full.height }, edge, thumbnails);
}

/**
 * The analysis image of a decoded frame and, from it, the photo's thumbnail: made here, on
 * the frame already decoded, so the photo views never need the file again.
 */
async function analysisImage(image: CanvasImageSource, size: PixelSize, edge: number, thumbnails: boolean): Promise<DecodedImage> {
  const { canvas, rgba } = drawRgba(image, fitInside(size, edge));
  if (!thumbnails) return { ...size, rgba };
  const small = fitInside(size, THUMBNAIL_EDGE);
  const thumb = new OffscreenCanvas(small.width, small.height);
  const context = thumb.getContext("2d");
  let thumbnail: Blob | undefined;
  if (context) {
    context.imageSmoothingEnabled = true;
    context.imageSmoothingQuality = "high";
    context.drawImage(canvas, 0, 0, small.width, small.height);
    thumbnail = await thumb.convertToBlob({ type: "image/jpeg", quality: 0.8 }).catch(() => undefined);
  }
  return { ...size, rgba, ...(thumbnail ? { thumbnail } : {}) };
}

/** Draws the decoded frame at the analysis size (the browser's high-quality resample) and reads its pixels. */
function drawRgba(image: CanvasImageSource, size: PixelSize): { canvas: OffscreenCanvas; rgba: RgbaImage } {
  const canvas = new OffscreenCanvas(size.width, size.height);
  const context = canvas.getContext("2d", { willReadFrequently: true });
  if (!context) throw new Error("No 2D canvas in this worker");
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = "high";
  context.drawImage(image, 0, 0, size.width, size.height);
  return { canvas, rgba: { ...size, data: context.getImageData(0, 0, size.width, size.height).data } };
}
