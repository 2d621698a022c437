import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { FileTable } from "./file-table";
import { type KeyPass, type NodeHashCache, cacheFileFor, openNodeHashCache, rememberedFiles } from "./hash-cache-file";
import { KEY_BYTES } from "./key-reader";

const work = fs.mkdtempSync(join(tmpdir(), "cs-hash-cache-file-"));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const OLD = 1_600_000_000_000;
const ROOT = "/data/root";

interface Spec {
  dir: string;
  name: string;
  ino: number;
  dev?: number;
}

/** A table of `files`, folders in the order first met. */
function tableOf(files: readonly Spec[]): FileTable {
  const table = new FileTable(1, 1);
  const byDir = new Map<string, Spec[]>();
  for (const f of files) byDir.set(f.dir, [...(byDir.get(f.dir) ?? []), f]);
  for (const [dir, list] of byDir) {
    const d = table.addDir(dir, 1, dir.length);
    for (const f of list) table.addFile(d, f.name, 100 + f.ino, OLD + f.ino, OLD + f.ino, f.ino, f.dev ?? 7);
  }
  return table;
}

/** A key made from the file's inode and the pass. */
function keyOf(ino: number, pass: number): Uint8Array {
  const key = new Uint8Array(KEY_BYTES);
  for (let b = 0; b < KEY_BYTES; b++) key[b] = (ino * 31 + pass * 7 + b * 13) & 255;
  return key;
}

/** The cache remembers, as one pass computed them, the keys (keyOf their inode) of these file indexes. */
function rememberKeys(cache: NodeHashCache, table: FileTable, pass: KeyPass, indexes: number[]): void {
  const keys = new Uint8Array(indexes.length * KEY_BYTES);
  indexes.forEach((i, k) => keys.set(keyOf(table.ino[i] as number, pass), k * KEY_BYTES));
  cache.rememberPass(pass, indexes, keys, new Uint8Array(indexes.length).fill(1));
}

const files: Spec[] = [];
for (let k = 0; k < 60; k++)
  files.push({ dir: ["", "a", "a/b", "ünï cödé/😀", "z z"][k % 5] as string, name: `f${k % 7}-${k}.txt`, ino: k + 1 });

