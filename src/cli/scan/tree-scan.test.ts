import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { MAKE_CORPUS } from "../../../e2e/support/corpus-tools";
import type { ScanResult } from "../../scan/types";
import { scanColumns, scanTree } from "./tree-scan";
import { HASH_CACHE_VERSION, cacheFileFor, rememberedFiles } from "./hash-cache-file";

const NOW = 1_750_000_000_000;
let work: string;
let workerUrl: URL;
let failingWorkerUrl: URL;
const corpora: string[] = [];

/** A result with ids replaced by paths: two scans agree when these are equal, whatever their item order. */
function byPath(result: ScanResult) {
  const pathOf = new Map(result.items.map((item) => [item.id, item.path]));
  const items = result.items
    .map(({ id: _id, duplicateGroup, ...rest }) => ({ ...rest, duplicate: duplicateGroup !== null }))
    .sort((a, b) => (a.path < b.path ? -1 : 1));
  const groups = result.duplicates.map(({ id: _id, itemIds, originalId, ...rest }) => ({
    ...rest,
    paths: itemIds.map((id) => pathOf.get(id)),
    original: pathOf.get(originalId),
  }));
  return {
    items,
    groups,
    summary: result.summary,
    skipped: result.skipped,
    hardLinks: result.hardLinks,
    metadataOnly: result.metadataOnly,
  };
}

/** What make-corpus.mjs says it wrote: the true duplicate groups (non-empty files, by SHA-1) and the totals. */
interface Manifest {
  duplicateGroups: string[][];
  old: string[];
  totals: { files: number; bytes: number; zeroByteFiles: number; dupGroups: number; dupFiles: number; dupWastedBytes: number };
}
const manifests = new Map<string, Manifest>();

/** Groups of sorted paths in the order of their first paths. */
const byFirstPath = (a: string[], b: string[]) => ((a[0] ?? "") < (b[0] ?? "") ? -1 : 1);

/** Each group's paths, sorted, and the groups sorted: the manifest's form. */
function groupPaths(result: ScanResult): string[][] {
  const pathOf = new Map(result.items.map((item) => [item.id, item.path]));
  return result.duplicates.map((group) => group.itemIds.map((id) => pathOf.get(id) ?? "").sort()).sort(byFirstPath);
}

/** The scan agrees with the corpus's manifest: every file, every true group and nothing else, the totals. */
function expectManifest(result: ScanResult, manifest: Manifest): void {
  expect(groupPaths(result)).toEqual(manifest.duplicateGroups);
  expect(result.summary).toMatchObject({
    totalFiles: manifest.totals.files,
    totalBytes: manifest.totals.bytes,
    emptyFiles: manifest.totals.zeroByteFiles,
    duplicateGroups: manifest.totals.dupGroups,
    duplicateFiles: manifest.totals.dupFiles - manifest.totals.dupGroups,
    duplicateBytes: manifest.totals.dupWastedBytes,
    oldFiles: manifest.old.length,
  });
  expect(
    result.items
      .filter((item) => item.isOld)
      .map((item) => item.path)
      .sort(),
  ).toEqual(manifest.old);
  expect(result.skipped).toEqual({ symlinks: 0, special: 0, unreadable: 0, loops: 0 });
  expect(result.hardLinks).toBe(0);
}

beforeAll(async () => {
  work = fs.mkdtempSync(join(tmpdir(), "cs-tree-scan-"));
  // The scan worker as the CLI bundle ships it, so these tests run real threads from source.
  await build({
    entryPoints: [fileURLToPath(new URL("./scan-worker.ts", import.meta.url))],
    outfile: join(work, "scan-worker.cjs"),
    bundle: true,
    platform: "node",
    format: "cjs",
    mainFields: ["module", "main"],
    logLevel: "error",
  });
  workerUrl = pathToFileURL(join(work, "scan-worker.cjs"));
  fs.writeFileSync(join(work, "failing-worker.cjs"), "throw new Error('broken worker');\n");
  failingWorkerUrl = pathToFileURL(join(work, "failing-worker.cjs"));
  for (const [seed, files, bytes] of [
    ["1", "400", "12M"],
    ["7", "1500", "30M"],
  ] as const) {
    const dir = join(work, `corpus-${seed}`);
    execFileSync(process.execPath, [MAKE_CORPUS, dir, "--files", files, "--seed", seed, "--max-bytes", bytes, "--now", String(NOW)], {
      stdio: "ignore",
    });
    corpora.push(dir);
    manifests.set(dir, JSON.parse(fs.readFileSync(`${dir}.manifest.json`, "utf8")) as Manifest);
  }
}, 120_000);

afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** Hard links, symbolic links, a FIFO, the trash, empty files, same-size traps, odd names. */
function edgeTree(): string {
  const dir = join(work, "edges");
  if (fs.existsSync(dir)) return dir;
  fs.mkdirSync(join(dir, "a", "b"), { recursive: true });
  fs.mkdirSync(join(dir, ".cleanspace-trash", "2026"), { recursive: true });
  fs.mkdirSync(join(dir, "z"), { recursive: true });
  fs.writeFileSync(join(dir, "a", "one.txt"), "same bytes");
  fs.writeFileSync(join(dir, "z", "two.txt"), "same bytes");
  fs.writeFileSync(join(dir, ".cleanspace-trash", "2026", "three.txt"), "same bytes");
  fs.writeFileSync(join(dir, "a", "b", "data.bin"), "linked bytes");
  fs.linkSync(join(dir, "a", "b", "data.bin"), join(dir, "z", "alias.bin"));
  fs.linkSync(join(dir, "a", "b", "data.bin"), join(dir, "a", "alias-2.bin"));
  fs.writeFileSync(join(dir, "copy-of-data.bin"), "linked bytes");
  fs.symlinkSync("..", join(dir, "a", "loop"));
  fs.symlinkSync("one.txt", join(dir, "a", "link.txt"));
  execFileSync("mkfifo", [join(dir, "pipe")]);
  fs.writeFileSync(join(dir, "empty-1"), "");
  fs.writeFileSync(join(dir, "a", "empty-2"), "");
  const big = Buffer.alloc(200_000, 3);
  fs.writeFileSync(join(dir, "big-1.bin"), big);
  fs.writeFileSync(join(dir, "a", "big-2.bin"), big);
  big[100_000] = 4; // same size, same first and last 4 KiB: only the full key differs
  fs.writeFileSync(join(dir, "z", "big-3.bin"), big);
  for (const name of ["line\nbreak.txt", "ünï 照片.jpg", "quote\"'.txt"]) fs.writeFileSync(join(dir, "a", name), "odd names alike");
  fs.utimesSync(join(dir, "z", "two.txt"), 1_600_000_000, 1_600_000_000);
  return dir;
}

