import * as fs from "node:fs";
import { mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildCleanupPlan } from "../domain/cleanup-plan";
import { DEFAULT_KEEP_POLICY } from "../domain/keep-rules";
import { TRASH_DIR } from "../domain/scan-rules";
import type { CleanupPlan } from "../domain/schemas/cleanup-plan";
import { formatJournalRecord, parseJournal } from "../domain/trash-journal";
import { applyPlan } from "./apply-plan";
import { sha256File } from "./file-sha256";
import { type CliIo, runCli } from "./main";
import type { TrashFs } from "./trash-fs";
import { undoTrash } from "./undo-trash";

let root: string;
const T0 = Date.UTC(2020, 0, 1);

/** Names a shell or a naive tool would trip on. */
const AWKWARD = ["with space.txt", `quote's "double".txt`, "new\nline.txt", "ümlaut café ✓.txt", "日本語/写真.jpg", "-dash.txt"];

function write(rel: string, content: string, mtime: number): void {
  fs.mkdirSync(join(root, rel, ".."), { recursive: true });
  writeFileSync(join(root, rel), content);
  utimesSync(join(root, rel), new Date(mtime), new Date(mtime));
}

/** "path size sha256 mtime" for every file outside the trash, sorted: the tree's fingerprint. */
function listing(): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const entry of fs.readdirSync(join(root, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (child !== TRASH_DIR) walk(child);
      } else {
        const s = statSync(join(root, child));
        out.push(`${JSON.stringify(child)} ${s.size} ${sha256File(fs, join(root, child))} ${Math.trunc(s.mtimeMs)}`);
      }
    }
  };
  walk("");
  return out.sort();
}

/** An original in keep/ and a copy of it at each awkward name (plus one in a sub-folder). */
function makeTree(): void {
  AWKWARD.forEach((name, i) => {
    write(`keep/orig-${i}.txt`, `content number ${i}\n`.repeat(100 + i), T0);
    write(`copies/${name}`, `content number ${i}\n`.repeat(100 + i), T0 + 1000 * (i + 1));
  });
  write("unique.txt", "only one", T0);
}

function planFor(): CleanupPlan {
  const groups = AWKWARD.map((name, i) =>
    [`keep/orig-${i}.txt`, `copies/${name}`].map((path) => {
      const s = statSync(join(root, path));
      return { path, size: s.size, modified: s.mtimeMs, hash: sha256File(fs, join(root, path)) };
    }),
  );
  return buildCleanupPlan({ groups, policy: DEFAULT_KEEP_POLICY, rootName: "t", createdBy: "web", now: new Date(T0) }).plan;
}

