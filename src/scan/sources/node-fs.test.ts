import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ScanAccessError } from "../errors";
import { runScan } from "../run-scan";
import type { NodeEntry } from "./node-fs";
import { createNodeFsSource } from "./node-fs";

let root: string;
const NOW = Date.UTC(2025, 5, 1);

async function listAll(dir: string, fsApi?: Parameters<typeof createNodeFsSource>[1]) {
  const source = createNodeFsSource(dir, fsApi);
  const entries: NodeEntry[] = [];
  for await (const batch of source.walk()) entries.push(...batch);
  return { entries, skipped: source.skipped, paths: entries.map((e) => e.path).sort() };
}

beforeAll(() => {
  root = fs.mkdtempSync(join(tmpdir(), "cs-nodefs-"));
});
afterAll(() => {
  // rm -rf copes with trees deeper than PATH_MAX, which fs.rmSync does not.
  execFileSync("rm", ["-rf", root]);
});

describe("createNodeFsSource", () => {
  it("lists files with relative '/' paths, sizes and mtimes, names of any kind", async () => {
    const dir = join(root, "names");
    const names = ["with space.txt", "quote\"d'.txt", "new\nline.txt", "ünïcødé 照片.jpg", "tab\there", "-dash"];
    fs.mkdirSync(join(dir, "sub dir"), { recursive: true });
    for (const name of names) fs.writeFileSync(join(dir, "sub dir", name), name);
    fs.utimesSync(join(dir, "sub dir", names[0] ?? ""), 1_600_000_000, 1_600_000_000);
    const { entries, paths } = await listAll(dir);
    expect(paths).toEqual(names.map((n) => `sub dir/${n}`).sort());
    const first = entries.find((e) => e.name === names[0]);
    expect(first).toMatchObject({ size: names[0]?.length, modified: 1_600_000_000_000 });
  });

  it("never walks into the CleanSpace trash, at any depth (issue 16)", async () => {
    const dir = join(root, "trash");
    fs.mkdirSync(join(dir, ".cleanspace-trash", "2026-11-23"), { recursive: true });
    fs.mkdirSync(join(dir, "sub", ".cleanspace-trash", "2026-11-23"), { recursive: true });
    fs.writeFileSync(join(dir, "a.txt"), "same");
    fs.writeFileSync(join(dir, ".cleanspace-trash", "2026-11-23", "a.txt"), "same");
    fs.writeFileSync(join(dir, "sub", ".cleanspace-trash", "2026-11-23", "b.txt"), "same");
    fs.mkdirSync(join(dir, "sub", ".cleanspace-trash-not"));
    fs.writeFileSync(join(dir, "sub", ".cleanspace-trash-not", "x"), "x");
    const { paths, skipped } = await listAll(dir);
    expect(paths).toEqual(["a.txt", "sub/.cleanspace-trash-not/x"]);
    expect(skipped.unreadable).toBe(0);
  });

  it("skips symbolic links (counted) and so cannot loop through them", async () => {
    const dir = join(root, "links");
    fs.mkdirSync(join(dir, "a"), { recursive: true });
    fs.writeFileSync(join(dir, "a", "file"), "x");
    fs.symlinkSync("..", join(dir, "a", "loop")); // a/loop -> dir: a cycle if followed
    fs.symlinkSync("file", join(dir, "a", "file-link"));
    fs.symlinkSync("missing", join(dir, "a", "dangling"));
    const { paths, skipped } = await listAll(dir);
    expect(paths).toEqual(["a/file"]);
    expect(skipped.symlinks).toBe(3);
  });

  it("skips special files such as FIFOs instead of blocking on them", async () => {
    const dir = join(root, "fifo");
    fs.mkdirSync(dir);
    fs.writeFileSync(join(dir, "regular"), "x");
    execFileSync("mkfifo", [join(dir, "pipe")]);
    const { paths, skipped } = await listAll(dir);
    expect(paths).toEqual(["regular"]);
    expect(skipped.special).toBe(1);
  });

  it("gives hard links one identity so the scan counts them once, never as wasted copies", async () => {
    const dir = join(root, "hard");
    fs.mkdirSync(join(dir, "x"), { recursive: true });
    fs.writeFileSync(join(dir, "x", "data.bin"), "same bytes");
    fs.linkSync(join(dir, "x", "data.bin"), join(dir, "link.bin"));
    fs.writeFileSync(join(dir, "real-copy.bin"), "same bytes");
    const result = await runScan(createNodeFsSource(dir), { now: NOW });
    expect(result.hardLinks).toBe(1);
    expect(result.summary.totalFiles).toBe(2);
    expect(result.duplicates).toHaveLength(1);
    expect(result.duplicates[0]?.itemIds).toHaveLength(2);
    expect(result.items.map((i) => i.path).sort()).toEqual(["link.bin", "real-copy.bin"]);
  });

  it("walks 10,000 nested folders without recursion; past PATH_MAX, folders are counted as unreadable", async () => {
    const dir = join(root, "deep");
    fs.mkdirSync(dir);
    fs.writeFileSync(join(dir, "top.txt"), "t");
    // Built from inside with relative paths: the full path is far longer than PATH_MAX.
    const script =
      "const fs=require('fs');for(let i=0;i<10000;i++){fs.mkdirSync('d');process.chdir('d');if(i===50)fs.writeFileSync('f50','x')}fs.writeFileSync('bottom','x')";
    execFileSync(process.execPath, ["-e", script], { cwd: dir });
    const { paths, skipped } = await listAll(dir);
    expect(paths).toContain("top.txt");
    expect(paths).toContain(`${"d/".repeat(51)}f50`);
    expect(skipped.unreadable).toBeGreaterThan(0);
  });

  it("counts unreadable folders and files and goes on", async () => {
    const dir = join(root, "locked");
    fs.mkdirSync(join(dir, "secret"), { recursive: true });
    fs.mkdirSync(join(dir, "open"));
    fs.writeFileSync(join(dir, "open", "a"), "a");
    fs.writeFileSync(join(dir, "open", "b"), "b");
    const denied = (p: fs.PathLike) => String(p).endsWith("/secret") || String(p).endsWith("/open/b");
    const eacces = () => Object.assign(new Error("EACCES: permission denied"), { code: "EACCES" });
    // Faked, so the test means the same when run as root (root reads everything).
    const fakeFs = {
      ...fs,
      readdirSync: ((p: fs.PathLike, o: never) => {
        if (denied(p)) throw eacces();
        return fs.readdirSync(p, o);
      }) as typeof fs.readdirSync,
      lstatSync: ((p: fs.PathLike, o?: never) => {
        if (String(p).endsWith("/open/b")) throw eacces();
        return fs.lstatSync(p, o);
      }) as typeof fs.lstatSync,
    };
    const { paths, skipped } = await listAll(dir, fakeFs);
    expect(paths).toEqual(["open/a"]);
    expect(skipped.unreadable).toBe(2);
  });

  it("fails clearly for a missing root, a file as root, or an unreadable root", async () => {
    fs.writeFileSync(join(root, "plain-file"), "x");
    await expect(createNodeFsSource(join(root, "nope")).checkAccess()).rejects.toMatchObject({ problem: "not-found" });
    await expect(createNodeFsSource(join(root, "plain-file")).checkAccess()).rejects.toMatchObject({ problem: "not-a-directory" });
    const noAccess = {
      ...fs,
      accessSync: () => {
        throw Object.assign(new Error("EACCES"), { code: "EACCES" });
      },
    };
    const error = await createNodeFsSource(root, noAccess)
      .checkAccess()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ScanAccessError);
    expect(error).toMatchObject({ problem: "permission-denied" });
  });

  it("reads slices and streams in bounded chunks", async () => {
    const dir = join(root, "read");
    fs.mkdirSync(dir);
    const bytes = Buffer.alloc(300_000, 7);
    bytes[150_000] = 1;
    fs.writeFileSync(join(dir, "f"), bytes);
    const source = createNodeFsSource(dir);
    const { entries } = await listAll(dir);
    const entry = entries[0] as NodeEntry;
    expect(Array.from(await source.slice(entry, 149_999, 150_002))).toEqual([7, 1, 7]);
    const chunks: number[] = [];
    for await (const chunk of source.stream(entry, 128 * 1024)) chunks.push(chunk.byteLength);
    expect(chunks).toEqual([131_072, 131_072, 37_856]);
  });
});
