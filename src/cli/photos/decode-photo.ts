import { open, readFile } from "node:fs/promises";
import { ANALYSIS_EDGE, hasCameraExif, type RgbaImage } from "../../domain/photos/index";
import type { Sharp } from "sharp";
import type { SharpModule } from "./load-sharp";
import { readImageSize } from "../../scan/image-size";
import { displayedSize } from "../../scan/photos/analysis-size";
import { decodeHeic, type Libheif } from "../../scan/photos/heic";
import { readBmp } from "./read-bmp";

/** Bytes read from the start of a file for its EXIF (the contract's 128 KB). */
const EXIF_HEAD_BYTES = 128 * 1024;

/**
 * "reduced": the decoder scales while decoding (libjpeg's DCT scaling, WebP's too, through
 * sharp's shrink-on-load), so a 12-MP JPEG is decoded at 1/8 size. "full": every pixel
 * decoded, then resized — kept for the speed bench to measure what reduced decoding saves.
 */
export type DecodeMode = "reduced" | "full";

export interface DecodedPhoto {
  /** The analysis image (analyseRgba's input). */
  rgba: RgbaImage;
  /** Original size, as displayed (EXIF orientation applied). */
  width: number;
  height: number;
  camera: boolean;
}

/**
 * One photo, decoded for analysis: the RGBA image of at most ANALYSIS_EDGE px, oriented as
 * displayed (EXIF orientation applied before anything is measured), which the domain's
 * analyseRgba measures as it measures the browser's. Throws when the file cannot be decoded (the caller counts it as skipped).
 */
export async function decodePhoto(sharp: SharpModule, path: string, mode: DecodeMode): Promise<DecodedPhoto> {
  // libvips starts on the photo at once, beside the head's read: the call returns with the
  // decode queued on libuv's pool, so the caller can analyse another photo meanwhile
  // (analyse-photo-files.ts). Where the head then says BMP, sharp's attempt is dropped.
  const decoding = mode === "reduced" ? toAnalysisImage(sharp(path, { failOn: "none", autoOrient: true })) : null;
  decoding?.catch(() => undefined);
  const head = await readHead(path);
  if (head[0] === 0x42 && head[1] === 0x4d) return decodeBmp(sharp, path);
  if (isHeif(head)) {
    // sharp's prebuilt libvips reads HEIF's header but has no HEVC decoder: libheif decodes.
    return decodeWithSharp(sharp, path, decoding, head).catch(() => decodeHeif(sharp, path, head));
  }
  return decodeWithSharp(sharp, path, decoding, head);
}

async function decodeWithSharp(
  sharp: SharpModule,
  path: string,
  decoding: Promise<{ rgba: RgbaImage }> | null,
  head: Uint8Array,
): Promise<DecodedPhoto> {
  // One libvips pipeline a photo, as the floor's: the stored size comes from the head already
  // read for the EXIF (the browser's header reader), and whether the orientation turned it from
  // the decoded frame (displayedSize), so libvips reads no header twice. sharp's own metadata
  // only where the head holds no size (a JPEG whose SOF lies past a large EXIF thumbnail).
  const stored = readImageSize(head) ?? (await storedSize(sharp, path));
  const { rgba } = await (decoding ?? toAnalysisImage(await decodeFully(sharp, path)));
  return { rgba, ...displayedSize(stored, rgba), camera: hasCameraExif(head) };
}

async function storedSize(sharp: SharpModule, path: string): Promise<{ width: number; height: number }> {
  const meta = await sharp(path).metadata();
  if (!meta.width || !meta.height) throw new Error("no image size");
  return { width: meta.width, height: meta.height };
}

/** BMP through our own reader (sharp has none): every pixel is read either way, BMP is not compressed. */
async function decodeBmp(sharp: SharpModule, path: string): Promise<DecodedPhoto> {
  const bmp = readBmp(await readFile(path));
  if (!bmp) throw new Error("unsupported BMP");
  const source = sharp(bmp.data, { raw: { width: bmp.width, height: bmp.height, channels: 3 } });
  return { ...(await toAnalysisImage(source)), width: bmp.width, height: bmp.height, camera: false };
}

/**
 * libheif-js's CommonJS entry, resolved from node_modules at run time as sharp is (the CLI's
 * bundle leaves it out: 2 MB the CLI would parse at every start), on the first HEIC only.
 */
let libheif: Promise<Libheif> | null = null;
function loadLibheif(): Promise<Libheif> {
  libheif ??= import("libheif-js/wasm-bundle.js").then(
    (module: { default?: unknown }) => (module.default ?? module) as Libheif | Promise<Libheif>,
  );
  return libheif;
}

/** An ISO base media file whose brand is HEIF's (heic, heix, mif1…): what libheif reads. */
function isHeif(head: Uint8Array): boolean {
  const text = new TextDecoder("latin1").decode(head.subarray(4, 12));
  return text.startsWith("ftyp") && ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"].includes(text.slice(4));
}

/** HEIC through libheif's WebAssembly build (heic.ts), the same decoder the browser uses; upright as libheif shows it. */
async function decodeHeif(sharp: SharpModule, path: string, head: Uint8Array): Promise<DecodedPhoto> {
  const full = await decodeHeic(new Uint8Array(await readFile(path)), loadLibheif);
  const source = sharp(Buffer.from(full.data.buffer, full.data.byteOffset, full.data.byteLength), {
    raw: { width: full.width, height: full.height, channels: 4 },
  });
  return { ...(await toAnalysisImage(source)), width: full.width, height: full.height, camera: hasCameraExif(head) };
}

async function toAnalysisImage(source: Sharp): Promise<{ rgba: RgbaImage }> {
  const { data, info } = await source
    .resize(ANALYSIS_EDGE, ANALYSIS_EDGE, { fit: "inside", withoutEnlargement: true })
    .toColourspace("srgb")
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { rgba: { width: info.width, height: info.height, data } };
}

async function decodeFully(sharp: SharpModule, path: string): Promise<Sharp> {
  const { data, info } = await sharp(path, { failOn: "none", autoOrient: true }).raw().toBuffer({ resolveWithObject: true });
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
}

async function readHead(path: string): Promise<Uint8Array> {
  const file = await open(path, "r");
  try {
    const buffer = new Uint8Array(EXIF_HEAD_BYTES);
    const { bytesRead } = await file.read(buffer, 0, EXIF_HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}
