/**
 * The one way the app saves a file it made on this device: a Blob behind a short-lived object
 * URL and an <a download> click. Nothing is uploaded. CSV gets a byte-order mark so
 * spreadsheets read it as UTF-8. Returns the bytes saved (export history records them).
 */
/** The file's parts: a CSV starts with a byte-order mark, so spreadsheet apps read it as UTF-8. */
function partsOf(content: string, type: string): string[] {
  return type.startsWith("text/csv") ? ["\uFEFF", content] : [content];
}

/** The size in bytes of the file saveFile would write. */
export function fileBytes(content: string, type: string): number {
  return new Blob(partsOf(content, type)).size;
}

export function saveFile(content: string, fileName: string, type: string): number {
  const blob = new Blob(partsOf(content, type), { type });
  const url = URL.createObjectURL(blob);
  try {
    const a = document.createElement("a");
    a.href = url;
    a.download = fileName;
    a.rel = "noopener";
    document.body.append(a);
    a.click();
    a.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
  return blob.size;
}
