/**
 * Class 6 of issue 36 and its neighbour "interrupted apply": the bundled CLI is killed with
 * SIGKILL by strace as it enters a chosen system call — at each step of `--link` (link,
 * rename), of a move (rename; across file systems: the copy, the owner change, the unlink)
 * and of undo — and the tree is checked: nothing lost, and the next run or undo leaves it
 * exactly as before, with no temporary name or half-made copy behind (czkawka issue #1991:
 * "original destination file left orphaned at a .czkawka_tmp path").
 */
import * as fs from "node:fs";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  Mounts,
  cli,
  expectNothingLost,
  expectRestored,
  listing,
  makeRoot,
  mountProblem,
  needs,
  put,
  removeBundle,
  runBundleKilledAt,
  type Step,
  straceProblem,
} from "./harness";

let root: string;
const mounts = new Mounts();

beforeEach(() => {
  root = makeRoot("killed");
});
afterEach(() => {
  try {
    mounts.undoAll();
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});
afterAll(removeBundle);

/** An original and three copies of it (kept: the oldest). */
function threeCopies(under = ""): void {
  put(root, `${under}keep/report.pdf`, "quarterly report\n".repeat(300), Date.UTC(2018, 0, 1));
  for (const n of [1, 2, 3]) put(root, `${under}copies/report-${n}.pdf`, "quarterly report\n".repeat(300), Date.UTC(2020, 0, n));
}

/** Kills `cleanspace ARGS` at the `nth` `syscall`, checks nothing was lost, then lets `next` tidy and undo restore all. */
async function killThenRecover(syscall: Step, nth: number, argv: string[], next: "undo" | "run-again") {
  const before = listing(root);
  const killed = runBundleKilledAt(syscall, nth, argv);
  expect(killed.killed, `killed at ${syscall} #${nth}: ${killed.stderr}`).toBe(true);
  expectNothingLost(before, listing(root));
  if (next === "run-again") {
    const again = await cli(argv);
    expect(again.code, again.stdout + again.stderr).toBe(0);
    expectNothingLost(before, listing(root));
  }
  const undone = await cli(["undo", root, "--all"]);
  expect(undone.code, undone.stdout).toBe(0);
  expectRestored(root, before);
  return killed;
}

describe("kill -9 at each step of --link", () => {
  for (const [syscall, nth, step] of [
    ["link", 1, "before the first temporary link is made (the journal names it already)"],
    ["rename", 1, "after the temporary link is made, before it replaces the copy"],
    ["rename", 2, "after one copy is linked, with the second's temporary link made"],
    ["link", 3, "after two copies are linked"],
  ] as const) {
    it(`${step}: undo --all removes the leftover and restores every copy`, async ({ skip }) => {
      needs(straceProblem(), skip, "fault injection with strace");
      threeCopies();
      await killThenRecover(syscall, nth, ["clean", root, "--link", "--yes"], "undo");
    });
  }

  it("after the temporary link is made: the next run removes it, finishes, and says so", async ({ skip }) => {
    needs(straceProblem(), skip, "fault injection with strace");
    threeCopies();
    const before = listing(root);
    runBundleKilledAt("rename", 1, ["clean", root, "--link", "--yes"]);
    const debris = fs.readdirSync(`${root}/copies`).filter((name) => name.startsWith(".cleanspace-link-"));
    expect(debris, "the kill left the temporary link (otherwise this case tests nothing)").toHaveLength(1);
    const again = await cli(["clean", root, "--link", "--yes"]);
    expect(again.stdout).toContain("Removed what an interrupted earlier run left");
    expect(again.stdout).toContain(`copies/${debris[0]}`);
    expect(fs.readdirSync(`${root}/copies`).filter((name) => name.startsWith(".cleanspace-"))).toEqual([]);
    expect(fs.statSync(`${root}/keep/report.pdf`).nlink).toBe(4);
    expect((await cli(["undo", root, "--all"])).code).toBe(0);
    expectRestored(root, before);
  });
});

describe("kill -9 at each step of a move (interrupted apply)", () => {
  it("before the first rename into the trash: undo finds nothing moved", async ({ skip }) => {
    needs(straceProblem(), skip, "fault injection with strace");
    threeCopies();
    await killThenRecover("rename", 1, ["clean", root, "--yes"], "undo");
  });

  it("between two moves: undo puts back the one that moved", async ({ skip }) => {
    needs(straceProblem(), skip, "fault injection with strace");
    threeCopies();
    await killThenRecover("rename", 2, ["clean", root, "--yes"], "run-again");
  });

  for (const [syscall, nth, step] of [
    ["copy", 1, "as the copy to another file system starts (an empty file in the trash)"],
    ["chown", 1, "with the bytes copied, before the owner is set"],
    ["unlink", 1, "with the copy made, before the original is removed (two equal files)"],
  ] as const) {
    it(`across file systems, ${step}: nothing lost, the next run and undo tidy up`, async ({ skip }) => {
      needs(straceProblem(), skip, "fault injection with strace");
      needs(mountProblem(), skip, "tmpfs mounts");
      put(root, "keep/report.pdf", "quarterly report\n".repeat(300), Date.UTC(2018, 0, 1));
      mounts.tmpfs(`${root}/usb`);
      put(root, "usb/report.pdf", "quarterly report\n".repeat(300), Date.UTC(2020, 0, 1));
      await killThenRecover(syscall, nth, ["clean", root, "--yes"], "undo");
    });
  }
});

describe("kill -9 during undo of --link", () => {
  it("with the fresh copy made under its temporary name: the next undo removes it and finishes", async ({ skip }) => {
    needs(straceProblem(), skip, "fault injection with strace");
    threeCopies();
    const before = listing(root);
    expect((await cli(["clean", root, "--link", "--yes"])).code).toBe(0);
    const killed = runBundleKilledAt("rename", 1, ["undo", root]);
    expect(killed.killed).toBe(true);
    expectNothingLost(before, listing(root));
    expect(fs.readdirSync(`${root}/copies`).some((name) => name.startsWith(".cleanspace-unlink-"))).toBe(true);
    const undone = await cli(["undo", root]);
    expect(undone.code, undone.stdout).toBe(0);
    expect(undone.stdout).toContain("Removed what an interrupted earlier run left");
    expectRestored(root, before);
  });
});
