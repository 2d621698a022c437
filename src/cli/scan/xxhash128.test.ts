import { randomBytes } from "node:crypto";
import { createXXHash128 } from "hash-wasm";
import { describe, expect, it } from "vitest";
import { Xxhash128, compileXxhash128 } from "./xxhash128";

describe("Xxhash128 (hash-wasm's module without its wrapper)", () => {
  it("gives createXXHash128's keys for any length and any split into updates", async () => {
    const reference = await createXXHash128();
    const ours = new Xxhash128(compileXxhash128());
    const out = new Uint8Array(32);
    for (const length of [0, 1, 15, 16, 17, 240, 4096, 16 * 1024 - 1, 16 * 1024, 16 * 1024 + 1, 65_536, 100_003, (1 << 20) + 3]) {
      const data = randomBytes(length);
      reference.init();
      reference.update(data);
      const expected = Buffer.from(reference.digest("binary"));
      ours.init();
      ours.update(data, 0, length);
      ours.digest(out, 16);
      expect(Buffer.from(out.subarray(16)).equals(expected), `length ${length}`).toBe(true);
      // In two updates, cut anywhere: the same key.
      const cut = Math.floor(length / 3);
      ours.init();
      ours.update(data, 0, cut);
      ours.update(data, cut, length);
      ours.digest(out, 0);
      expect(Buffer.from(out.subarray(0, 16)).equals(expected), `length ${length} in two`).toBe(true);
    }
  });
});