describe("scanTree (the CLI's scan) finds what is there", () => {
  it("on generated corpora: the manifest's true groups, totals and old files, on one thread and on two", async () => {
    for (const dir of corpora) {
      const manifest = manifests.get(dir) as Manifest;
      const alone = await scanTree(dir, { now: NOW, cache: null });
      expectManifest(alone, manifest);
      expect(byPath(await scanTree(dir, { now: NOW, cache: null, threads: 2, workerUrl }))).toEqual(byPath(alone));
      expect(manifest.duplicateGroups.length).toBeGreaterThan(0);
    }
  });

  it("on links, FIFOs, the trash, empty files, traps and odd names", async () => {
    const dir = edgeTree();
    const result = await scanTree(dir, { now: NOW, cache: null });
    expect(groupPaths(result)).toEqual(
      [
        ["a/big-2.bin", "big-1.bin"],
        ["a/alias-2.bin", "copy-of-data.bin"],
        ["a/line\nbreak.txt", "a/quote\"'.txt", "a/ünï 照片.jpg"],
        ["a/one.txt", "z/two.txt"],
      ].sort(byFirstPath),
    );
    // Three names of one file are one item, under the smallest path; the trash is never entered.
    expect(result.items.map((i) => i.path).sort()).toEqual(
      [
        "a/alias-2.bin",
        "a/big-2.bin",
        "a/empty-2",
        "a/line\nbreak.txt",
        "a/one.txt",
        "a/quote\"'.txt",
        "a/ünï 照片.jpg",
        "big-1.bin",
        "copy-of-data.bin",
        "empty-1",
        "z/big-3.bin",
        "z/two.txt",
      ].sort(),
    );
    expect(result.hardLinks).toBe(2);
    expect(result.skipped).toEqual({ symlinks: 2, special: 1, unreadable: 0, loops: 0 });
    expect(result.summary.emptyFiles).toBe(2);
    // The older copy is the original.
    const two = result.items.find((i) => i.path === "z/two.txt");
    expect(two).toMatchObject({ isOriginal: true, modified: 1_600_000_000_000 });
    expect(byPath(await scanTree(dir, { now: NOW, cache: null, threads: 3, workerUrl }))).toEqual(byPath(result));
  });

  it("with --metadata-only: every set of equal non-zero sizes is one possible group, holding the true groups", async () => {
    for (const dir of [...corpora, edgeTree()]) {
      const result = await scanTree(dir, { now: NOW, cache: null, metadataOnly: true });
      const bySize = new Map<number, string[]>();
      for (const item of result.items) if (item.size > 0) bySize.set(item.size, [...(bySize.get(item.size) ?? []), item.path]);
      const sameSize = [...bySize.values()]
        .filter((paths) => paths.length > 1)
        .map((paths) => paths.sort())
        .sort(byFirstPath);
      expect(groupPaths(result)).toEqual(sameSize);
      expect(result.duplicates.every((group) => group.possible)).toBe(true);
      expect(result.metadataOnly).toBe(true);
      const manifest = manifests.get(dir);
      if (manifest) {
        expect(result.summary.totalFiles).toBe(manifest.totals.files);
        const groupOf = new Map(groupPaths(result).flatMap((paths, g) => paths.map((p) => [p, g])));
        for (const group of manifest.duplicateGroups) expect(new Set(group.map((p) => groupOf.get(p))).size).toBe(1);
      }
      expect(byPath(await scanTree(dir, { now: NOW, cache: null, metadataOnly: true, threads: 2, workerUrl }))).toEqual(byPath(result));
    }
  });

  it("counts unreadable folders and files and goes on (faked, so it means the same as root)", async () => {
    const dir = corpora[0] as string;
    const [secret] = fs.readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory());
    const eacces = () => Object.assign(new Error("EACCES: permission denied"), { code: "EACCES" });
    const fakeFs = {
      ...fs,
      readdirSync: ((p: fs.PathLike, o: never) => {
        if (String(p).endsWith(`/${secret?.name}`)) throw eacces();
        return fs.readdirSync(p, o);
      }) as typeof fs.readdirSync,
    };
    const result = await scanTree(dir, { now: NOW, cache: null, fs: fakeFs });
    const outside = (paths: string[]) => paths.filter((p) => !p.startsWith(`${secret?.name}/`));
    const manifest = manifests.get(dir) as Manifest;
    expect(groupPaths(result)).toEqual(
      manifest.duplicateGroups
        .map(outside)
        .filter((g) => g.length > 1)
        .sort(byFirstPath),
    );
    const all = await scanTree(dir, { now: NOW, cache: null });
    expect(result.items.map((i) => i.path).sort()).toEqual(outside(all.items.map((i) => i.path).sort()));
    expect(result.items.length).toBeLessThan(all.items.length);
    expect(result.skipped.unreadable).toBe(1);
  });

  it("counts the entries of a folder it can list but not search (faked EACCES on each lstat)", async () => {
    const dir = join(work, "no-search");
    fs.mkdirSync(join(dir, "locked", "sub"), { recursive: true });
    fs.writeFileSync(join(dir, "open.txt"), "same");
    fs.writeFileSync(join(dir, "locked", "a.txt"), "same");
    fs.writeFileSync(join(dir, "locked", "sub", "b.txt"), "same");
    fs.symlinkSync("a.txt", join(dir, "locked", "link"));
    const eacces = () => Object.assign(new Error("EACCES: permission denied"), { code: "EACCES" });
    const fakeFs = {
      ...fs,
      lstatSync: ((p: fs.PathLike, o: never) => {
        if (String(p).includes("/locked/")) throw eacces();
        return fs.lstatSync(p, o);
      }) as typeof fs.lstatSync,
    };
    const result = await scanTree(dir, { now: NOW, cache: null, fs: fakeFs });
    // a.txt and the folder sub (when it is listed); the link is counted as a link, from readdir's type.
    expect(result.skipped).toEqual({ unreadable: 2, symlinks: 1, special: 0, loops: 0 });
    expect(result.items.map((item) => item.path)).toEqual(["open.txt"]);
    expect(result.duplicates).toEqual([]);
  });

  it("gives the same result, items in the same order, on 1, 2 and 3 threads", async () => {
    const dir = corpora[1] as string;
    const one = await scanTree(dir, { now: NOW, cache: null });
    for (const threads of [2, 3]) expect(await scanTree(dir, { now: NOW, cache: null, threads, workerUrl })).toEqual(one);
  });

  it("gives the same result with keys read several at a time (a cold tree's mode) as one at a time", async () => {
    const dir = corpora[1] as string;
    const one = await scanTree(dir, { now: NOW, cache: null, readMode: "sync" });
    expect(one.duplicates.length).toBeGreaterThan(0);
    expect(await scanTree(dir, { now: NOW, cache: null, readMode: "in-flight" })).toEqual(one);
  });

  // The main thread slowed so the workers must take part.
  const slowFs = () => {
    const pause = new Int32Array(new SharedArrayBuffer(4));
    return {
      ...fs,
      readdirSync: ((p: fs.PathLike, o: never) => {
        Atomics.wait(pause, 0, 0, 5);
        return fs.readdirSync(p, o);
      }) as typeof fs.readdirSync,
      readSync: ((...args: Parameters<typeof fs.readSync>) => {
        Atomics.wait(pause, 0, 0, 1);
        return fs.readSync(...args);
      }) as typeof fs.readSync,
    };
  };
  const byWorkers = (phases: string[], phase: string) =>
    Number(/(\d+) (?:by workers|first keys by workers)/.exec(phases.find((p) => p.startsWith(phase)) ?? "")?.[1] ?? 0);

  /** A cache file whose header says it remembers `files` files and whose body is damaged: every candidate is read. */
  const damagedCache = (dir: string, name: string, files: number) => {
    const cacheDir = join(work, name);
    fs.mkdirSync(cacheDir, { recursive: true });
    const header = Buffer.alloc(32);
    header.writeUInt32LE(0x43485343, 0);
    header.writeUInt32LE(HASH_CACHE_VERSION, 4);
    header.writeUInt32LE(files, 8);
    fs.writeFileSync(cacheFileFor(cacheDir, dir), header);
    expect(rememberedFiles(cacheDir, dir)).toBe(files);
    return { dir: cacheDir, racyWindowMs: Number.MAX_SAFE_INTEGER };
  };

  it("lists the folders on one thread in the order the threads' merged tables have (no merge needed)", async () => {
    const dir = fs.mkdtempSync(join(work, "order-"));
    // Names that sort around "/": "a b", "a-c" and "a.d" come before "a/x" though "a" comes before them.
    for (const folder of ["a/x/y", "a b", "a-c/q", "a.d", "a0", "b"]) fs.mkdirSync(join(dir, folder), { recursive: true });
    for (const folder of ["", "a", "a/x", "a/x/y", "a b", "a-c", "a-c/q", "a.d", "a0", "b"]) {
      fs.writeFileSync(join(dir, folder, "same.txt"), "same bytes");
      fs.writeFileSync(join(dir, folder, `own-${folder.replace(/\//g, "_")}.txt`), folder);
    }
    const scanned = await scanColumns(dir, { now: NOW, cache: null });
    const folders = [...scanned.table.dirPaths];
    expect(folders).toEqual([...folders].sort());
    expect(folders).toHaveLength(10);
    // The same items, in the same order, as a walk the workers share (merged by mergeTables).
    const cache = damagedCache(dir, "cache-order", 1_000_000);
    expect(await scanTree(dir, { now: NOW, cache, threads: 2, workerUrl, fs: slowFs() })).toEqual(
      await scanTree(dir, { now: NOW, cache: null }),
    );
  });

  it("a large tree the cache knows: shares the walk and both key passes with the workers", async () => {
    const dir = corpora[1] as string;
    const cache = damagedCache(dir, "cache-large", 1_000_000);
    const phases: string[] = [];
    const result = await scanTree(dir, { now: NOW, cache, threads: 2, workerUrl, fs: slowFs(), onPhase: (p) => phases.push(p) });
    expect(result).toEqual(await scanTree(dir, { now: NOW, cache: null }));
    expect(phases.find((p) => p.startsWith("walk"))).toMatch(/by workers\)$/);
    expect(byWorkers(phases, "walk")).toBeGreaterThan(0);
    expect(byWorkers(phases, "first-pass")).toBeGreaterThan(0);
    expect(byWorkers(phases, "full-pass")).toBeGreaterThan(0);
  });

  it("a small tree the cache knows: walks alone, and starts the worker only when a pass has enough to read", async () => {
    const dir = corpora[1] as string;
    const expected = await scanTree(dir, { now: NOW, cache: null });
    for (const [lateCrewMinFiles, workers] of [
      [1, true],
      [1_000_000, false],
    ] as const) {
      const cache = damagedCache(dir, `cache-small-${lateCrewMinFiles}`, 10);
      const phases: string[] = [];
      const workerThresholds = { sharedWalkMinFiles: 1_000, lateCrewMinFiles };
      const result = await scanTree(dir, {
        now: NOW,
        cache,
        threads: 2,
        workerUrl,
        fs: slowFs(),
        workerThresholds,
        onPhase: (p) => phases.push(p),
      });
      expect(result).toEqual(expected);
      expect(phases.find((p) => p.startsWith("walk"))).toMatch(/folders\)$/);
      expect(byWorkers(phases, "first-pass") > 0).toBe(workers);
    }
  });

  it("with nothing remembered: the worker reads first keys while the main thread walks, with the same result", async () => {
    const dir = corpora[1] as string;
    const phases: string[] = [];
    const result = await scanTree(dir, { now: NOW, cache: null, threads: 2, workerUrl, fs: slowFs(), onPhase: (p) => phases.push(p) });
    expect(result).toEqual(await scanTree(dir, { now: NOW, cache: null }));
    expect(phases.find((p) => p.startsWith("walk"))).toMatch(/first keys by workers meanwhile\)$/);
    expect(byWorkers(phases, "walk")).toBeGreaterThan(0);
    expect(byWorkers(phases, "first-pass")).toBeGreaterThan(0);
    expect(byWorkers(phases, "full-pass")).toBeGreaterThan(0);
  });

  it("feeds the worker while one large folder is listed, not only between folders", async () => {
    // One folder of 2,000 files in four sizes, each lstat slowed: the listing takes ~0.8 s.
    const dir = join(work, "one-large-folder");
    fs.mkdirSync(dir, { recursive: true });
    for (let i = 0; i < 2_000; i++) fs.writeFileSync(join(dir, `file-${i}.txt`), "x".repeat(1 + (i % 4)) + String(i % 3));
    const pause = new Int32Array(new SharedArrayBuffer(4));
    const slowLstat = {
      ...fs,
      lstatSync: ((...args: Parameters<typeof fs.lstatSync>) => {
        Atomics.wait(pause, 0, 0, 0.4);
        return fs.lstatSync(...args);
      }) as typeof fs.lstatSync,
    };
    const phases: string[] = [];
    const result = await scanTree(dir, { now: NOW, cache: null, threads: 2, workerUrl, fs: slowLstat, onPhase: (p) => phases.push(p) });
    expect(result).toEqual(await scanTree(dir, { now: NOW, cache: null }));
    // Fed only after the folder, the worker would key four batches (4 × 128 files) before the walk ends.
    expect(byWorkers(phases, "walk")).toBeGreaterThan(4 * 128);
  });

  it("remembers the keys the workers computed: a rescan on two threads reads no file, with the same result", async () => {
    const dir = corpora[1] as string;
    const cache = { dir: join(work, "cache-threads"), racyWindowMs: 0 };
    const phases: string[] = [];
    const first = await scanTree(dir, { now: NOW, cache, threads: 2, workerUrl });
    const again = await scanTree(dir, { now: NOW, cache, threads: 2, workerUrl, onPhase: (p) => phases.push(p) });
    expect(again).toEqual(first);
    expect(phases.find((p) => p.startsWith("first-pass"))).toMatch(/, 0 read,/);
    expect(phases.find((p) => p.startsWith("full-pass"))).toMatch(/, 0 read,/);
    expect(phases.find((p) => p.startsWith("cache"))).toMatch(/, 0 misses\)/);
  });

  it("writes the same hash cache file when its layout is made while a worker reads the full pass as when one thread makes it at the end", async () => {
    const dir = corpora[1] as string;
    const alone = { dir: join(work, "cache-alone"), racyWindowMs: 0 };
    const beside = { dir: join(work, "cache-beside"), racyWindowMs: 0 };
    await scanTree(dir, { now: NOW, cache: alone });
    const phases: string[] = [];
    await scanTree(dir, { now: NOW, cache: beside, threads: 2, workerUrl, fs: slowFs(), onPhase: (p) => phases.push(p) });
    expect(byWorkers(phases, "full-pass")).toBeGreaterThan(0);
    expect(fs.readFileSync(cacheFileFor(beside.dir, dir)).equals(fs.readFileSync(cacheFileFor(alone.dir, dir)))).toBe(true);
  });

  it("never moves the working folder, and a relative root names the folder it named at the start", async () => {
    const dir = corpora[1] as string;
    const home = process.cwd();
    const chdir = vi.spyOn(process, "chdir");
    const absolute = await scanTree(dir, { now: NOW, cache: null });
    const cache = damagedCache(dir, "cache-shared-walk", 1_000_000);
    expect(await scanTree(dir, { now: NOW, cache, threads: 2, workerUrl })).toEqual(absolute);
    expect(chdir).not.toHaveBeenCalled();
    chdir.mockRestore();
    process.chdir(dirname(dir));
    try {
      expect(await scanTree(basename(dir), { now: NOW, cache: null })).toEqual(absolute);
    } finally {
      process.chdir(home);
    }
  });

  it("scans alone when the worker cannot start", async () => {
    const dir = corpora[0] as string;
    const result = await scanTree(dir, { now: NOW, cache: null, threads: 2, workerUrl: failingWorkerUrl });
    expect(result).toEqual(await scanTree(dir, { now: NOW, cache: null }));
  });

  it("fails clearly for a missing root or a file as root", async () => {
    await expect(scanTree(join(work, "nope"), { cache: null })).rejects.toMatchObject({ problem: "not-found" });
    fs.writeFileSync(join(work, "plain-file"), "x");
    await expect(scanTree(join(work, "plain-file"), { cache: null, threads: 2, workerUrl })).rejects.toMatchObject({
      problem: "not-a-directory",
    });
  });

  it("stops at an aborted signal, with the workers", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(scanTree(corpora[1] as string, { cache: null, threads: 2, workerUrl, signal: controller.signal })).rejects.toThrow();
  });
});
