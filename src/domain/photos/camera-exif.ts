/**
 * EXIF camera check (issue 19), pure and shared by both decoders: true when the file's EXIF
 * names a camera Make or Model. Reads JPEG APP1, PNG eXIf and WebP EXIF; for other containers
 * (HEIC, AVIF) it looks for the "Exif\0\0" TIFF block in the bytes it has. `head` is the start
 * of the file (decoders pass up to 128 KB). Never throws: bad or cut-off input is "no camera".
 */
export function hasCameraExif(head: Uint8Array): boolean {
  try {
    const tiff = findTiff(head);
    return tiff !== null && tiffNamesCamera(head, tiff);
  } catch {
    return false;
  }
}

const TAG_MAKE = 0x010f;
const TAG_MODEL = 0x0110;
const TYPE_ASCII = 2;

function ascii(b: Uint8Array, at: number, text: string): boolean {
  if (at < 0 || at + text.length > b.length) return false;
  for (let k = 0; k < text.length; k++) if (b[at + k] !== text.charCodeAt(k)) return false;
  return true;
}

const be16 = (b: Uint8Array, i: number): number => ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0);
const be32 = (b: Uint8Array, i: number): number => ((be16(b, i) << 16) | be16(b, i + 2)) >>> 0;
const le32 = (b: Uint8Array, i: number): number =>
  ((b[i] ?? 0) | ((b[i + 1] ?? 0) << 8) | ((b[i + 2] ?? 0) << 16) | ((b[i + 3] ?? 0) << 24)) >>> 0;

/** Offset of the TIFF header ("II*\0" or "MM\0*") holding the EXIF, or null. */
function findTiff(b: Uint8Array): number | null {
  if (b[0] === 0xff && b[1] === 0xd8) return jpegTiff(b);
  if (b[0] === 0x89 && ascii(b, 1, "PNG")) return pngTiff(b);
  if (ascii(b, 0, "RIFF") && ascii(b, 8, "WEBP")) return webpTiff(b);
  return scanForExif(b);
}

function jpegTiff(b: Uint8Array): number | null {
  let i = 2;
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i++; // fill byte
      continue;
    }
    if (marker === 0xda || marker === 0xd9) return null; // image data: no more metadata segments
    const length = be16(b, i + 2);
    if (length < 2) return null;
    if (marker === 0xe1 && ascii(b, i + 4, "Exif\0\0")) return i + 10;
    i += 2 + length;
  }
  return null;
}

function pngTiff(b: Uint8Array): number | null {
  let i = 8;
  while (i + 8 <= b.length) {
    const length = be32(b, i);
    if (ascii(b, i + 4, "eXIf")) return i + 8;
    if (ascii(b, i + 4, "IDAT") || ascii(b, i + 4, "IEND")) return null;
    i += 12 + length;
  }
  return null;
}

function webpTiff(b: Uint8Array): number | null {
  let i = 12;
  while (i + 8 <= b.length) {
    const length = le32(b, i + 4);
    if (ascii(b, i, "EXIF")) return ascii(b, i + 8, "Exif\0\0") ? i + 14 : i + 8;
    i += 8 + length + (length & 1);
  }
  return null;
}

function scanForExif(b: Uint8Array): number | null {
  for (let i = 0; i + 10 <= b.length; i++) {
    if (b[i] === 0x45 && ascii(b, i, "Exif\0\0") && (ascii(b, i + 6, "II*\0") || ascii(b, i + 6, "MM\0*"))) return i + 6;
  }
  return null;
}

/** Reads IFD0 for a Make or Model tag whose text is not blank. */
function tiffNamesCamera(b: Uint8Array, tiff: number): boolean {
  const little = ascii(b, tiff, "II*\0");
  if (!little && !ascii(b, tiff, "MM\0*")) return false;
  const u16 = (i: number): number => (little ? (b[i] ?? 0) | ((b[i + 1] ?? 0) << 8) : be16(b, i));
  const u32 = (i: number): number => (little ? le32(b, i) : be32(b, i));
  const ifd = tiff + u32(tiff + 4);
  if (ifd + 2 > b.length) return false;
  const entries = u16(ifd);
  for (let e = 0; e < entries; e++) {
    const entry = ifd + 2 + e * 12;
    if (entry + 12 > b.length) return false;
    const tag = u16(entry);
    if ((tag !== TAG_MAKE && tag !== TAG_MODEL) || u16(entry + 2) !== TYPE_ASCII) continue;
    const count = u32(entry + 4);
    const at = count <= 4 ? entry + 8 : tiff + u32(entry + 8);
    if (hasVisibleText(b, at, count)) return true;
  }
  return false;
}

function hasVisibleText(b: Uint8Array, at: number, count: number): boolean {
  const end = Math.min(at + count, b.length);
  for (let i = at; i < end; i++) {
    const c = b[i]!;
    if (c === 0) return false;
    if (c > 0x20) return true;
  }
  return false;
}
