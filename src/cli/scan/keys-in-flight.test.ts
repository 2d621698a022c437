import { randomBytes } from "node:crypto";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type IHasher, createXXHash128 } from "hash-wasm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KEY_BYTES, KeyReader } from "./key-reader";
import { FILES_IN_FLIGHT, PROBE_FILES, ReadMode, type KeyJobs, readKeys, readKeysInFlight, voluntarySwitches } from "./keys-in-flight";

const work = fs.mkdtempSync(join(tmpdir(), "cs-keys-in-flight-"));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** Sizes around every boundary of the ranges (64 KiB whole, 4 KiB blocks, 1 MiB chunks), more files than are in flight. */
const SIZES = [1, 4095, 4096, 65_535, 65_536, 65_537, 70_000, (1 << 20) - 1, 1 << 20, (1 << 20) + 1, 2 * (1 << 20) + 7];
const files: { path: string; size: number }[] = [];
beforeAll(() => {
  for (let i = 0; i < 3 * FILES_IN_FLIGHT[0]; i++) {
    const size = SIZES[i % SIZES.length] as number;
    const path = join(work, `f${i}`);
    fs.writeFileSync(path, randomBytes(size));
    files.push({ path, size });
  }
  // A missing file, and files whose size is not what the walk saw: never keyed.
  files.push({ path: join(work, "missing"), size: 10 });
  files.push({ path: files[0]?.path as string, size: 2 });
  files.push({ path: files[7]?.path as string, size: (files[7]?.size as number) - 1 });
});

const jobsOf = (list: { path: string; size: number }[]): KeyJobs => ({
  count: list.length,
  path: (k) => list[k]?.path as string,
  size: (k) => list[k]?.size as number,
});

/** KeyReader's keys, one file at a time: the reference. */
async function syncKeys(pass: 0 | 1, list: { path: string; size: number }[]) {
  const reader = new KeyReader(await createXXHash128());
  const out = new Uint8Array(list.length * KEY_BYTES);
  const ok = new Uint8Array(list.length);
  list.forEach(({ path, size }, k) => {
    ok[k] = (pass === 0 ? reader.first(path, size, out, k * KEY_BYTES) : reader.full(path, size, out, k * KEY_BYTES)) ? 1 : 0;
  });
  return { out, ok };
}

const hashers = async (n: number): Promise<IHasher[]> => Promise.all(Array.from({ length: n }, () => createXXHash128()));

describe("readKeysInFlight", () => {
  it("gives KeyReader's keys and ok flags in both passes, the unreadable and resized files included", async () => {
    for (const pass of [0, 1] as const) {
      const want = await syncKeys(pass, files);
      const out = new Uint8Array(files.length * KEY_BYTES);
      const ok = new Uint8Array(files.length);
      let done = 0;
      await readKeysInFlight(pass, jobsOf(files), out, ok, await hashers(FILES_IN_FLIGHT[pass]), { onDone: (n) => (done = n) });
      expect([...ok], `pass ${pass}`).toEqual([...want.ok]);
      expect(ok.filter((x) => x === 0).length, `pass ${pass}`).toBe(pass === 0 ? 2 : 3);
      expect(Buffer.from(out).equals(Buffer.from(want.out)), `pass ${pass}`).toBe(true);
      expect(done).toBe(files.length);
    }
  });

  it("starts at `from`, leaving the slots before it as they were", async () => {
    const out = new Uint8Array(files.length * KEY_BYTES).fill(7, 0, 5 * KEY_BYTES);
    const ok = new Uint8Array(files.length).fill(9);
    await readKeysInFlight(0, jobsOf(files), out, ok, await hashers(1), { from: 5 });
    const want = await syncKeys(0, files);
    expect([...ok.subarray(0, 5)]).toEqual([9, 9, 9, 9, 9]);
    expect(out.subarray(0, 5 * KEY_BYTES).every((x) => x === 7)).toBe(true);
    expect([...ok.subarray(5)]).toEqual([...want.ok.subarray(5)]);
    expect(Buffer.from(out.subarray(5 * KEY_BYTES)).equals(Buffer.from(want.out.subarray(5 * KEY_BYTES)))).toBe(true);
  });

  it("rejects once aborted and reads nothing more", async () => {
    const controller = new AbortController();
    controller.abort();
    const ok = new Uint8Array(files.length);
    await expect(
      readKeysInFlight(0, jobsOf(files), new Uint8Array(files.length * KEY_BYTES), ok, await hashers(1), { signal: controller.signal }),
    ).rejects.toThrow();
    expect(ok.every((x) => x === 0)).toBe(true);
  });
});

describe("readKeys (ReadMode)", () => {
  it("gives the same keys one at a time and in flight, and decides the mode once on its first files", async () => {
    const want = await syncKeys(0, files);
    for (const mode of [new ReadMode("sync"), new ReadMode("in-flight"), new ReadMode()]) {
      const out = new Uint8Array(files.length * KEY_BYTES);
      const ok = new Uint8Array(files.length);
      const first = await createXXHash128();
      await readKeys(0, jobsOf(files), out, ok, new KeyReader(first), mode, async () => [first]);
      expect([...ok]).toEqual([...want.ok]);
      expect(Buffer.from(out).equals(Buffer.from(want.out))).toBe(true);
      expect(mode.cold).not.toBeNull();
    }
  });

  it("leaves the mode open after a pass too short to probe", async () => {
    const mode = new ReadMode();
    const few = files.slice(0, PROBE_FILES);
    const first = await createXXHash128();
    await readKeys(
      0,
      jobsOf(few),
      new Uint8Array(few.length * KEY_BYTES),
      new Uint8Array(few.length),
      new KeyReader(first),
      mode,
      async () => [first],
    );
    expect(mode.cold).toBeNull();
  });
});

describe("voluntarySwitches", () => {
  it("counts this thread's sleeps (what a read that waits for the device does)", () => {
    const before = voluntarySwitches();
    for (let i = 0; i < 3; i++) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1);
    expect(voluntarySwitches() - before).toBeGreaterThanOrEqual(3);
  });
});
