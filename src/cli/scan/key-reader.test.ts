import { randomBytes } from "node:crypto";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createXXHash128 } from "hash-wasm";
import { afterAll, describe, expect, it } from "vitest";
import { KEY_BYTES, KeyReader, copyKey } from "./key-reader";

const key = (seed: number) => Uint8Array.from({ length: KEY_BYTES }, (_, b) => (seed * 31 + b * 7) & 0xff);

describe("copyKey", () => {
  it("copies 16 bytes between buffers and touches nothing else", () => {
    const a = new Uint8Array(64);
    const b = new Uint8Array(64);
    a.set(key(1), 16);
    b.set(key(2), 32);
    const out = new Uint8Array(64).fill(0xee);
    copyKey(a, 16, out, 0);
    copyKey(b, 32, out, 48);
    copyKey(a, 16, out, 16);
    expect(out.subarray(0, 16)).toEqual(key(1));
    expect(out.subarray(16, 32)).toEqual(key(1));
    expect([...out.subarray(32, 48)]).toEqual(new Array(16).fill(0xee)); // nothing else touched
    expect(out.subarray(48, 64)).toEqual(key(2));
  });

  it("copies at any offset, between views that start anywhere in their buffer", () => {
    const backing = new ArrayBuffer(80);
    const odd = new Uint8Array(backing, 3, 40); // a view that starts off a word boundary
    odd.set(key(3), 5);
    const out = new Uint8Array(40);
    copyKey(odd, 5, out, 2);
    expect(out.subarray(2, 18)).toEqual(key(3));
    const aligned = new Uint8Array(40);
    aligned.set(key(4), 0);
    copyKey(aligned, 0, odd, 20);
    expect(odd.subarray(20, 36)).toEqual(key(4));
    expect(new Uint8Array(backing, 23, 16)).toEqual(key(4));
  });
});

describe("KeyReader (hash-wasm's createXXHash128 over the bytes each pass reads)", () => {
  const work = fs.mkdtempSync(join(tmpdir(), "cs-key-reader-"));
  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

  it("keys a small file whole, a larger one by its first and last 4 KiB, and every byte in the full pass", async () => {
    const reference = await createXXHash128();
    const xxh = (bytes: Uint8Array) => {
      reference.init();
      reference.update(bytes);
      return Buffer.from(reference.digest("binary"));
    };
    const reader = new KeyReader(await createXXHash128());
    for (const size of [1, 4096, 65_536, 65_537, (1 << 20) + 3]) {
      const bytes = randomBytes(size);
      const path = join(work, `f${size}`);
      fs.writeFileSync(path, bytes);
      const out = new Uint8Array(3 * KEY_BYTES);
      expect(reader.first(path, size, out, KEY_BYTES), `first ${size}`).toBe(true);
      const firstBytes = size <= 65_536 ? bytes : Buffer.concat([bytes.subarray(0, 4096), bytes.subarray(size - 4096)]);
      expect(Buffer.from(out.subarray(KEY_BYTES, 2 * KEY_BYTES)).equals(xxh(firstBytes)), `first ${size}`).toBe(true);
      expect(reader.full(path, size, out, 2 * KEY_BYTES), `full ${size}`).toBe(true);
      expect(Buffer.from(out.subarray(2 * KEY_BYTES)).equals(xxh(bytes)), `full ${size}`).toBe(true);
      // A file that grew since the walk is not keyed.
      expect(reader.full(path, size - 1, out, 0)).toBe(false);
    }
    expect(reader.first(join(work, "missing"), 10, new Uint8Array(KEY_BYTES), 0)).toBe(false);
  });
});
