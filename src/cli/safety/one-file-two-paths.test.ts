/**
 * Class 1 of issue 36: one file reachable by two paths is never its own duplicate, and
 * `apply` refuses a plan whose copy and kept file are one file (device and inode of the
 * paths and of their real paths, at the moment of acting). Neighbours: path doubles and
 * symbolic link loops (rmlint tests/test_robustness/test_path_doubles.py).
 */
import * as fs from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sameFileRefusal } from "../../domain/trash-refusals";
import { Mounts, cli, expectNothingLost, expectRestored, listing, makeRoot, mountProblem, needs, planFile, planOf, put } from "./harness";

let root: string;
const mounts = new Mounts();

beforeEach(() => {
  root = makeRoot("two-paths");
  put(root, "real/photo.jpg", "the only copy of this photo\n".repeat(50));
  put(root, "real/other.txt", "another file\n");
});
afterEach(() => {
  try {
    mounts.undoAll();
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(`${root}.plan.json`, { force: true });
  }
});

/** Applies a plan that trashes `copy` as a duplicate of `keep`; both name the same file. */
async function applyRefused(keep: string, copy: string) {
  const before = listing(root);
  const result = await cli(["apply", planFile(root, planOf(root, [[keep, copy]])), "--root", root]);
  expect(result.stdout).toContain(sameFileRefusal(keep));
  expect(result.stdout).toContain("Moved 0 files (0 B) to the trash; 1 refused, 0 failed.");
  expect(result.code).toBe(1);
  expectNothingLost(before, listing(root));
  expect(listing(root)).toEqual(before);
}

describe("a plan whose copy and kept file are one file is refused at the moment of acting", () => {
  it("through a symbolic link to a folder inside the tree (alias -> real)", async () => {
    fs.symlinkSync("real", `${root}/alias`);
    await applyRefused("real/photo.jpg", "alias/photo.jpg");
  });

  it("through a `self -> .` link (rmlint test_path_doubles test_symlink_loop)", async () => {
    fs.symlinkSync(".", `${root}/self`);
    await applyRefused("real/photo.jpg", "self/real/photo.jpg");
  });

  it("through a hard link named as the copy (fdupes #50: a link listed as its own duplicate)", async () => {
    fs.linkSync(`${root}/real/photo.jpg`, `${root}/real/photo-link.jpg`);
    await applyRefused("real/photo.jpg", "real/photo-link.jpg");
  });

  it("through a bind-mounted folder (rmlint PR #183, test_mount_binds)", async ({ skip }) => {
    needs(mountProblem(), skip, "bind mounts");
    fs.mkdirSync(`${root}/mirror`);
    mounts.bind(`${root}/real`, `${root}/mirror`);
    await applyRefused("real/photo.jpg", "mirror/photo.jpg");
  });

  it("through a file bind-mounted onto another name inside the tree (rmlint PR #183)", async ({ skip }) => {
    needs(mountProblem(), skip, "bind mounts");
    put(root, "elsewhere/photo.jpg", "placeholder\n");
    mounts.bind(`${root}/real/photo.jpg`, `${root}/elsewhere/photo.jpg`);
    await applyRefused("real/photo.jpg", "elsewhere/photo.jpg");
  });

  it("when the kept file is swapped for the copy itself between the check and the move", async () => {
    // A plan made before "real/photo.jpg" became a link of its copy: same bytes, size and time,
    // so every content check passes; only the identity check sees one file.
    put(root, "copy/photo.jpg", "the only copy of this photo\n".repeat(50));
    const plan = planOf(root, [["real/photo.jpg", "copy/photo.jpg"]]);
    fs.rmSync(`${root}/real/photo.jpg`);
    fs.linkSync(`${root}/copy/photo.jpg`, `${root}/real/photo.jpg`);
    fs.utimesSync(`${root}/real/photo.jpg`, new Date(plan.actions[0]!.keep!.mtime), new Date(plan.actions[0]!.keep!.mtime));
    const before = listing(root);
    const result = await cli(["apply", planFile(root, plan), "--root", root]);
    expect(result.stdout).toContain(sameFileRefusal("real/photo.jpg"));
    expect(listing(root)).toEqual(before);
  });
});

describe("`clean` never lists one file under two paths as a duplicate of itself", () => {
  it("a bind-mounted folder inside the tree: nothing to clean, nothing moved (rmlint test_mount_binds)", async ({ skip }) => {
    needs(mountProblem(), skip, "bind mounts");
    fs.mkdirSync(`${root}/mirror`);
    mounts.bind(`${root}/real`, `${root}/mirror`);
    const before = listing(root);
    const result = await cli(["clean", root, "--yes"]);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toContain("Nothing to clean");
    expect(listing(root)).toEqual(before);
  });

  it("a file bind-mounted onto another name: nothing to clean (rmlint PR #183)", async ({ skip }) => {
    needs(mountProblem(), skip, "bind mounts");
    put(root, "elsewhere/photo.jpg", "placeholder\n");
    mounts.bind(`${root}/real/photo.jpg`, `${root}/elsewhere/photo.jpg`);
    const before = listing(root);
    const result = await cli(["clean", root, "--yes"]);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toContain("Nothing to clean");
    expect(listing(root)).toEqual(before);
  });

  it("a file bind-mounted onto another name among 40 files of its size, with one real duplicate pair: only that pair is cleaned", async ({
    skip,
  }) => {
    needs(mountProblem(), skip, "bind mounts");
    for (let i = 0; i < 40; i++) put(root, `many/${String(i).padStart(2, "0")}.txt`, `file number ${String(i).padStart(2, "0")}\n`);
    put(root, "many/copy-of-07.txt", "file number 07\n", Date.UTC(2022, 0, 1));
    mounts.bind(`${root}/many/03.txt`, `${root}/many/05.txt`);
    const before = listing(root);
    const result = await cli(["clean", root, "--yes"]);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toContain("Moved 1 file (15 B)");
    expect(fs.existsSync(`${root}/many/copy-of-07.txt`)).toBe(false);
    expectNothingLost(before, listing(root));
    expect((await cli(["undo", root])).code).toBe(0);
    expectRestored(root, before);
  });

  it("a recursive bind mount of the tree inside itself, with real duplicates: only they move, undo restores (rmlint test_mount_binds)", async ({
    skip,
  }) => {
    needs(mountProblem(), skip, "bind mounts");
    put(root, "a/b/1", "xxx");
    put(root, "c/2", "xxx", Date.UTC(2022, 0, 1));
    fs.mkdirSync(`${root}/loop`);
    mounts.bind(root, `${root}/loop`);
    const before = listing(root);
    const result = await cli(["clean", root, "--yes"]);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toContain("Moved 1 file (3 B)");
    expectNothingLost(before, listing(root));
    expect(fs.existsSync(`${root}/a/b/1`)).toBe(true);
    expect((await cli(["undo", root])).code).toBe(0);
    expectRestored(root, before);
  });

  it("symbolic link loops and links to files are never followed (rmlint test_symlink_loop, test_symlink_noloop)", async () => {
    fs.symlinkSync(".", `${root}/real/loop`);
    fs.symlinkSync("photo.jpg", `${root}/real/photo-link.jpg`);
    fs.symlinkSync("../real", `${root}/real/up`);
    const before = listing(root);
    const result = await cli(["clean", root, "--yes"]);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toContain("Nothing to clean");
    expect(listing(root)).toEqual(before);
  });
});
