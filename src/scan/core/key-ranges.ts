/**
 * What each pass of the sieve reads (core/sieve.ts). Every adapter's reader (the browser's
 * source hasher, the CLI's KeyReader) reads these ranges, and both hash caches record them:
 * keys made with other ranges are never compared.
 */
/** Size of the first and of the last block read by the partial hash. */
export const PARTIAL_BLOCK_BYTES = 4 * 1024;
/**
 * Files up to this size are hashed whole in the first pass: one read of up to 64 KiB costs
 * about what two 4 KiB reads cost (the per-file open/read calls dominate, not the bytes),
 * and it settles the file at once. Larger files get first+last blocks, then a full pass.
 */
export const WHOLE_FILE_FIRST_PASS_BYTES = 64 * 1024;
/** Full hashes read this much at a time: memory stays bounded whatever the file size. */
export const HASH_CHUNK_BYTES = 1024 * 1024;

export function firstPassCoversWholeFile(size: number): boolean {
  return size <= WHOLE_FILE_FIRST_PASS_BYTES;
}

/** Where the first pass reads: the whole file, or its first and last blocks. */
export function firstPassRanges(size: number): [number, number][] {
  if (firstPassCoversWholeFile(size)) return [[0, size]];
  return [
    [0, PARTIAL_BLOCK_BYTES],
    [size - PARTIAL_BLOCK_BYTES, size],
  ];
}