async function cli(argv: string[], confirm?: (q: string) => Promise<boolean>) {
  let stdout = "";
  let stderr = "";
  const io: CliIo = {
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: (t: string) => (stderr += t), isTTY: false },
    workerUrl: null,
    confirm,
  };
  const code = await runCli(argv, io);
  return { code, stdout, stderr };
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "cs-trash-"));
  makeTree();
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("apply and undo", () => {
  it("moves every planned copy to the trash with a journal, and undo restores the tree exactly", async () => {
    const before = listing();
    const planFile = join(root, "..", `${root.split("/").pop()}.plan.json`);
    writeFileSync(planFile, JSON.stringify(planFor()));
    try {
      const dry = await cli(["apply", planFile, "--root", root, "--dry-run"]);
      expect(dry.code).toBe(0);
      expect(dry.stdout).toContain("Would move 6 files");
      expect(listing()).toEqual(before);

      const applied = await cli(["apply", planFile, "--root", root]);
      expect(applied.code).toBe(0);
      expect(applied.stdout).toContain("new\\nline.txt"); // printed escaped
      for (const name of AWKWARD) expect(fs.existsSync(join(root, "copies", name))).toBe(false);
      const { records, skipped } = parseJournal(readFileSync(join(root, TRASH_DIR, "journal.jsonl"), "utf8"));
      expect(skipped).toBe(0);
      expect(records.map((r) => r.op === "trash" && r.path).sort()).toEqual(AWKWARD.map((n) => `copies/${n}`).sort());
      for (const r of records) if (r.op === "trash") expect(sha256File(fs, join(root, r.trashPath))).toBe(r.hash);

      const undone = await cli(["undo", root]);
      expect(undone.code).toBe(0);
      expect(undone.stdout).toContain("Restored 6");
      expect(listing()).toEqual(before);
      // Empty day folders are tidied; only the journal stays.
      expect(fs.readdirSync(join(root, TRASH_DIR))).toEqual(["journal.jsonl"]);
      expect((await cli(["undo", root])).stdout).toContain("Nothing to undo");
    } finally {
      rmSync(planFile, { force: true });
    }
  });

  it("refuses files changed or deleted since the plan, and copies whose kept file changed; nothing is lost", () => {
    const plan = planFor();
    // Same size, same time, other bytes: only the hash can tell.
    write(`copies/${AWKWARD[0]}`, `content numbeR 0\n`.repeat(100), T0 + 1000);
    write(`copies/${AWKWARD[1]}`, "grown", T0 + 2000);
    rmSync(join(root, "copies", AWKWARD[2]!));
    write("keep/orig-3.txt", `content number 3\n`.repeat(103), T0 + 5); // the kept copy was touched
    const before = listing();
    const report = applyPlan(root, plan);
    expect(report.refused.map((r) => r.path).sort()).toEqual([0, 1, 2, 3].map((i) => `copies/${AWKWARD[i]}`).sort());
    expect(report.refused.find((r) => r.path === `copies/${AWKWARD[0]}`)!.reason).toMatch(/content changed/);
    expect(report.refused.find((r) => r.path === `copies/${AWKWARD[1]}`)!.reason).toMatch(/size changed/);
    expect(report.refused.find((r) => r.path === `copies/${AWKWARD[2]}`)!.reason).toMatch(/no longer there/);
    expect(report.refused.find((r) => r.path === `copies/${AWKWARD[3]}`)!.reason).toMatch(/the copy to keep/);
    expect(report.moved).toHaveLength(2);
    // The refused files are exactly as they were; only the two matching copies left.
    const after = listing();
    expect(before.filter((line) => !after.includes(line))).toHaveLength(2);
  });

  it("a move failing half-way (full disk) leaves the rest in place, journalled moves undoable", () => {
    const before = listing();
    let renames = 0;
    const flaky: TrashFs = {
      ...fs,
      renameSync: (from, to) => {
        if (++renames > 2) throw Object.assign(new Error("ENOSPC: no space left on device"), { code: "ENOSPC" });
        fs.renameSync(from, to);
      },
    };
    const report = applyPlan(root, planFor(), { fs: flaky });
    expect(report.moved).toHaveLength(2);
    expect(report.failed).toHaveLength(4);
    expect(report.failed[0]!.reason).toBe("the disk is full");
    const undo = undoTrash(root);
    expect(undo.restored).toHaveLength(2);
    expect(undo.failed).toEqual([]);
    expect(listing()).toEqual(before);
  });

  it("a journal that cannot be written any more (disk full) stops the moves it cannot record", () => {
    const before = listing();
    let writes = 0;
    const full: TrashFs = {
      ...fs,
      writeSync: ((...args: Parameters<typeof fs.writeSync>) => {
        if (++writes > 3) throw Object.assign(new Error("ENOSPC: no space left on device"), { code: "ENOSPC" });
        return (fs.writeSync as (...a: unknown[]) => number)(...args);
      }) as typeof fs.writeSync,
    };
    const report = applyPlan(root, planFor(), { fs: full });
    expect(report.moved).toHaveLength(3);
    expect(report.failed).toHaveLength(3);
    expect(report.failed[0]!.reason).toBe("the trash journal cannot be written (the disk is full)");
    // Every moved file is in the journal, so all of them come back.
    expect(undoTrash(root).restored).toHaveLength(3);
    expect(listing()).toEqual(before);
  });

  it("a read-only folder half-way: what moved is journalled and undone, the rest untouched", () => {
    const before = listing();
    const readOnly: TrashFs = {
      ...fs,
      renameSync: (from, to) => {
        // Running as root ignores chmod, so the refusal is what the kernel would answer.
        if (String(from).includes("日本語")) throw Object.assign(new Error("EACCES: permission denied"), { code: "EACCES" });
        fs.renameSync(from, to);
      },
    };
    const report = applyPlan(root, planFor(), { fs: readOnly });
    expect(report.failed).toEqual([{ path: "copies/日本語/写真.jpg", reason: "permission denied" }]);
    expect(report.moved).toHaveLength(5);
    expect(fs.existsSync(join(root, "copies/日本語/写真.jpg"))).toBe(true);
    expect(undoTrash(root).restored).toHaveLength(5);
    expect(listing()).toEqual(before);
  });

  it("refuses a file reached through a symbolic link, a kept copy in the trash, and a journal pointing outside the trash", async () => {
    const outside = mkdtempSync(join(tmpdir(), "cs-outside-"));
    const plan = planFor();
    const [first, second] = plan.actions;
    fs.copyFileSync(join(root, first!.file.path), join(outside, "x.txt"));
    utimesSync(join(outside, "x.txt"), new Date(first!.file.mtime), new Date(first!.file.mtime));
    fs.symlinkSync(outside, join(root, "via-link"));
    const sneaky = { ...first!, file: { ...first!.file, path: "via-link/x.txt" } };
    const inTrash = { ...second!, keep: { ...second!.keep!, path: `${TRASH_DIR}/x.txt` } };
    const report = applyPlan(root, { ...plan, actions: [sneaky, inTrash] });
    expect(report.moved).toEqual([]);
    expect(report.refused.map((r) => r.reason)).toEqual([
      "a folder on its path leads outside the folder (symbolic link)",
      "the copy to keep is in the CleanSpace trash",
    ]);
    fs.mkdirSync(join(root, TRASH_DIR));
    writeFileSync(
      join(root, TRASH_DIR, "journal.jsonl"),
      formatJournalRecord({
        v: 1,
        batch: "b",
        at: "2026-11-24T00:00:00.000Z",
        by: "web",
        op: "trash",
        path: "stolen.txt",
        trashPath: "unique.txt",
        size: 8,
        mtime: 0,
        hash: null,
      }),
    );
    expect(undoTrash(root).failed).toEqual([{ path: "stolen.txt", reason: "the journal record does not point into the CleanSpace trash" }]);
    expect(fs.existsSync(join(root, "unique.txt"))).toBe(true);
    expect(fs.existsSync(join(outside, "x.txt"))).toBe(true);
    rmSync(outside, { recursive: true, force: true });
  });

  it("refuses a plan from a newer version and a malformed one with exit 2", async () => {
    const planFile = join(root, "p.json");
    writeFileSync(planFile, JSON.stringify({ ...planFor(), version: 2 }));
    expect(await cli(["apply", planFile, "--root", root])).toMatchObject({ code: 2, stderr: expect.stringContaining("update cleanspace") });
    writeFileSync(
      planFile,
      JSON.stringify({
        ...planFor(),
        actions: [{ action: "trash", file: { path: "../etc/passwd", size: 1, mtime: 1, hash: "sha256:" + "0".repeat(64) }, reason: "" }],
      }),
    );
    expect(await cli(["apply", planFile, "--root", root])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("not a CleanSpace cleanup plan"),
    });
    expect(await cli(["apply", planFile])).toMatchObject({ code: 2, stderr: expect.stringContaining("missing --root") });
  });
});

