export type PhotoFormat = "jpeg" | "png" | "webp" | "gif" | "bmp" | "heic";

const BY_EXTENSION: Record<string, PhotoFormat> = {
  jpg: "jpeg",
  jpeg: "jpeg",
  jpe: "jpeg",
  jfif: "jpeg",
  png: "png",
  webp: "webp",
  gif: "gif",
  bmp: "bmp",
  heic: "heic",
  heif: "heic",
};

const BY_MIME: Record<string, PhotoFormat> = {
  "image/jpeg": "jpeg",
  "image/pjpeg": "jpeg",
  "image/png": "png",
  "image/webp": "webp",
  "image/gif": "gif",
  "image/bmp": "bmp",
  "image/x-ms-bmp": "bmp",
  "image/heic": "heic",
  "image/heif": "heic",
};

/** The photo formats the analysis reads (issue 19), by MIME type first, else by extension; null for anything else. */
export function photoFormatOf(name: string, mime: string): PhotoFormat | null {
  const byMime = BY_MIME[mime.toLowerCase()];
  if (byMime) return byMime;
  const dot = name.lastIndexOf(".");
  if (dot < 0) return null;
  return BY_EXTENSION[name.slice(dot + 1).toLowerCase()] ?? null;
}
