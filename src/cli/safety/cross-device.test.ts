/**
 * Class 5 of issue 36: a copy on another file system (a tmpfs mounted inside the tree) is
 * moved to the trash by copying; like `mv`, the copy keeps owner, group, mode, times and
 * extended attributes — into the trash and back out on undo. And `--link` across file
 * systems is refused without touching either file (fdupes issue leuchtraketen/fdupes#5:
 * "--linkhard deletes files across filesystem boundaries"; czkawka PR #253).
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { TRASH_DIR } from "../../domain/scan-rules";
import { Mounts, cli, expectNothingLost, expectRestored, listing, makeRoot, mountProblem, needs, put } from "./harness";

let root: string;
const mounts = new Mounts();

beforeEach(() => {
  root = makeRoot("xdev");
});
afterEach(() => {
  try {
    mounts.undoAll();
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

function xattrProblem(): string | null {
  const run = spawnSync("getfattr", ["--version"], { encoding: "utf8" });
  return run.error ? "getfattr/setfattr are not installed (apt-get install attr)" : null;
}

const getXattr = (path: string, name: string) => spawnSync("getfattr", ["--only-values", "-n", name, path], { encoding: "utf8" }).stdout;

/** What `mv` keeps (the access time is left out: reading the file to check it is an access). */
interface Meta {
  uid: number;
  gid: number;
  mode: number;
  mtimeMs: number;
  note: string;
}

function meta(path: string): Meta {
  const s = fs.statSync(path);
  return { uid: s.uid, gid: s.gid, mode: s.mode & 0o7777, mtimeMs: Math.trunc(s.mtimeMs), note: getXattr(path, "user.note") };
}

/** A copy on a tmpfs inside the tree, owned by someone else, with odd bits, old times and an extended attribute. */
function copyOnOtherDevice(): string {
  put(root, "keep/song.flac", "music bytes\n".repeat(100), Date.UTC(2018, 0, 1));
  mounts.tmpfs(`${root}/usb`);
  const copy = put(root, "usb/Music/song.flac", "music bytes\n".repeat(100), Date.UTC(2020, 5, 1)).toString();
  fs.chownSync(copy, 1234, 2345);
  fs.chmodSync(copy, 0o640);
  expect(spawnSync("setfattr", ["-n", "user.note", "-v", "from the old laptop", copy]).status).toBe(0);
  fs.utimesSync(copy, new Date(Date.UTC(2020, 6, 1)), new Date(Date.UTC(2020, 5, 1)));
  expect(fs.statSync(copy).dev).not.toBe(fs.statSync(`${root}/keep/song.flac`).dev);
  return copy;
}

describe("moves across file systems keep owner, group, mode, times and extended attributes", () => {
  it("into the trash with clean, and back with undo", async ({ skip }) => {
    needs(mountProblem(), skip, "tmpfs mounts");
    needs(xattrProblem(), skip, "extended attributes");
    const copy = copyOnOtherDevice();
    const was = meta(copy);
    expect(was.note).toBe("from the old laptop");
    const before = listing(root);
    const result = await cli(["clean", root, "--yes"]);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toContain("Moved 1 file");
    expectNothingLost(before, listing(root));
    const [trashed] = listing(root, { trash: true }).filter((e) => e.path.startsWith(`${TRASH_DIR}/`));
    expect(trashed?.path).toMatch(/usb\/Music\/song\.flac$/);
    expect(meta(`${root}/${trashed!.path}`)).toEqual(was);
    const undone = await cli(["undo", root]);
    expect(undone.code, undone.stdout).toBe(0);
    expect(meta(copy)).toEqual(was);
    expect(fs.statSync(copy).dev).not.toBe(fs.statSync(`${root}/keep/song.flac`).dev);
    expectRestored(root, before);
  });

  it("--link across file systems is refused and touches neither file (fdupes leuchtraketen#5, czkawka PR #253)", async ({ skip }) => {
    needs(mountProblem(), skip, "tmpfs mounts");
    needs(xattrProblem(), skip, "extended attributes");
    copyOnOtherDevice();
    const before = listing(root);
    const result = await cli(["clean", root, "--yes", "--link"]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("it is on another file system than “keep/song.flac”");
    expect(listing(root)).toEqual(before);
  });

  it("a full file system on the way to the trash: the copy stays, nothing half-made is left", async ({ skip }) => {
    needs(mountProblem(), skip, "tmpfs mounts");
    // The trash is on a tiny tmpfs (the whole tree is), the copy on a roomy one.
    mounts.tmpfs(`${root}/tree`);
    execMount(`${root}/tree`, "size=64k");
    const tree = `${root}/tree`;
    put(tree, "keep.bin", "z".repeat(40_000), Date.UTC(2018, 0, 1));
    mounts.tmpfs(`${tree}/big`);
    put(tree, "big/copy.bin", "z".repeat(40_000), Date.UTC(2020, 0, 1));
    const before = listing(tree);
    const result = await cli(["clean", tree, "--yes"]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("the disk is full");
    expect(listing(tree)).toEqual(before);
    expect(listing(tree, { trash: true }).filter((e) => e.path.startsWith(`${TRASH_DIR}/`))).toEqual([]);
  });
});

function execMount(at: string, options: string): void {
  expect(spawnSync("mount", ["-o", `remount,${options}`, at]).status).toBe(0);
}