describe("undo of the web app's moves", () => {
  it("puts back a file the browser trashed (its record has no hash), and skips one it restored itself", async () => {
    const before = listing();
    const trashPath = `${TRASH_DIR}/2026-11-24/copies/${AWKWARD[0]}`;
    const base = { v: 1, batch: "2026-11-24T10:00:00.000Z-web001", at: "2026-11-24T10:00:00.000Z", by: "web", hash: null } as const;
    fs.mkdirSync(join(root, trashPath, ".."), { recursive: true });
    const size = statSync(join(root, "copies", AWKWARD[0]!)).size;
    const mtime = Math.trunc(statSync(join(root, "copies", AWKWARD[0]!)).mtimeMs);
    fs.renameSync(join(root, "copies", AWKWARD[0]!), join(root, trashPath));
    writeFileSync(
      join(root, TRASH_DIR, "journal.jsonl"),
      formatJournalRecord({ ...base, op: "trash", path: `copies/${AWKWARD[0]}`, trashPath, size, mtime }) +
        // Recorded, then moved back by the web app before it could close the record.
        formatJournalRecord({
          ...base,
          op: "trash",
          path: `copies/${AWKWARD[1]}`,
          trashPath: `${TRASH_DIR}/2026-11-24/x`,
          size: statSync(join(root, "copies", AWKWARD[1]!)).size,
          mtime: 0,
        }),
    );
    const result = await cli(["undo", root]);
    expect(result.stdout).toContain("Restored 1, already in place 1, not restored 0.");
    expect(listing()).toEqual(before);
  });
});

