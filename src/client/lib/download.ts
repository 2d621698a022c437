/**
 * The one way the app saves a file it made on this device: a Blob behind a short-lived object
 * URL and an <a download> click. Nothing is uploaded. CSV gets a byte-order mark so
 * spreadsheets read it as UTF-8. Returns the bytes saved (export history records them).
 */
export function saveFile(content: string, fileName: string, type: string): number {
  const parts = type.startsWith("text/csv") ? ["\uFEFF", content] : [content];
  const blob = new Blob(parts, { type });
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
