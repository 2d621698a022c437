/**
 * The neighbouring classes of issue 36: special files, deep paths, unreadable files, files
 * changing between the plan and the act, and undo onto an occupied path. Every case checks
 * the tree's checksum listing: no content loses its last name, and undo restores it all.
 */
import { execFileSync, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as net from "node:net";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { TRASH_DIR } from "../../domain/scan-rules";
import { type CliIo, runCli } from "../main";
import {
  cli,
  cliBundle,
  expectNothingLost,
  expectRestored,
  listing,
  makeRoot,
  needs,
  planFile,
  planOf,
  put,
  removeBundle,
  startBundleSlowedOn,
  straceProblem,
} from "./harness";

let root: string;

beforeEach(() => {
  root = makeRoot("near");
  put(root, "keep/a.txt", "alpha\n".repeat(40), Date.UTC(2018, 0, 1));
  put(root, "copies/a.txt", "alpha\n".repeat(40), Date.UTC(2020, 0, 1));
});
afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
  fs.rmSync(`${root}.plan.json`, { force: true });
});
afterAll(removeBundle);

describe("special files are never opened, moved or counted as copies (rmlint tests/test_types, jdupes skips non-regular files)", () => {
  it("a FIFO, a socket and a device node beside real duplicates", async ({ skip }) => {
    needs(process.getuid?.() === 0 ? null : "not running as root (mknod)", skip, "device nodes");
    execFileSync("mkfifo", [`${root}/copies/pipe`]);
    execFileSync("mkfifo", [`${root}/keep/pipe`]);
    execFileSync("mknod", [`${root}/copies/null-twin`, "c", "1", "3"]);
    execFileSync("mknod", [`${root}/keep/null-twin`, "c", "1", "3"]);
    const server = net.createServer().listen(`${root}/copies/sock`);
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const before = listing(root);
      const result = await cli(["clean", root, "--yes"]);
      expect(result.code, result.stdout + result.stderr).toBe(0);
      expect(result.stdout).toContain("Moved 1 file");
      for (const special of ["copies/pipe", "keep/pipe", "copies/null-twin", "keep/null-twin", "copies/sock"])
        expect(fs.existsSync(`${root}/${special}`), special).toBe(true);
      expectNothingLost(before, listing(root));
      await cli(["undo", root]);
      expectRestored(root, before);
    } finally {
      server.close();
    }
  });
});

describe("deep paths (rmlint tests/test_robustness/test_manylongpathfiles.py, test_8Mlongpathfiles.py)", () => {
  it("a copy whose path in the trash would pass the system's path limit is left alone (failed, with the reason); undo restores", async () => {
    // 32 folders of 120 bytes and a long name: the copy's path is 4,090 bytes, just under
    // Linux's PATH_MAX (4,096); under .cleanspace-trash/<day>/ it would be over.
    const part = "d".repeat(120);
    const name = `${"n".repeat(4090 - (root.length + 1 + 32 * 121))}`;
    execFileSync("bash", [
      "-c",
      `cd "$1" && for i in $(seq 32); do mkdir ${part} && cd ${part}; done && printf 'alpha\\n%.0s' $(seq 40) > ${name}`,
      "_",
      root,
    ]);
    put(root, "copies/b.txt", "alpha\n".repeat(40), Date.UTC(2021, 0, 1));
    const before = listing(root);
    expect(Math.max(...before.map((e) => e.path.length)) + root.length + 1).toBe(4090);
    const result = await cli(["clean", root, "--yes"]);
    expect(result.code, result.stdout + result.stderr).toBe(1);
    expect(result.stdout).toContain("Failed (left in place)");
    expect(result.stdout).toContain("its path (or its path in the trash) is longer than the system allows");
    expect(result.stdout).toContain("Moved 2 files");
    expectNothingLost(before, listing(root));
    await cli(["undo", root]);
    expectRestored(root, before);
  });
});

describe("unreadable files (czkawka: a permission error must never turn into a deletion, issues #1656, #688)", () => {
  it("as an ordinary user, a copy it cannot read and a folder it cannot write are left alone; the rest is cleaned and undone", async ({
    skip,
  }) => {
    needs(process.getuid?.() === 0 ? null : "not running as root (setpriv to another user)", skip, "unreadable files");
    put(root, "locked/a.txt", "alpha\n".repeat(40), Date.UTC(2021, 0, 1));
    put(root, "secret/a.txt", "alpha\n".repeat(40), Date.UTC(2022, 0, 1));
    execFileSync("chown", ["-R", "65534:65534", root]);
    fs.chmodSync(`${root}/secret/a.txt`, 0o000);
    fs.chmodSync(`${root}/locked`, 0o555);
    fs.chmodSync(root, 0o755);
    const before = listing(root);
    const bundle = cliBundle();
    fs.chmodSync(bundle.replace(/\/bin\/cleanspace\.cjs$/, ""), 0o755);
    const asNobody = (argv: string[]) =>
      spawnSync("setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", process.execPath, bundle, ...argv], {
        encoding: "utf8",
        env: { ...process.env, CLEANSPACE_CACHE_DIR: `${root}.cache`, HOME: "/nonexistent" },
      });
    const run = asNobody(["clean", root, "--yes"]);
    expect(run.stderr).toBe("");
    expect(run.stdout).toContain("permission denied");
    expect(run.stdout).toContain("Moved 1 file");
    expect(fs.existsSync(`${root}/secret/a.txt`)).toBe(true);
    expect(fs.existsSync(`${root}/locked/a.txt`)).toBe(true);
    expectNothingLost(before, listing(root));
    expect(asNobody(["undo", root]).status).toBe(0);
    expectRestored(root, before);
    fs.rmSync(`${root}.cache`, { recursive: true, force: true });
  });
});

