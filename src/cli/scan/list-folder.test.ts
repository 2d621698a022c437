import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ScanAccessError } from "../../scan/errors";
import { checkRoot, trimSlash } from "./check-root";
import { FileTable } from "./file-table";
import { type WalkFs, createWalker, listFolder } from "./list-folder";

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

/** Walks `dir` to the end on one walker, as the CLI's scan does on one thread. */
function walkAll(dir: string, fsApi: WalkFs = fs) {
  const table = new FileTable();
  const walker = createWalker(fsApi, dir, table);
  const pending = [""];
  while (pending.length > 0) listFolder(walker, pending.pop() as string, pending);
  const paths = Array.from({ length: table.fileCount }, (_, i) => table.path(i)).sort();
  return { table, paths, skipped: walker.skipped };
}

describe("the walk's rules", () => {
  const root = fs.mkdtempSync(join(tmpdir(), "cs-walk-rules-"));
  // rm -rf copes with trees deeper than PATH_MAX, which fs.rmSync does not.
  afterAll(() => execFileSync("rm", ["-rf", root]));

  it("lists files with relative '/' paths, sizes and mtimes, names of any kind", () => {
    const dir = join(root, "names");
    const names = ["with space.txt", "quote\"d'.txt", "new\nline.txt", "ünïcødé 照片.jpg", "tab\there", "-dash"];
    fs.mkdirSync(join(dir, "sub dir"), { recursive: true });
    for (const name of names) fs.writeFileSync(join(dir, "sub dir", name), name);
    fs.utimesSync(join(dir, "sub dir", names[0] ?? ""), 1_600_000_000, 1_600_000_000);
    const { table, paths } = walkAll(dir);
    expect(paths).toEqual(names.map((n) => `sub dir/${n}`).sort());
    const first = Array.from({ length: table.fileCount }, (_, i) => i).find((i) => table.path(i) === `sub dir/${names[0]}`) ?? -1;
    expect([table.size[first], table.mtime[first]]).toEqual([names[0]?.length, 1_600_000_000_000]);
  });

  it("never walks into the CleanSpace trash, at any depth (issue 16)", () => {
    const dir = join(root, "trash");
    fs.mkdirSync(join(dir, ".cleanspace-trash", "2026-11-23"), { recursive: true });
    fs.mkdirSync(join(dir, "sub", ".cleanspace-trash", "2026-11-23"), { recursive: true });
    fs.writeFileSync(join(dir, "a.txt"), "same");
    fs.writeFileSync(join(dir, ".cleanspace-trash", "2026-11-23", "a.txt"), "same");
    fs.writeFileSync(join(dir, "sub", ".cleanspace-trash", "2026-11-23", "b.txt"), "same");
    fs.mkdirSync(join(dir, "sub", ".cleanspace-trash-not"));
    fs.writeFileSync(join(dir, "sub", ".cleanspace-trash-not", "x"), "x");
    const { paths, skipped } = walkAll(dir);
    expect(paths).toEqual(["a.txt", "sub/.cleanspace-trash-not/x"]);
    expect(skipped.unreadable).toBe(0);
  });

  it("skips symbolic links (counted) and so cannot loop through them", () => {
    const dir = join(root, "links");
    fs.mkdirSync(join(dir, "a"), { recursive: true });
    fs.writeFileSync(join(dir, "a", "file"), "x");
    fs.symlinkSync("..", join(dir, "a", "loop")); // a/loop -> dir: a cycle if followed
    fs.symlinkSync("file", join(dir, "a", "file-link"));
    fs.symlinkSync("missing", join(dir, "a", "dangling"));
    const { paths, skipped } = walkAll(dir);
    expect(paths).toEqual(["a/file"]);
    expect(skipped.symlinks).toBe(3);
  });

  it("skips special files such as FIFOs instead of blocking on them", () => {
    const dir = join(root, "fifo");
    fs.mkdirSync(dir);
    fs.writeFileSync(join(dir, "regular"), "x");
    execFileSync("mkfifo", [join(dir, "pipe")]);
    const { paths, skipped } = walkAll(dir);
    expect(paths).toEqual(["regular"]);
    expect(skipped.special).toBe(1);
  });

  it("gives the names of one file (hard links) one identity, and a file with one name none", () => {
    const dir = join(root, "hard");
    fs.mkdirSync(join(dir, "x"), { recursive: true });
    fs.writeFileSync(join(dir, "x", "data.bin"), "same bytes");
    fs.linkSync(join(dir, "x", "data.bin"), join(dir, "link.bin"));
    fs.writeFileSync(join(dir, "real-copy.bin"), "same bytes");
    const { table } = walkAll(dir);
    const idOf = (path: string) =>
      table.linkIds.get(Array.from({ length: table.fileCount }, (_, i) => i).find((i) => table.path(i) === path) ?? -1);
    const { ino, dev } = fs.lstatSync(join(dir, "link.bin"));
    expect(idOf("link.bin")).toBe(`${dev}:${ino}`);
    expect(idOf("x/data.bin")).toBe(`${dev}:${ino}`);
    expect(idOf("real-copy.bin")).toBeUndefined();
  });

  it("walks 10,000 nested folders without recursion; past PATH_MAX, folders are counted as unreadable", () => {
    const dir = join(root, "deep");
    fs.mkdirSync(dir);
    fs.writeFileSync(join(dir, "top.txt"), "t");
    // Built from inside with relative paths: the full path is far longer than PATH_MAX.
    const script =
      "const fs=require('fs');for(let i=0;i<10000;i++){fs.mkdirSync('d');process.chdir('d');if(i===50)fs.writeFileSync('f50','x')}fs.writeFileSync('bottom','x')";
    execFileSync(process.execPath, ["-e", script], { cwd: dir });
    const { paths, skipped } = walkAll(dir);
    expect(paths).toContain("top.txt");
    expect(paths).toContain(`${"d/".repeat(51)}f50`);
    expect(skipped.unreadable).toBeGreaterThan(0);
  });

  it("counts unreadable folders and files and goes on (faked, so it means the same as root)", () => {
    const dir = join(root, "locked");
    fs.mkdirSync(join(dir, "secret"), { recursive: true });
    fs.mkdirSync(join(dir, "open"));
    fs.writeFileSync(join(dir, "open", "a"), "a");
    fs.writeFileSync(join(dir, "open", "b"), "b");
    const eacces = () => Object.assign(new Error("EACCES: permission denied"), { code: "EACCES" });
    const fakeFs = {
      ...fs,
      readdirSync: ((p: fs.PathLike, o: never) => {
        if (String(p).endsWith("/secret")) throw eacces();
        return fs.readdirSync(p, o);
      }) as typeof fs.readdirSync,
      lstatSync: ((p: fs.PathLike, o?: never) => {
        if (String(p).endsWith("/open/b")) throw eacces();
        return fs.lstatSync(p, o);
      }) as typeof fs.lstatSync,
    };
    const { paths, skipped } = walkAll(dir, fakeFs);
    expect(paths).toEqual(["open/a"]);
    expect(skipped.unreadable).toBe(2);
  });

  it("throws for an unreadable root instead of counting it", () => {
    const dir = join(root, "root-denied");
    fs.mkdirSync(dir);
    const fakeFs = {
      ...fs,
      readdirSync: (() => {
        throw Object.assign(new Error("EACCES: permission denied"), { code: "EACCES" });
      }) as typeof fs.readdirSync,
    };
    expect(() => walkAll(dir, fakeFs)).toThrow(ScanAccessError);
  });
});

describe("checkRoot and trimSlash", () => {
  const root = fs.mkdtempSync(join(tmpdir(), "cs-check-root-"));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it("fails clearly for a missing root, a file as root, or an unreadable root", () => {
    fs.writeFileSync(join(root, "plain-file"), "x");
    expect(() => checkRoot(fs, join(root, "nope"))).toThrow(expect.objectContaining({ problem: "not-found" }));
    expect(() => checkRoot(fs, join(root, "plain-file"))).toThrow(expect.objectContaining({ problem: "not-a-directory" }));
    const noAccess = {
      ...fs,
      accessSync: () => {
        throw Object.assign(new Error("EACCES"), { code: "EACCES" });
      },
    };
    expect(() => checkRoot(noAccess, root)).toThrow(expect.objectContaining({ problem: "permission-denied" }));
    expect(() => checkRoot(fs, root)).not.toThrow();
  });

  it("names one root with or without its trailing slash; '/' stays '/'", () => {
    expect([trimSlash("/data/"), trimSlash("/data"), trimSlash("/")]).toEqual(["/data", "/data", "/"]);
  });
});
