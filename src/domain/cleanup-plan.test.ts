import { describe, expect, it } from "vitest";
import { buildCleanupPlan } from "./cleanup-plan";
import { DEFAULT_KEEP_POLICY } from "./keep-rules";
import { CleanupPlanSchema } from "./schemas/cleanup-plan";
import { formatJournalRecord, lastBatch, outstandingRecords, parseJournal, trashPathFor } from "./trash-journal";

const H = (c: string) => `sha256:${c.repeat(64)}`;
const file = (path: string, modified: number, hash: string | null = H("a"), size = 10) => ({ path, size, modified, hash });

describe("buildCleanupPlan", () => {
  it("makes a valid plan: one trash action per copy, with the kept file and the reason", () => {
    const { plan } = buildCleanupPlan({
      groups: [[file("b/x.jpg", 2), file("a/x.jpg", 1), file("c/x.jpg", 3)]],
      policy: DEFAULT_KEEP_POLICY,
      rootName: "Pictures",
      createdBy: "web",
      now: new Date("2026-11-24T00:00:00Z"),
    });
    expect(CleanupPlanSchema.parse(plan)).toEqual(plan);
    expect(plan.actions.map((a) => [a.file.path, a.keep?.path])).toEqual([
      ["b/x.jpg", "a/x.jpg"],
      ["c/x.jpg", "a/x.jpg"],
    ]);
    expect(plan.actions[0]!.reason).toMatch(/kept because it is older/);
  });

  it("splits a group whose SHA-256s differ and leaves out unreadable files", () => {
    const { plan } = buildCleanupPlan({
      groups: [[file("a", 1, H("a")), file("b", 2, H("b")), file("c", 3, null), file("d", 4, H("a"))]],
      policy: DEFAULT_KEEP_POLICY,
      rootName: "r",
      createdBy: "cli",
      now: new Date(0),
    });
    expect(plan.actions.map((a) => a.file.path)).toEqual(["d"]);
  });
});

describe("CleanupPlanSchema", () => {
  const base = {
    format: "cleanspace-cleanup-plan",
    version: 1,
    createdAt: "2026-11-24T00:00:00.000Z",
    createdBy: "web",
    rootName: "r",
    policy: DEFAULT_KEEP_POLICY,
  };
  const f = (path: string) => ({ path, size: 1, mtime: 1, hash: H("a") });
  it("refuses escaping paths, a kept file that is also removed, and unequal copies", () => {
    for (const path of ["../x", "/etc/passwd", "a//b", "a/./b", "a\0b"]) {
      expect(CleanupPlanSchema.safeParse({ ...base, actions: [{ action: "trash", file: f(path), reason: "" }] }).success).toBe(false);
    }
    const crossed = [
      { action: "trash", file: f("a"), keep: f("b"), reason: "" },
      { action: "trash", file: f("b"), keep: f("a"), reason: "" },
    ];
    expect(CleanupPlanSchema.safeParse({ ...base, actions: crossed }).success).toBe(false);
    expect(
      CleanupPlanSchema.safeParse({ ...base, actions: [{ action: "trash", file: f("a"), keep: { ...f("b"), hash: H("b") }, reason: "" }] })
        .success,
    ).toBe(false);
    expect(
      CleanupPlanSchema.safeParse({ ...base, actions: [{ action: "trash", file: f("new\nline ü"), keep: f("b"), reason: "" }] }).success,
    ).toBe(true);
  });
});

describe("trash journal", () => {
  const rec = (batch: string, path: string) => ({
    v: 1 as const,
    batch,
    at: "2026-11-24T00:00:00.000Z",
    by: "web" as const,
    op: "trash" as const,
    path,
    trashPath: `.cleanspace-trash/2026-11-24/${path}`,
    size: 1,
    mtime: 1,
    hash: null,
  });
  it("skips a torn last line and knows what is still to undo, batch by batch", () => {
    const text =
      [
        rec("b1", "x"),
        rec("b2", "y"),
        rec("b2", "z"),
        { v: 1, batch: "u", at: "2026-11-24T00:00:00.000Z", by: "cli", op: "restore", undoes: "b2", path: "z" },
      ]
        .map((r) => formatJournalRecord(r as never))
        .join("") + '{"v":1,"batch":"b3","op":"tra';
    const { records, skipped } = parseJournal(text);
    expect(skipped).toBe(1);
    const open = outstandingRecords(records);
    expect(open.map((r) => r.path)).toEqual(["x", "y"]);
    expect(lastBatch(open).map((r) => r.path)).toEqual(["y"]);
  });
  it("names trash files like the web app: (2), (3)… before the extension", () => {
    const taken = new Set([".cleanspace-trash/d/a/b.jpg", ".cleanspace-trash/d/a/b (2).jpg"]);
    expect(trashPathFor("a/b.jpg", "d", (c) => taken.has(c))).toBe(".cleanspace-trash/d/a/b (3).jpg");
    expect(trashPathFor(".bashrc", "d", () => false)).toBe(".cleanspace-trash/d/.bashrc");
  });
});
