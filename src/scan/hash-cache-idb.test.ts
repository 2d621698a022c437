import "fake-indexeddb/auto";
import { openDB } from "idb";
import { beforeEach, describe, expect, it } from "vitest";
import { withHashCache } from "./cached-hasher";
import { createSourceHasher } from "./content-hasher";
import { HASH_CACHE_DB, MAX_CACHED_FOLDERS, openBrowserHashCache } from "./hash-cache-idb";
import { clearScanIndex } from "./index-store";
import { runScan } from "./run-scan";
import { type MemoryFile, bytesOf, createMemorySource } from "./test-helpers/memory-source";

const OLD = 1_600_000_000_000;
let tree: MemoryFile[];
let folder = 0;

beforeEach(() => {
  folder++;
  const big = bytesOf(100_000, 1);
  const twin = big.slice();
  twin[50_000] = (twin[50_000] ?? 0) ^ 1; // same size, same first and last 4 KiB: only the full hash tells them apart
  tree = [
    { path: "p/a.txt", bytes: new TextEncoder().encode("hello world"), modified: OLD },
    { path: "p/b.txt", bytes: new TextEncoder().encode("hello world"), modified: OLD },
    { path: "p/c.bin", bytes: big, modified: OLD },
    { path: "p/d.bin", bytes: big.slice(), modified: OLD },
    { path: "p/e.bin", bytes: twin, modified: OLD },
  ];
});

/** One scan as the worker runs it: the cache in front of the source hasher. */
async function scan() {
  const source = createMemorySource(tree);
  const cache = await openBrowserHashCache(`files:p${folder}`);
  const result = await runScan(source, { hasher: withHashCache(await createSourceHasher(source), cache), now: Date.UTC(2026, 0, 1) });
  await cache.save();
  const pathOf = (id: number) => result.items.find((i) => i.id === id)?.path;
  return {
    groups: result.duplicates.map((g) => g.itemIds.map(pathOf).sort().join(" ")).sort(),
    reads: source.reads.length,
    loaded: cache.loaded,
  };
}

const set = (path: string, change: Partial<MemoryFile>) => {
  const at = tree.findIndex((f) => f.path === path);
  tree[at] = { ...tree[at]!, ...change };
};

describe("the browser's hash cache (IndexedDB, in the scan worker)", () => {
  it("rescans an unchanged folder without reading any file content, with the same groups", async () => {
    const first = await scan();
    expect(first.groups).toEqual(["p/a.txt p/b.txt", "p/c.bin p/d.bin"]);
    expect(first.reads).toBeGreaterThan(0);
    const again = await scan();
    expect(again).toEqual({ groups: first.groups, reads: 0, loaded: 5 });
  });

  it("reads a touched file again, and sees a rewritten one", async () => {
    await scan();
    set("p/a.txt", { modified: OLD + 1000 });
    const touched = await scan();
    expect(touched.groups).toEqual(["p/a.txt p/b.txt", "p/c.bin p/d.bin"]);
    expect(touched.reads).toBe(1);
    const changed = tree[3]!.bytes.slice();
    changed[60_000] = (changed[60_000] ?? 0) ^ 0xff;
    set("p/d.bin", { bytes: changed, modified: OLD + 1000 });
    expect((await scan()).groups).toEqual(["p/a.txt p/b.txt"]);
  });

  it("follows renamed and replaced files", async () => {
    await scan();
    set("p/a.txt", { path: "p/z.txt" });
    set("p/c.bin", { bytes: tree[4]!.bytes.slice(), modified: OLD + 5 });
    expect((await scan()).groups).toEqual(["p/b.txt p/z.txt", "p/c.bin p/e.bin"]);
  });

  it("does not remember files modified within the racy window", async () => {
    set("p/b.txt", { modified: Date.now() + 60_000 });
    await scan();
    const again = await scan();
    expect(again.loaded).toBe(4);
    expect(again.groups).toEqual(["p/a.txt p/b.txt", "p/c.bin p/d.bin"]);
  });

  it("is cleared with the scan index (it holds the same paths)", async () => {
    await scan();
    await clearScanIndex();
    expect((await scan()).loaded).toBe(0);
  });

  it("ignores records of another format, and keeps at most a few folders", async () => {
    await scan();
    const db = await openDB(HASH_CACHE_DB);
    const record = await db.get("folders", `files:p${folder}`);
    await db.put("folders", { ...record, format: "0" }, `files:p${folder}`);
    db.close();
    expect((await scan()).loaded).toBe(0);
    for (let i = 0; i < MAX_CACHED_FOLDERS + 2; i++) {
      folder++;
      await scan();
    }
    const after = await openDB(HASH_CACHE_DB);
    expect(await after.count("folders")).toBe(MAX_CACHED_FOLDERS);
    after.close();
  });
});
