/**
 * Class 3 of issue 36: a set of hard links is one file. Acting on it acts on every name it
 * has inside the tree (or says plainly that no space is freed), `--link` merges whole sets,
 * and bytes count as freed only where the last name goes.
 */
import * as fs from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { TRASH_DIR } from "../../domain/scan-rules";
import { cli, expectNothingLost, expectRestored, listing, makeRoot, planFile, planOf, put } from "./harness";

let root: string;
let outside: string;

beforeEach(() => {
  root = makeRoot("links");
  outside = makeRoot("links-outside");
});
afterEach(() => {
  for (const dir of [root, outside]) fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(`${root}.plan.json`, { force: true });
});

const ino = (rel: string) => fs.statSync(`${root}/${rel}`).ino;
const nlink = (rel: string) => fs.statSync(`${root}/${rel}`).nlink;

/** fclones src/dedupe.rs test_hard_link_merges_subgroups_of_hard_links: a1=a2 and b1=b2, all "foo". */
function twoSets(): void {
  put(root, "file_a1", "foo", Date.UTC(2020, 0, 1));
  put(root, "file_b1", "foo", Date.UTC(2021, 0, 1));
  fs.linkSync(`${root}/file_a1`, `${root}/file_a2`);
  fs.linkSync(`${root}/file_b1`, `${root}/file_b2`);
}

describe("hard link sets act as one file", () => {
  it("--link merges whole sets: all four names end as one file (fclones test_hard_link_merges_subgroups_of_hard_links)", async () => {
    twoSets();
    const before = listing(root);
    const result = await cli(["clean", root, "--link", "--yes"]);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toContain("Linked 2 files (3 B)");
    expect(new Set(["file_a1", "file_a2", "file_b1", "file_b2"].map(ino)).size).toBe(1);
    expect(nlink("file_a1")).toBe(4);
    expectNothingLost(before, listing(root));
    // Undo gives b1 and b2 their own bytes back — as one file again, not two.
    const undone = await cli(["undo", root]);
    expect(undone.code, undone.stdout).toBe(0);
    expect(ino("file_b1")).toBe(ino("file_b2"));
    expectRestored(root, before);
  });

  it("clean moves every name of the set and counts its bytes once (issue 36: 'Moved 1 file (4 B)' while b2 held the bytes)", async () => {
    twoSets();
    const before = listing(root);
    const result = await cli(["clean", root, "--yes"]);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toContain("Moved 2 files (3 B)");
    expect(result.stdout).toContain("another name of file_b1: a hard link");
    expect(fs.existsSync(`${root}/file_b1`) || fs.existsSync(`${root}/file_b2`)).toBe(false);
    expectNothingLost(before, listing(root));
    expect((await cli(["undo", root])).code).toBe(0);
    expectRestored(root, before);
  });

  it("three sets linked in one go (jdupes issue #42: gena-genc, gend-genf, geng-genh all end as one file)", async () => {
    put(root, "gena", "same bytes\n", Date.UTC(2019, 0, 1));
    put(root, "gend", "same bytes\n", Date.UTC(2020, 0, 1));
    put(root, "geng", "same bytes\n", Date.UTC(2021, 0, 1));
    for (const [from, to] of [
      ["gena", "genb"],
      ["gena", "genc"],
      ["gend", "gene"],
      ["gend", "genf"],
      ["geng", "genh"],
    ])
      fs.linkSync(`${root}/${from}`, `${root}/${to}`);
    const before = listing(root);
    const result = await cli(["clean", root, "--link", "--yes"]);
    expect(result.code, result.stdout).toBe(0);
    expect(nlink("gena")).toBe(8);
    expect(result.stdout).toContain("Linked 5 files (22 B)");
    expect((await cli(["undo", root])).code).toBe(0);
    expectRestored(root, before);
  });

  it("a set with a name outside the folder: moved, and it says plainly that no space is freed", async () => {
    put(root, "keep/photo.jpg", "holiday photo bytes\n", Date.UTC(2019, 0, 1));
    put(root, "copies/photo.jpg", "holiday photo bytes\n", Date.UTC(2020, 0, 1));
    fs.linkSync(`${root}/copies/photo.jpg`, `${outside}/backup.jpg`);
    const before = listing(root);
    const result = await cli(["clean", root, "--yes"]);
    expect(result.code, result.stdout).toBe(0);
    expect(result.stdout).toContain("no space is freed: this file has 1 other name outside the folder (hard links), which keep its bytes");
    expect(result.stdout).toContain("Moved 1 file (0 B)");
    expectNothingLost(before, listing(root));
    expect((await cli(["undo", root])).code).toBe(0);
    expectRestored(root, before);
    expect(fs.statSync(`${outside}/backup.jpg`).nlink).toBe(2);
  });

  it("apply: a web plan naming one link of a set moves the whole set; a set holding a kept file is refused", async () => {
    twoSets();
    put(root, "file_c1", "foo", Date.UTC(2022, 0, 1));
    const before = listing(root);
    // The browser cannot see inodes: its plan names file_b1 and keeps file_a1, and keeps file_b2 for file_c1.
    const plan = planOf(root, [
      ["file_a1", "file_b1"],
      ["file_b2", "file_c1"],
    ]);
    const result = await cli(["apply", planFile(root, plan), "--root", root]);
    expect(result.stdout).toContain("another name of this file, “file_b2”, is a copy the plan keeps");
    expectNothingLost(before, listing(root));
    expect(fs.existsSync(`${root}/file_b1`)).toBe(true);
    await cli(["undo", root]);
    expectRestored(root, before);
  });

  it("apply: a plan naming both links of a set moves them once, and counts the bytes once", async () => {
    twoSets();
    const before = listing(root);
    const plan = planOf(root, [
      ["file_a1", "file_b1"],
      ["file_a1", "file_b2"],
    ]);
    const result = await cli(["apply", planFile(root, plan), "--root", root]);
    expect(result.code, result.stdout).toBe(0);
    expect(result.stdout).toContain("Moved 2 files (3 B) to the trash; 0 refused, 0 failed.");
    expect(fs.readdirSync(`${root}/${TRASH_DIR}`)).toContain("journal.jsonl");
    expectNothingLost(before, listing(root));
    await cli(["undo", root]);
    expectRestored(root, before);
  });
});
