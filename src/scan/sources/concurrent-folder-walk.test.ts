import { describe, expect, it } from "vitest";
import type { ScanEntry, SkipCounts } from "../types";
import { type FakeTree, fakeFolder as sharedFakeFolder } from "../test-helpers/fake-folder";
import { type FolderHandle, walkFolderConcurrently } from "./concurrent-folder-walk";

type Tree = FakeTree;

/** Counts what is in flight, and answers every call after a pseudo-random number of turns. */
interface Probe {
  listing: number;
  maxListing: number;
  getting: number;
  maxGetting: number;
}

const newProbe = (): Probe => ({ listing: 0, maxListing: 0, getting: 0, maxGetting: 0 });

function delays(seed: number): () => Promise<void> {
  let x = seed;
  return async () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    for (let i = (x >>> 0) % 4; i > 0; i--) await Promise.resolve();
  };
}

/** A directory handle whose calls answer late and out of order, counted by `probe`. */
function fakeFolder(name: string, tree: Tree, probe: Probe, wait: () => Promise<void>): FolderHandle {
  return sharedFakeFolder(name, tree, {
    beforeEntry: wait,
    onList: () => {
      probe.listing++;
      probe.maxListing = Math.max(probe.maxListing, probe.listing);
      return () => probe.listing--;
    },
    beforeFile: async () => {
      probe.getting++;
      probe.maxGetting = Math.max(probe.maxGetting, probe.getting);
      // A getFile() answers later than a listing step does (as in Chromium): many pile up.
      for (let i = 0; i < 40; i++) await Promise.resolve();
      await wait();
      probe.getting--;
    },
  }) as unknown as FolderHandle;
}

/** A tree of `folders` folders spread over a few levels, with files of varied sizes. */
function bigTree(folders: number, filesEach: number): Tree {
  const root: Tree = {};
  const all: Tree[] = [root];
  for (let f = 1; f < folders; f++) {
    const parent = all[(f * 7) % all.length] as Tree;
    const folder: Tree = {};
    parent[`d${f}`] = folder;
    all.push(folder);
  }
  all.forEach((folder, f) => {
    for (let i = 0; i < filesEach; i++) folder[`f${i}.txt`] = "x".repeat((f * 31 + i) % 50);
  });
  return root;
}

/** The plain one-folder-at-a-time walk, for reference. */
async function sequentialPaths(folder: FolderHandle, prefix = ""): Promise<string[]> {
  const out: string[] = [];
  for await (const [name, handle] of folder.entries()) {
    if (handle.kind === "directory") {
      if (name !== ".cleanspace-trash") out.push(...(await sequentialPaths(handle as unknown as FolderHandle, `${prefix}${name}/`)));
    } else out.push(prefix + name);
  }
  return out;
}

async function collect(root: FolderHandle, listers: number, filesInFlight: number, signal?: AbortSignal) {
  const skipped: SkipCounts = { symlinks: 0, special: 0, unreadable: 0, loops: 0 };
  const entries: ScanEntry<File>[] = [];
  for await (const batch of walkFolderConcurrently(root, { listers, filesInFlight, skipped, signal })) entries.push(...batch);
  return { entries, skipped };
}

describe("walkFolderConcurrently", () => {
  it("yields exactly the entries of a one-folder-at-a-time walk, with several folders and many files in flight", async () => {
    const tree = bigTree(120, 9);
    const probe = newProbe();
    const { entries, skipped } = await collect(fakeFolder("root", tree, probe, delays(7)), 8, 64);
    const reference = await sequentialPaths(fakeFolder("root", tree, newProbe(), async () => {}));
    expect(entries.map((e) => e.path).sort()).toEqual(reference.sort());
    expect(entries).toHaveLength(120 * 9);
    expect(skipped.unreadable).toBe(0);
    const one = entries.find((e) => e.path === "f3.txt");
    expect(one).toMatchObject({ name: "f3.txt", size: 3, modified: 1_700_000_000_000 });
    expect(one?.ref).toBeInstanceOf(File);
    expect(probe.maxListing).toBeGreaterThan(1);
    expect(probe.maxListing).toBeLessThanOrEqual(8);
    expect(probe.maxGetting).toBeGreaterThan(8);
    expect(probe.maxGetting).toBeLessThanOrEqual(64);
  });

  it("gives the same entries whatever the limits, down to one call at a time", async () => {
    const tree = bigTree(30, 5);
    const paths = async (listers: number, files: number, seed: number) =>
      (await collect(fakeFolder("root", tree, newProbe(), delays(seed)), listers, files)).entries.map((e) => e.path).sort();
    const one = await paths(1, 1, 1);
    expect(await paths(3, 7, 2)).toEqual(one);
    expect(await paths(16, 128, 3)).toEqual(one);
  });

  it("counts folders and files it cannot read, never walks into the trash, and throws when the root cannot be listed", async () => {
    const tree: Tree = {
      "a.txt": "same",
      sub: { "b.txt": "same", gone: "broken-dir", "vanished.txt": "broken-file" },
      ".cleanspace-trash": { "c.txt": "same" },
      deep: { ".cleanspace-trash": { "d.txt": "x" }, "e.txt": "e" },
    };
    const { entries, skipped } = await collect(fakeFolder("root", tree, newProbe(), delays(3)), 4, 4);
    expect(entries.map((e) => e.path).sort()).toEqual(["a.txt", "deep/e.txt", "sub/b.txt"]);
    expect(skipped.unreadable).toBe(2);

    const broken = {
      kind: "directory",
      name: "root",
      entries: () => {
        throw new DOMException("gone", "NotFoundError");
      },
    } as unknown as FolderHandle;
    await expect(collect(broken, 4, 4)).rejects.toMatchObject({ name: "ScanAccessError", problem: "unreadable" });
  });

  it("stops when cancelled", async () => {
    const controller = new AbortController();
    const root = fakeFolder("root", bigTree(60, 5), newProbe(), delays(5));
    const walk = walkFolderConcurrently(root, {
      listers: 4,
      filesInFlight: 16,
      skipped: { symlinks: 0, special: 0, unreadable: 0, loops: 0 },
      signal: controller.signal,
    });
    await walk.next();
    controller.abort();
    await expect(walk.next()).rejects.toThrow();
  });
});