describe("the hash cache file (format 3: records keyed by device, inode, size, mtime, ctime)", () => {
  it("round-trips both keys of every file by its identity, whatever its name and the order the next scan meets it in", () => {
    const dir = join(work, "round-trip");
    const table = tableOf(files);
    const cache = openNodeHashCache(ROOT, table, { dir, now: OLD + 10_000_000, racyWindowMs: 0 });
    const all = Array.from({ length: table.fileCount }, (_, i) => i);
    rememberKeys(cache, table, 0, all);
    rememberKeys(
      cache,
      table,
      1,
      all.filter((i) => (table.ino[i] as number) % 3 === 0),
    );
    cache.save();
    expect(fs.existsSync(cacheFileFor(dir, ROOT))).toBe(true);

    // Reversed; inode 5 under another name and folder with its stamp unchanged (the same file);
    // inode 9 touched; inode 12 now on another device (another file that has the same inode number).
    const next = [...files]
      .reverse()
      .map((f) => (f.ino === 5 ? { ...f, dir: "a", name: "renamed.txt" } : f.ino === 12 ? { ...f, dev: 8 } : f));
    const again = tableOf(next);
    again.mtime[again.ino.indexOf(9)] = OLD + 1;
    const reopened = openNodeHashCache(ROOT, again, { dir, now: OLD + 10_000_000, racyWindowMs: 0 });
    expect(reopened.loaded).toBe(files.length);
    const out = new Uint8Array(KEY_BYTES * 2 + 4);
    for (let i = 0; i < again.fileCount; i++) {
      const ino = again.ino[i] as number;
      const hit = ino !== 9 && ino !== 12;
      for (const at of [0, 4, 3]) {
        expect(reopened.lookup(i, 0, out, at)).toBe(hit);
        if (hit) expect(out.subarray(at, at + KEY_BYTES)).toEqual(keyOf(ino, 0));
      }
      expect(reopened.lookup(i, 1, out, KEY_BYTES)).toBe(hit && ino % 3 === 0);
      if (hit && ino % 3 === 0) expect(out.subarray(KEY_BYTES, 2 * KEY_BYTES)).toEqual(keyOf(ino, 1));
    }
  });

  it("matches an unchanged scan's files in walk order, whatever order they are looked up in, without the Map of identities", () => {
    const dir = join(work, "walk-order");
    const table = tableOf(files);
    const cache = openNodeHashCache(ROOT, table, { dir, now: OLD + 10_000_000, racyWindowMs: 0 });
    rememberKeys(
      cache,
      table,
      0,
      Array.from({ length: table.fileCount }, (_, i) => i),
    );
    cache.save();
    const reopened = openNodeHashCache(ROOT, tableOf(files), { dir, now: OLD + 10_000_000, racyWindowMs: 0 });
    // Looked up by size (the first pass's order): here in a shuffled order.
    const lookups = Array.from({ length: files.length }, (_, k) => (k * 7) % files.length); // 7 and 60 coprime: each file once
    reopened.matchAll(lookups);
    const out = new Uint8Array(KEY_BYTES);
    for (const i of lookups) {
      expect(reopened.lookup(i, 0, out, 0)).toBe(true);
      expect(out).toEqual(keyOf(table.ino[i] as number, 0));
    }
    expect(reopened.stats).toEqual({ hits: files.length, misses: 0, byId: 0 });
  });

  it("saves every file of the scan, keyed or not, and finds the keyed ones far apart without the Map of identities", () => {
    const dir = join(work, "every-file");
    const many: Spec[] = Array.from({ length: 200 }, (_, k) => ({ dir: k < 120 ? "photos" : "docs", name: `p${k}.jpg`, ino: k + 1 }));
    const table = tableOf(many);
    const cache = openNodeHashCache(ROOT, table, { dir, now: OLD + 10_000_000, racyWindowMs: 0 });
    const keyed = [3, 60, 61, 150, 199]; // gaps of up to 89 files with no key (sizes no other file has)
    rememberKeys(cache, table, 0, keyed);
    cache.save();
    expect(rememberedFiles(dir, ROOT)).toBe(200);

    // One file added at the front: every later file sits one entry further on than it did.
    const again = tableOf([{ dir: "photos", name: "new.jpg", ino: 500 }, ...many]);
    const reopened = openNodeHashCache(ROOT, again, { dir, now: OLD + 10_000_000, racyWindowMs: 0 });
    expect(reopened.loaded).toBe(keyed.length);
    const lookups = [0, ...keyed.map((i) => i + 1)];
    reopened.matchAll(lookups);
    const out = new Uint8Array(KEY_BYTES);
    for (const i of lookups) expect(reopened.lookup(i, 0, out, 0)).toBe(i !== 0);
    expect(reopened.stats).toEqual({ hits: keyed.length, misses: 1, byId: 0 });
    // Nothing new to remember, every remembered key still good: the file is left as it was.
    const before = fs.statSync(cacheFileFor(dir, ROOT)).mtimeMs;
    fs.utimesSync(cacheFileFor(dir, ROOT), new Date(OLD), new Date(OLD));
    const unchanged = openNodeHashCache(ROOT, table, { dir, now: OLD + 10_000_000, racyWindowMs: 0 });
    unchanged.matchAll(keyed);
    unchanged.save();
    expect(fs.statSync(cacheFileFor(dir, ROOT)).mtimeMs).toBe(OLD);
    expect(before).toBeGreaterThan(OLD);
  });

  it("belongs to one root: another root's file of the same name is not read", () => {
    const dir = join(work, "roots");
    const table = tableOf(files);
    const cache = openNodeHashCache(ROOT, table, { dir, now: OLD + 10_000_000, racyWindowMs: 0 });
    rememberKeys(cache, table, 0, [0]);
    cache.save();
    fs.copyFileSync(cacheFileFor(dir, ROOT), cacheFileFor(dir, "/other"));
    expect(openNodeHashCache("/other", table, { dir }).loaded).toBe(0);
    expect(openNodeHashCache(ROOT, table, { dir }).loaded).toBe(1);
  });

  it("saves an empty cache and reads it back", () => {
    const dir = join(work, "empty");
    const table = tableOf([]);
    const full = tableOf(files);
    const cache = openNodeHashCache(ROOT, full, { dir, now: OLD + 10_000_000, racyWindowMs: 0 });
    rememberKeys(cache, full, 0, [0]);
    cache.save();
    // The folder emptied: none of the remembered files is there, so the next cache holds none.
    const emptied = openNodeHashCache(ROOT, table, { dir });
    expect(emptied.loaded).toBe(1);
    emptied.save();
    expect(openNodeHashCache(ROOT, table, { dir }).loaded).toBe(0);
    expect(fs.readFileSync(cacheFileFor(dir, ROOT)).byteLength).toBeGreaterThan(32);
  });

  it("holds the root's path but no file's name or folder", () => {
    const dir = join(work, "no-names");
    const table = tableOf(files);
    const cache = openNodeHashCache(ROOT, table, { dir, now: OLD + 10_000_000, racyWindowMs: 0 });
    rememberKeys(cache, table, 0, [0, 1, 2]);
    cache.save();
    const bytes = fs.readFileSync(cacheFileFor(dir, ROOT));
    expect(bytes.includes(ROOT)).toBe(true);
    for (const name of ["f0-0.txt", "ünï cödé", "z z"]) expect(bytes.includes(Buffer.from(name))).toBe(false);
    // Header, the root padded to 8 bytes, one 80-byte record per file.
    expect(bytes.byteLength).toBe(32 + Math.ceil(ROOT.length / 8) * 8 + 80 * files.length);
  });

  it("deletes this root's cache files of older formats when it writes the new one", () => {
    const dir = join(work, "older");
    fs.mkdirSync(dir, { recursive: true });
    const older = cacheFileFor(dir, ROOT, 1);
    const format2 = cacheFileFor(dir, ROOT, 2);
    const otherRoot = cacheFileFor(dir, "/elsewhere", 1);
    fs.writeFileSync(older, "format 1");
    fs.writeFileSync(format2, "format 2");
    fs.writeFileSync(otherRoot, "format 1");
    const table = tableOf(files);
    const cache = openNodeHashCache(ROOT, table, { dir, now: OLD + 10_000_000, racyWindowMs: 0 });
    rememberKeys(cache, table, 0, [0]);
    cache.save();
    expect(fs.existsSync(older)).toBe(false);
    expect(fs.existsSync(format2)).toBe(false);
    expect(fs.existsSync(otherRoot)).toBe(true);
    expect(fs.existsSync(cacheFileFor(dir, ROOT))).toBe(true);
  });
});
