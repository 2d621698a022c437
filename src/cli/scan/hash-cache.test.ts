import { randomBytes } from "node:crypto";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { HASH_CACHE_VERSION, cacheFileFor } from "./hash-cache-file";
import { scanTree } from "./tree-scan";

const work = fs.mkdtempSync(join(tmpdir(), "cs-hash-cache-"));
let dir: string;
let cacheDir: string;
let counter = 0;
const OLD = 1_600_000_000; // seconds: a time long before the racy window

afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** Coarse filesystem clocks tick every few ms: wait one tick so a rewrite moves the ctime. */
const nextTick = () => new Promise((resolve) => setTimeout(resolve, 30));

function write(name: string, bytes: Uint8Array | string, mtime = OLD): void {
  fs.writeFileSync(join(dir, name), bytes);
  fs.utimesSync(join(dir, name), mtime, mtime);
}

/** One scan with the cache, as the CLI runs it; `reads` counts the files whose content was opened. */
async function scan(racyWindowMs = 0) {
  let reads = 0;
  const counting = {
    ...fs,
    openSync: ((...args: Parameters<typeof fs.openSync>) => {
      reads++;
      return fs.openSync(...args);
    }) as typeof fs.openSync,
  };
  let cacheLine = "";
  const result = await scanTree(dir, {
    now: Date.now(),
    cache: { dir: cacheDir, racyWindowMs },
    fs: counting,
    onPhase: (phase) => {
      if (phase.startsWith("cache")) cacheLine = phase;
    },
  });
  const [, loaded = "0", hits = "0"] = /cache \((\d+) loaded, (\d+) hits/.exec(cacheLine) ?? [];
  const pathOf = (id: number) => result.items.find((i) => i.id === id)?.path;
  const groups = result.duplicates.map((g) => g.itemIds.map(pathOf).sort().join(" ")).sort();
  return { groups, reads, loaded: Number(loaded), hits: Number(hits) };
}

beforeEach(async () => {
  dir = join(work, `tree${++counter}`);
  cacheDir = join(work, `cache${counter}`);
  fs.mkdirSync(dir);
  const big = randomBytes(100_000);
  const twin = Buffer.from(big);
  twin[50_000] = (twin[50_000] ?? 0) ^ 1; // same size, same first and last 4 KiB: only a full hash tells them apart
  write("a.txt", "hello world");
  write("b.txt", "hello world");
  write("c.bin", big);
  write("d.bin", big);
  write("e.bin", twin);
  await nextTick();
});

describe("the CLI's hash cache", () => {
  it("rescans an unchanged tree without reading any file content, with the same groups", async () => {
    const first = await scan();
    expect(first.groups).toEqual(["a.txt b.txt", "c.bin d.bin"]);
    expect(first.reads).toBeGreaterThan(0);
    const again = await scan();
    expect(again.groups).toEqual(first.groups);
    expect(again.reads).toBe(0);
    expect(again.loaded).toBe(5);
    expect(again.hits).toBe(8); // 5 first keys and the 3 full keys of the 100 kB files
  });

  it("reads a touched file again (same bytes: same groups)", async () => {
    await scan();
    fs.utimesSync(join(dir, "b.txt"), OLD + 10, OLD + 10);
    const again = await scan();
    expect(again.groups).toEqual(["a.txt b.txt", "c.bin d.bin"]);
    expect(again.reads).toBe(1);
  });

  it("sees a rewritten file of the same size", async () => {
    await scan();
    write("b.txt", "HELLO WORLD", OLD + 10);
    expect((await scan()).groups).toEqual(["c.bin d.bin"]);
  });

  it("sees a same-size rewrite that puts the old modification time back (the ctime moved)", async () => {
    await scan();
    const changed = fs.readFileSync(join(dir, "d.bin"));
    changed[60_000] = (changed[60_000] ?? 0) ^ 0xff; // first and last 4 KiB unchanged: only the full key differs
    write("d.bin", changed); // same size, mtime reset to OLD
    expect(fs.statSync(join(dir, "d.bin")).mtimeMs).toBe(fs.statSync(join(dir, "c.bin")).mtimeMs);
    expect((await scan()).groups).toEqual(["a.txt b.txt"]);
  });

  it("follows a renamed file and a file replaced by another of the same size and time", async () => {
    await scan();
    fs.renameSync(join(dir, "a.txt"), join(dir, "z.txt"));
    fs.rmSync(join(dir, "c.bin"));
    write("c.bin", fs.readFileSync(join(dir, "e.bin"))); // new inode, same size and mtime as before
    const again = await scan();
    expect(again.groups).toEqual(["b.txt z.txt", "c.bin e.bin"]);
  });

  it("does not remember files changed within the racy window (a second write in the same clock tick could hide)", async () => {
    write("b.txt", "hello world", Math.floor(Date.now() / 1000) + 3600); // "changed just now" as the clock sees it
    await scan();
    const again = await scan();
    expect(again.groups).toEqual(["a.txt b.txt", "c.bin d.bin"]);
    expect(again.loaded).toBe(4); // everything but b.txt
    expect(again.reads).toBeGreaterThan(0);
  });

  it("treats a damaged or foreign-version cache file as empty", async () => {
    await scan();
    const file = cacheFileFor(cacheDir, dir);
    const bytes = fs.readFileSync(file);
    fs.writeFileSync(file, bytes.subarray(0, bytes.length - 3));
    const damaged = await scan();
    expect(damaged.loaded).toBe(0);
    expect(damaged.groups).toEqual(["a.txt b.txt", "c.bin d.bin"]);
    const saved = fs.readFileSync(file);
    saved.writeUInt32LE(HASH_CACHE_VERSION + 1, 4);
    fs.writeFileSync(file, saved);
    expect((await scan()).loaded).toBe(0);
  });

  it("round-trips files in nested folders with odd names, and misses files swapped between folders", async () => {
    for (const folder of ["a", "b", "sub/ünï cödé", "sub/ünï cödé/deeper"]) fs.mkdirSync(join(dir, folder), { recursive: true });
    write("a/f.txt", "same size 1");
    write("b/f.txt", "same size 2");
    write("sub/ünï cödé/x y.txt", "hello world");
    write("sub/ünï cödé/deeper/😀.txt", "hello world");
    const first = await scan();
    expect(first.groups).toEqual(["a.txt b.txt sub/ünï cödé/deeper/😀.txt sub/ünï cödé/x y.txt", "c.bin d.bin"]);
    const again = await scan();
    expect(again.reads).toBe(0);
    expect(again.groups).toEqual(first.groups);
    // The two f.txt change folders: same names, sizes and times, other folders and inodes.
    fs.renameSync(join(dir, "a/f.txt"), join(dir, "f.tmp"));
    fs.renameSync(join(dir, "b/f.txt"), join(dir, "a/f.txt"));
    fs.renameSync(join(dir, "f.tmp"), join(dir, "b/f.txt"));
    const swapped = await scan();
    expect(swapped.reads).toBe(2);
    expect(swapped.groups).toEqual(first.groups);
  });
});
