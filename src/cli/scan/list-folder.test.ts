import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { FileTable } from "./file-table";
import { chdirInto, createWalker, enteringFolders, listFolder } from "./list-folder";

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

describe("entering folders (enteringFolders)", () => {
  // Its own folder: the test above lists `work` itself.
  const tree = fs.mkdtempSync(join(tmpdir(), "cs-enter-folders-"));
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

  /** Lists the whole tree; `lstats` gets every path the walk gave lstatSync. */
  const walkTree = (enter: ((abs: string) => void) | null, lstats: string[] = []) => {
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
    const walk = () => {
      while (pending.length > 0) listFolder(walker, pending.pop() as string, pending);
    };
    enteringFolders(walker, enter, walk);
    const files = Array.from({ length: table.fileCount }, (_, i) => `${table.path(i)} ${table.size[i]} ${table.mtime[i]} ${table.ino[i]}`);
    return { files, skipped: walker.skipped };
  };

  it("lists the same files, looks each up by its name alone, and puts the working folder back", () => {
    const home = process.cwd();
    const entered: string[] = [];
    const lstats: string[] = [];
    const absolute = walkTree(null);
    const inside = walkTree((abs) => {
      entered.push(abs);
      process.chdir(abs);
    }, lstats);
    expect(inside).toEqual(absolute);
    expect(absolute.files).toHaveLength(10);
    expect([...entered].sort()).toEqual([tree, `${tree}/a`, `${tree}/a/b`, `${tree}/c`]);
    // Every entry by name (one path component for the kernel); only a folder's own identity, when it is listed, by absolute path.
    const byName = lstats.filter((p) => !p.includes("/"));
    expect(byName.filter((p) => p.startsWith("file "))).toHaveLength(10);
    expect(byName.filter((p) => !p.startsWith("file ")).sort()).toEqual(["a", "b", "c"]);
    expect(lstats.filter((p) => p.includes("/")).sort()).toEqual([`${tree}/a`, `${tree}/a/b`, `${tree}/c`]);
    expect(process.cwd()).toBe(home);
  });

  it("reads a folder it cannot enter by absolute path, with the same result", () => {
    const eacces = () => Object.assign(new Error("EACCES: permission denied"), { code: "EACCES" });
    const inside = walkTree((abs) => {
      if (abs.endsWith("/a")) throw eacces();
      process.chdir(abs);
    });
    expect(inside).toEqual(walkTree(null));
  });

  it("puts the working folder back when the walk throws", () => {
    const home = process.cwd();
    const walker = createWalker(fs, tree, new FileTable());
    expect(() =>
      enteringFolders(walker, chdirInto, () => {
        listFolder(walker, "a", []);
        throw new Error("aborted");
      }),
    ).toThrow("aborted");
    expect(process.cwd()).toBe(home);
    expect(walker.enter).toBeNull();
  });
});
