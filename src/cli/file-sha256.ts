import { createHash } from "node:crypto";
import type * as nodeFs from "node:fs";

const CHUNK = 1024 * 1024;

export type ReadFs = Pick<typeof nodeFs, "openSync" | "readSync" | "closeSync">;

/**
 * "sha256:<hex>" of a file's bytes, read 1 MiB at a time (memory stays bounded). SHA-256,
 * not the scan's xxHash128: the plan's hash is what stands between a changed file and its
 * removal, so it is a cryptographic one, and every browser can compute it too.
 */
export function sha256File(fs: ReadFs, path: nodeFs.PathLike): string {
  const hash = createHash("sha256");
  const buffer = Buffer.allocUnsafe(CHUNK);
  const fd = fs.openSync(path, "r");
  try {
    for (;;) {
      const read = fs.readSync(fd, buffer, 0, CHUNK, null);
      if (read === 0) break;
      hash.update(buffer.subarray(0, read));
    }
  } finally {
    fs.closeSync(fd);
  }
  return `sha256:${hash.digest("hex")}`;
}

/** True when the two files hold the same bytes, compared byte for byte (not by hash). */
export function sameBytes(fs: ReadFs, a: nodeFs.PathLike, b: nodeFs.PathLike): boolean {
  const bufA = Buffer.allocUnsafe(CHUNK);
  const bufB = Buffer.allocUnsafe(CHUNK);
  const fdA = fs.openSync(a, "r");
  try {
    const fdB = fs.openSync(b, "r");
    try {
      for (;;) {
        const readA = readFull(fs, fdA, bufA);
        const readB = readFull(fs, fdB, bufB);
        if (readA !== readB) return false;
        if (readA === 0) return true;
        if (!bufA.subarray(0, readA).equals(bufB.subarray(0, readB))) return false;
      }
    } finally {
      fs.closeSync(fdB);
    }
  } finally {
    fs.closeSync(fdA);
  }
}

/** Fills the buffer unless the file ends first (a short read is not the end of a file). */
function readFull(fs: ReadFs, fd: number, buffer: Buffer): number {
  let total = 0;
  while (total < buffer.length) {
    const read = fs.readSync(fd, buffer, total, buffer.length - total, null);
    if (read === 0) break;
    total += read;
  }
  return total;
}

/** True when every byte of `part` is, in order, the start of `whole` (a copy cut short, or a whole copy). */
export function bytesArePrefix(fs: ReadFs, part: nodeFs.PathLike, whole: nodeFs.PathLike): boolean {
  const bufA = Buffer.allocUnsafe(CHUNK);
  const bufB = Buffer.allocUnsafe(CHUNK);
  const fdA = fs.openSync(part, "r");
  try {
    const fdB = fs.openSync(whole, "r");
    try {
      for (;;) {
        const readA = readFull(fs, fdA, bufA);
        if (readA === 0) return true;
        const readB = readFull(fs, fdB, bufB);
        if (readB < readA || !bufA.subarray(0, readA).equals(bufB.subarray(0, readA))) return false;
      }
    } finally {
      fs.closeSync(fdB);
    }
  } finally {
    fs.closeSync(fdA);
  }
}