describe("files changing between the plan and the act", () => {
  it("apply: a copy edited, a kept file edited, a kept file deleted, a copy swapped for other bytes of the same size and time", async () => {
    for (const n of [1, 2, 3, 4]) {
      put(root, `keep/${n}.txt`, `file ${n}\n`.repeat(30), Date.UTC(2018, 0, 1));
      put(root, `copies/${n}.txt`, `file ${n}\n`.repeat(30), Date.UTC(2020, 0, 1));
    }
    const plan = planOf(
      root,
      [1, 2, 3, 4].map((n) => [`keep/${n}.txt`, `copies/${n}.txt`] as const),
    );
    fs.appendFileSync(`${root}/copies/1.txt`, "edited");
    fs.appendFileSync(`${root}/keep/2.txt`, "edited");
    fs.renameSync(`${root}/keep/3.txt`, `${root}/keep/3-renamed.txt`);
    put(root, "copies/4.txt", `file X\n`.repeat(30), Date.UTC(2020, 0, 1));
    const before = listing(root);
    const result = await cli(["apply", planFile(root, plan), "--root", root]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("4 refused");
    expect(listing(root)).toEqual(before);
  });

  it("clean: files edited while the question is on screen are refused, nothing lost", async () => {
    put(root, "copies/b.txt", "alpha\n".repeat(40), Date.UTC(2021, 0, 1));
    const before = listing(root);
    let out = "";
    const io: CliIo = {
      stdout: { write: (t: string) => (out += t) },
      stderr: { write: () => true, isTTY: false },
      workerUrl: null,
      // The person answers "yes" only after another program rewrote the kept file.
      confirm: async () => {
        fs.writeFileSync(`${root}/keep/a.txt`, "rewritten meanwhile\n");
        return true;
      },
    };
    const code = await runCli(["clean", root], io);
    expect(code).toBe(1);
    expect(out).toContain("the copy to keep, “keep/a.txt”");
    expect(out).toContain("Moved 0 files");
    const after = listing(root);
    expect(after.filter((e) => e.path.startsWith("copies/"))).toEqual(before.filter((e) => e.path.startsWith("copies/")));
  });
});

describe("files changing during the scan", () => {
  it("a copy rewritten while the CLI is reading it (each read slowed by strace) keeps its new bytes; the kept file keeps its own", async ({
    skip,
  }) => {
    needs(straceProblem(), skip, "slowing reads with strace");
    const big = Buffer.alloc(4 * 1024 * 1024);
    for (let i = 0; i < big.length; i++) big[i] = (i * 7919) % 251;
    put(root, "keep/video.bin", big.toString("latin1"), Date.UTC(2018, 0, 1));
    const copy = put(root, "copies/video.bin", big.toString("latin1"), Date.UTC(2020, 0, 1)).toString();
    const before = listing(root);
    const running = startBundleSlowedOn(copy, 150, ["clean", root, "--yes"]);
    // The CLI starts, walks, and is inside its first slowed read of the copy by now.
    let finished = false;
    void running.then(() => (finished = true));
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(finished, "the CLI is still reading when the file is rewritten").toBe(false);
    fs.writeFileSync(copy, "rewritten while the scan read it\n");
    const result = await running;
    expect(result.stderr).toBe("");
    const after = listing(root);
    const rewritten = after.find((e) => e.path === "copies/video.bin");
    expect(rewritten, `the rewritten copy is still in its place: ${result.stdout}`).toBeDefined();
    expect(fs.readFileSync(copy, "utf8")).toBe("rewritten while the scan read it\n");
    expectNothingLost(
      before.filter((e) => e.path !== "copies/video.bin"),
      after,
    );
    // Undo brings back what did move (the other pair's copy); the rewritten file is as it was written.
    expect((await cli(["undo", root])).code).toBe(0);
    expect(listing(root)).toEqual(before.map((e) => (e.path === "copies/video.bin" ? rewritten : e)));
  });
});

describe("undo onto an occupied path", () => {
  it("a new file at the old name stays, the trashed one stays in the trash, both reported; nothing overwritten", async () => {
    const before = listing(root);
    expect((await cli(["clean", root, "--yes"])).code).toBe(0);
    put(root, "copies/a.txt", "a new file with the old name\n");
    const occupied = listing(root);
    const undone = await cli(["undo", root]);
    expect(undone.code).toBe(1);
    expect(undone.stdout).toContain("another file now has its name in its old place; it stays in the trash");
    expect(listing(root)).toEqual(occupied);
    const trash = listing(root, { trash: true }).filter((e) => e.path.startsWith(`${TRASH_DIR}/`));
    expect(trash.map((e) => e.sha)).toEqual(before.filter((e) => e.path === "copies/a.txt").map((e) => e.sha));
    // Once the person moves the newcomer away, undo finishes.
    fs.rmSync(`${root}/copies/a.txt`);
    expect((await cli(["undo", root])).code).toBe(0);
    expectRestored(root, before);
  });
});
