import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { FileTable } from "./file-table";
import { createWalker, listFolder } from "./list-folder";

const work = fs.mkdtempSync(join(tmpdir(), "cs-list-folder-"));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

describe("listFolder", () => {
  it("calls `during` every 128 files within a folder, with those files already in the table", () => {
    for (let i = 0; i < 300; i++) fs.writeFileSync(join(work, `f${i}`), "");
    fs.mkdirSync(join(work, "sub"));
    const table = new FileTable();
    const walker = createWalker(fs, work, table);
    const seenAt: number[] = [];
    walker.during = () => seenAt.push(table.fileCount);
    const pending: string[] = [];
    expect(listFolder(walker, "", pending)).toBe(1);
    expect(pending).toEqual(["sub"]);
    expect(table.fileCount).toBe(300);
    expect(seenAt).toEqual([128, 256]);
  });
});

describe("walking a tree (public fs calls, absolute paths)", () => {
  // Its own folder: the test above lists `work` itself.
  const tree = fs.mkdtempSync(join(tmpdir(), "cs-walk-tree-"));
  afterAll(() => fs.rmSync(tree, { recursive: true, force: true }));
  for (const [folder, files] of [
    ["", 3],
    ["a", 2],
    ["a/b", 4],
    ["c", 1],
  ] as const) {
    fs.mkdirSync(join(tree, folder), { recursive: true });
    for (let i = 0; i < files; i++) fs.writeFileSync(join(tree, folder, `file ${i}.txt`), "x".repeat(i + 1));
  }
  fs.symlinkSync("file 0.txt", join(tree, "a", "link"));

  it("lists every file with lstat's fields, lstat'ing files and folders only, by absolute path, without moving the working folder", () => {
    const home = process.cwd();
    const lstats: string[] = [];
    const spying = {
      ...fs,
      lstatSync: ((p: fs.PathLike, o?: never) => {
        lstats.push(String(p));
        return fs.lstatSync(p, o);
      }) as typeof fs.lstatSync,
    };
    const table = new FileTable();
    const walker = createWalker(spying, tree, table);
    const pending = [""];
    while (pending.length > 0) listFolder(walker, pending.pop() as string, pending);
    const files = Array.from({ length: table.fileCount }, (_, i) => table.path(i)).sort();
    expect(files).toEqual([
      "a/b/file 0.txt",
      "a/b/file 1.txt",
      "a/b/file 2.txt",
      "a/b/file 3.txt",
      "a/file 0.txt",
      "a/file 1.txt",
      "c/file 0.txt",
      "file 0.txt",
      "file 1.txt",
      "file 2.txt",
    ]);
    for (let i = 0; i < table.fileCount; i++) {
      const stats = fs.lstatSync(join(tree, table.path(i)));
      expect([table.size[i], table.mtime[i], table.ctime[i], table.ino[i]]).toEqual([
        stats.size,
        Math.trunc(stats.mtimeMs),
        stats.ctimeMs,
        stats.ino,
      ]);
    }
    expect(walker.skipped).toEqual({ symlinks: 1, special: 0, unreadable: 0, loops: 0 });
    // The link is known from readdir's type: no lstat. Every path absolute.
    expect(lstats.every((p) => p.startsWith(`${tree}/`))).toBe(true);
    expect(lstats.some((p) => p.endsWith("/link"))).toBe(false);
    expect(lstats).toHaveLength(10 + 3);
    expect(process.cwd()).toBe(home);
  });
});
