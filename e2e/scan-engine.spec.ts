/**
 * The scan engine in the browser (issue 5, "Proof: correctness"): corpora from the repository's
 * generator (bench/corpus/make-corpus.mjs), traps included, are scanned through the
 * dashboard's "Real data scan" panel — once from the folder input, once from a folder handle
 * of the origin-private file system standing in for a picked folder — and the duplicate
 * groups the app stored in its IndexedDB item index must equal the manifest's exactly.
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import type { Page } from "@playwright/test";
import { type CorpusManifest, makeCorpus } from "./support/corpus";
import { writeOpfsFiles } from "./support/opfs-folder";
import { expect, expectAccessible, test } from "./fixtures";

/** The manifest also lists its trap sets (files of equal size whose bytes differ). */
type Manifest = CorpusManifest & { traps: { kind: string; paths: string[] }[] };

function corpus(files: number, seed: number): Manifest {
  // makeCorpus returns the whole manifest; its type names only the fields most specs need.
  return makeCorpus(files, seed, "6M") as Manifest;
}

/** Groups as sorted path lists, sorted by first path: the manifest's own canonical form. */
function canonical(groups: string[][]): string[][] {
  return groups.map((g) => [...g].sort()).sort((a, b) => (a[0]! < b[0]! ? -1 : a[0]! > b[0]! ? 1 : 0));
}

/** The duplicate groups of the latest scan, as paths, read from the app's item index in IndexedDB. */
async function storedDuplicateGroups(page: Page): Promise<{ groups: string[][]; possible: boolean[]; originals: boolean; files: number }> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open("cleanspace-scan");
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const read = <T>(store: string, op: (s: IDBObjectStore) => IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        const req = op(db.transaction(store, "readonly").objectStore(store));
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
    type Item = { id: number; path: string; duplicateGroup: number | null; isOriginal: boolean };
    type Group = { id: number; itemIds: number[]; originalId: number; possible: boolean };
    const meta = await read<{ duplicates: Group[] } | undefined>("meta", (s) => s.get("latest"));
    // Records of up to 1,000 items (negative ids, issue 24), or plain items from older versions.
    const records = await read<(Item | { id: number; items: Item[] })[]>("items", (s) => s.getAll());
    const items = records.flatMap((r) => ("items" in r ? r.items : [r]));
    db.close();
    const byId = new Map(items.map((item) => [item.id, item]));
    const duplicates = meta?.duplicates ?? [];
    // Every item's own marks must agree with the groups: one original per group, first in the list.
    const originals = duplicates.every(
      (g) =>
        g.itemIds[0] === g.originalId &&
        g.itemIds.every((id) => byId.get(id)?.duplicateGroup === g.id && byId.get(id)?.isOriginal === (id === g.originalId)),
    );
    return {
      groups: duplicates.map((g) => g.itemIds.map((id) => byId.get(id)?.path ?? `missing item ${id}`)),
      possible: duplicates.map((g) => g.possible),
      originals,
      files: items.length,
    };
  });
}

async function openScanPanel(page: Page) {
  await page.addInitScript(() => localStorage.setItem("tourCompleted", "true"));
  await page.goto("/app");
  await expect(page.getByRole("heading", { name: "Good morning, User" })).toBeVisible();
  await page.getByRole("button", { name: "Real data scan" }).click();
  await expect(page.getByRole("heading", { name: "System Permissions" })).toBeVisible();
  await expectAccessible(page);
}

function expectTraps(manifest: Manifest) {
  // The point of these corpora: equal sizes that are not duplicates, and equal first 16 KiB.
  const kinds = new Set(manifest.traps.map((t) => t.kind));
  expect([...kinds]).toEqual(expect.arrayContaining(["samesize", "prefix16k", "middle"]));
  expect(manifest.totals.zeroByteFiles).toBeGreaterThan(0);
  expect(manifest.duplicateGroups.length).toBeGreaterThan(0);
}