describe("clean", () => {
  it("asks first: no terminal and no --yes does nothing, a 'no' does nothing", async () => {
    const before = listing();
    const noTty = await cli(["clean", root]);
    expect(noTty.code).toBe(1);
    expect(noTty.stderr).toContain("--yes");
    expect(noTty.stdout).toContain("Kept because it is the oldest copy");
    let asked = "";
    const no = await cli(["clean", root], async (q) => ((asked = q), false));
    expect(asked).toMatch(/^Move 6 copies \(.+\) to the trash\? \[y\/N\] $/);
    expect(no.stdout).toContain("Nothing done");
    expect(listing()).toEqual(before);
  });

  it("--yes moves the copies the keep-rules chose, honours protected folders, and undo restores", async () => {
    const before = listing();
    const result = await cli(["clean", root, "--yes", "--keep", "inside:copies", "--protect", "keep/x"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("inside your preferred folder “copies”");
    for (let i = 0; i < AWKWARD.length; i++) expect(fs.existsSync(join(root, `keep/orig-${i}.txt`))).toBe(false);
    // A protected folder holding one original: that copy is kept, its twin in copies/ goes.
    await cli(["undo", root]);
    expect(listing()).toEqual(before);
    const guarded = await cli(["clean", root, "--yes", "--keep", "inside:copies", "--protect", "/keep"]);
    expect(guarded.stdout).toContain("protected folder “/keep”");
    for (const name of AWKWARD) expect(fs.existsSync(join(root, "copies", name))).toBe(false);
    await cli(["undo", root]);
    expect(listing()).toEqual(before);
    // The same folder named by its absolute path.
    expect((await cli(["clean", root, "--dry-run", "--protect", join(root, "keep")])).stdout).toContain("protected folder “/keep”");
  });

  it("--link replaces copies by hard links to the kept file, verified, and undo gives them their own bytes back", async () => {
    const before = listing();
    const result = await cli(["clean", root, "--link", "--yes"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("Linked 6 files");
    AWKWARD.forEach((name, i) => {
      const copy = statSync(join(root, "copies", name));
      const kept = statSync(join(root, `keep/orig-${i}.txt`));
      expect(copy.ino).toBe(kept.ino);
      expect(copy.nlink).toBe(2);
    });
    expect(fs.existsSync(join(root, TRASH_DIR, "2020-01-01"))).toBe(false);
    const undone = await cli(["undo", root]);
    expect(undone.stdout).toContain("Restored 6");
    AWKWARD.forEach((name, i) => expect(statSync(join(root, "copies", name)).ino).not.toBe(statSync(join(root, `keep/orig-${i}.txt`)).ino));
    expect(listing()).toEqual(before);
  });

  it("a usage mistake is exit 2 with the command's help", async () => {
    expect(await cli(["clean", root, "--keep", "biggest"])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("unknown keep-rule"),
    });
    expect(await cli(["undo"])).toMatchObject({ code: 2, stderr: expect.stringContaining("Usage: cleanspace undo") });
  });
});
