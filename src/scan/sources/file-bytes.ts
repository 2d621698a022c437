/** Reading a browser File (or Blob) in bounded pieces; shared by the File-list and folder-handle sources. */
export async function sliceBlob(blob: Blob, start: number, end: number): Promise<Uint8Array> {
  // The whole file: no slice, which costs as much as the read itself in Chromium.
  if (start === 0 && end === blob.size) return new Uint8Array(await blob.arrayBuffer());
  return new Uint8Array(await blob.slice(start, end).arrayBuffer());
}

/** Fixed-size slices rather than Blob.stream(): chunk sizes stay ours, so memory stays bounded. */
export async function* streamBlob(blob: Blob, chunkSize: number): AsyncGenerator<Uint8Array> {
  for (let start = 0; start < blob.size; start += chunkSize) {
    yield await sliceBlob(blob, start, Math.min(blob.size, start + chunkSize));
  }
}