test("the folder input finds exactly the manifest's duplicate groups, traps included", async ({ page }) => {
  for (const seed of [11, 12]) {
    const manifest = corpus(300, seed);
    expectTraps(manifest);
    await openScanPanel(page);
    await page.getByLabel("Or choose a folder manually (works in every browser)").setInputFiles(manifest.dir);
    // A visitor's scan stays on this device: the spec's text for picked files, never "saved".
    await expect(page.getByText("Files Analyzed", { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(`Analyzed ${manifest.totals.files} selected files`, { exact: true })).toBeVisible();
    await expect(page.getByTestId("result-files-found")).toHaveText(String(manifest.totals.files));
    await expectAccessible(page);

    const stored = await storedDuplicateGroups(page);
    expect(stored.files).toBe(manifest.totals.files);
    // webkitRelativePath starts with the picked folder's name ("corpus/…").
    const groups = stored.groups.map((g) => g.map((p) => p.replace(/^corpus\//, "")));
    expect(canonical(groups), `seed ${seed}`).toEqual(manifest.duplicateGroups);
    expect(stored.possible.every((p) => !p)).toBe(true);
    expect(stored.originals).toBe(true);
  }
});

/** path → base64 of every file under dir, in batches small enough for one evaluate call each. */
function* corpusBatches(dir: string, maxBytes = 1 << 20): Generator<{ path: string; base64: string }[]> {
  const files: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else files.push(p);
    }
  };
  walk(dir);
  let batch: { path: string; base64: string }[] = [];
  let bytes = 0;
  for (const file of files) {
    const data = readFileSync(file);
    batch.push({ path: relative(dir, file), base64: data.toString("base64") });
    bytes += data.length;
    if (bytes >= maxBytes) {
      yield batch;
      batch = [];
      bytes = 0;
    }
  }
  if (batch.length > 0) yield batch;
}

/** Copies the corpus into the origin-private file system, under "corpus/". */
async function writeCorpusToOpfs(page: Page, dir: string): Promise<number> {
  let written = 0;
  for (const batch of corpusBatches(dir)) {
    await writeOpfsFiles(
      page,
      batch.map((f) => ({ path: `corpus/${f.path}`, base64: f.base64 })),
    );
    written += batch.length;
  }
  return written;
}

test("a folder handle from the origin-private file system finds exactly the manifest's groups", async ({ page }) => {
  const manifest = corpus(300, 13);
  expectTraps(manifest);
  // The native folder picker is the one thing a test cannot click: it answers with an
  // origin-private folder instead, a real FileSystemDirectoryHandle the app walks as it would a picked one.
  await page.addInitScript(() => {
    Object.defineProperty(window, "showDirectoryPicker", {
      configurable: true,
      value: async () => (await navigator.storage.getDirectory()).getDirectoryHandle("corpus"),
    });
  });
  await openScanPanel(page);
  expect(await writeCorpusToOpfs(page, manifest.dir)).toBe(manifest.totals.files);

  await page.getByRole("button", { name: "Start Real Data Scan" }).click();
  await expect(page.getByText("Directory Scanned", { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(`Found ${manifest.totals.files} files in selected directory`, { exact: true })).toBeVisible();
  await expect(page.getByTestId("result-files-found")).toHaveText(String(manifest.totals.files));
  await expectAccessible(page);

  const stored = await storedDuplicateGroups(page);
  expect(stored.files).toBe(manifest.totals.files);
  // Paths from a folder handle are relative to the folder itself.
  expect(canonical(stored.groups)).toEqual(manifest.duplicateGroups);
  expect(stored.possible.every((p) => !p)).toBe(true);
  expect(stored.originals).toBe(true);

  // The folder handle itself was kept for Quick Scan and Organize.
  const remembered = await page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open("cleanspace-folders");
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const handle = await new Promise<FileSystemDirectoryHandle | undefined>((resolve, reject) => {
      const req = db.transaction("handles", "readonly").objectStore("handles").get("last");
      req.onsuccess = () => resolve(req.result as FileSystemDirectoryHandle | undefined);
      req.onerror = () => reject(req.error);
    });
    db.close();
    const picked = await (await navigator.storage.getDirectory()).getDirectoryHandle("corpus");
    return handle ? handle.isSameEntry(picked) : false;
  });
  expect(remembered).toBe(true);
});

test("quick mode reads no content: every equal-size set is a possible duplicate", async ({ page }) => {
  const manifest = corpus(300, 11);
  // The saved "Quick scans (sizes only)" setting picks the mode (a visitor's lives on the device).
  await page.addInitScript(() => localStorage.setItem("settings", JSON.stringify({ metadataOnlyScan: true })));
  await openScanPanel(page);
  await expect(page.getByTestId("scan-mode")).toContainText("Quick scan: sizes only");
  await page.getByLabel("Or choose a folder manually (works in every browser)").setInputFiles(manifest.dir);
  await expect(page.getByText("Files Analyzed", { exact: true })).toBeVisible({ timeout: 30_000 });
  const stored = await storedDuplicateGroups(page);
  // Spec §5's rule on the same files, computed here from their sizes (zero-byte files apart).
  const bySize = new Map<number, string[]>();
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      const s = statSync(p);
      if (s.isDirectory()) walk(p);
      else if (s.size > 0) bySize.set(s.size, [...(bySize.get(s.size) ?? []), relative(manifest.dir, p)]);
    }
  };
  walk(manifest.dir);
  const expected = canonical([...bySize.values()].filter((g) => g.length > 1));
  const groups = canonical(stored.groups.map((g) => g.map((p) => p.replace(/^corpus\//, ""))));
  expect(groups).toEqual(expected);
  expect(stored.possible.every((p) => p)).toBe(true);
  // The traps make the difference: more (possible) groups than true ones.
  expect(groups.length).toBeGreaterThan(manifest.duplicateGroups.length);
});
