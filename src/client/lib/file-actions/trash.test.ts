import { describe, expect, it } from "vitest";
import { UnsafePathError, splitPath } from "./handles";
import { folders, journalText, memoryTree, snapshot, type MemoryDir } from "./testing/memory-directory";
import { outstandingRecords, parseJournal } from "../../../domain/trash-journal";
import { deletePermanently, listTrash, moveToTrash, originalPathOf, restoreFromTrash, trashDay } from "./trash";
import { TRASH_DIR } from "../../../domain/scan-rules";

const DAY = new Date(2026, 10, 23, 15, 30);
const T = `${TRASH_DIR}/2026-11-23`;
const MODIFIED = 1_700_000_000_000;
const asRoot = (d: MemoryDir) => d as unknown as FileSystemDirectoryHandle;

const FILES = {
  "Photos/beach.jpg": "BEACH-ORIGINAL",
  "Photos/beach copy.jpg": "BEACH-ORIGINAL",
  "Photos/2024/beach.jpg": "BEACH-ORIGINAL",
  "Docs/report.pdf": "%PDF-1.7 report",
  "notes.txt": "hello",
};
const item = (path: string, content = FILES[path as keyof typeof FILES]) => ({
  path,
  size: new TextEncoder().encode(content).length,
  modified: MODIFIED,
});

describe.each([
  ["FileSystemFileHandle.move()", true],
  ["copy, verify, remove", false],
])("the trash mover with %s", (_label, withMove) => {
  it("moves files into .cleanspace-trash/<day>/<original path> and restores every byte", async () => {
    const root = memoryTree(FILES, { withMove, modified: MODIFIED });
    const before = snapshot(root);
    const { moved, failed } = await moveToTrash(asRoot(root), [item("Photos/beach copy.jpg"), item("Photos/2024/beach.jpg")], DAY);
    expect(failed).toEqual([]);
    expect(moved.map((m) => m.trashPath)).toEqual([`${T}/Photos/beach copy.jpg`, `${T}/Photos/2024/beach.jpg`]);
    const after = snapshot(root);
    expect(after["Photos/beach copy.jpg"]).toBeUndefined();
    expect(after["Photos/2024/beach.jpg"]).toBeUndefined();
    expect(after[`${T}/Photos/beach copy.jpg`]).toBe("BEACH-ORIGINAL");
    expect(after[`${T}/Photos/2024/beach.jpg`]).toBe("BEACH-ORIGINAL");
    expect(after["Photos/beach.jpg"]).toBe("BEACH-ORIGINAL");

    const back = await restoreFromTrash(asRoot(root), moved);
    expect(back.failed).toEqual([]);
    expect(back.restored.map((r) => r.item.path)).toEqual(["Photos/beach copy.jpg", "Photos/2024/beach.jpg"]);
    expect(snapshot(root)).toEqual(before);
    // The emptied trash folders are tidied away.
    expect(folders(root).some((f) => f.startsWith(`${TRASH_DIR}/`))).toBe(false);
  });

  it("never overwrites: a second file of the same name the same day gets a new name", async () => {
    const root = memoryTree(FILES, { withMove, modified: MODIFIED });
    await moveToTrash(asRoot(root), [item("notes.txt")], DAY);
    (await root.getFileHandle("notes.txt", { create: true })).bytes = new TextEncoder().encode("second");
    const file = await root.getFileHandle("notes.txt");
    file.lastModified = MODIFIED;
    const { moved } = await moveToTrash(asRoot(root), [item("notes.txt", "second")], DAY);
    expect(moved[0]!.trashPath).toBe(`${T}/notes (2).txt`);
    expect(snapshot(root)[`${T}/notes.txt`]).toBe("hello");
    expect(snapshot(root)[`${T}/notes (2).txt`]).toBe("second");
  });

  it("leaves a file alone when it changed since the scan or is gone, and goes on with the rest", async () => {
    const root = memoryTree(FILES, { withMove, modified: MODIFIED });
    const { moved, failed } = await moveToTrash(
      asRoot(root),
      [
        { ...item("notes.txt"), size: 999 },
        { ...item("Docs/report.pdf"), modified: 1 },
        item("missing.jpg", "x"),
        item("Photos/beach copy.jpg"),
      ],
      DAY,
    );
    expect(moved.map((m) => m.item.path)).toEqual(["Photos/beach copy.jpg"]);
    expect(failed.map((f) => [f.item.path, f.reason])).toEqual([
      ["notes.txt", "The file changed since the scan; scan again before moving it"],
      ["Docs/report.pdf", "The file changed since the scan; scan again before moving it"],
      ["missing.jpg", "The file is no longer there"],
    ]);
    expect(snapshot(root)["notes.txt"]).toBe("hello");
  });

  it("refuses to put a file back over one that took its place", async () => {
    const root = memoryTree(FILES, { withMove, modified: MODIFIED });
    const { moved } = await moveToTrash(asRoot(root), [item("notes.txt")], DAY);
    (await root.getFileHandle("notes.txt", { create: true })).bytes = new TextEncoder().encode("new notes");
    const back = await restoreFromTrash(asRoot(root), moved);
    expect(back.restored).toEqual([]);
    expect(back.failed[0]!.reason).toBe("Another file now has this name in its old place");
    expect(snapshot(root)["notes.txt"]).toBe("new notes");
    expect(snapshot(root)[`${T}/notes.txt`]).toBe("hello");
  });

  it("lists the trash and deletes permanently only inside it", async () => {
    const root = memoryTree(FILES, { withMove, modified: MODIFIED });
    await moveToTrash(asRoot(root), [item("Photos/beach copy.jpg"), item("notes.txt")], DAY);
    const listed = await listTrash(asRoot(root));
    expect(listed.map((e) => [e.trashPath, e.originalPath, e.day, e.size])).toEqual([
      [`${T}/notes.txt`, "notes.txt", "2026-11-23", 5],
      [`${T}/Photos/beach copy.jpg`, "Photos/beach copy.jpg", "2026-11-23", 14],
    ]);
    const result = await deletePermanently(asRoot(root), [`${T}/notes.txt`, "Docs/report.pdf", `${TRASH_DIR}/../Docs/report.pdf`]);
    expect(result.deleted).toEqual([`${T}/notes.txt`]);
    expect(result.failed.map((f) => f.item)).toEqual(["Docs/report.pdf", `${TRASH_DIR}/../Docs/report.pdf`]);
    expect(snapshot(root)["Docs/report.pdf"]).toBe("%PDF-1.7 report");
    await deletePermanently(asRoot(root), [`${T}/Photos/beach copy.jpg`]);
    expect(await listTrash(asRoot(root))).toEqual([]);
    expect(folders(root).some((f) => f.startsWith(`${TRASH_DIR}/`))).toBe(false);
  });
});

describe("copy fallback safety", () => {
  it("keeps the original when the copy comes out short", async () => {
    const root = memoryTree(FILES, { withMove: false, truncateCopiesBy: 1, modified: MODIFIED });
    const { moved, failed } = await moveToTrash(asRoot(root), [item("Docs/report.pdf")], DAY);
    expect(moved).toEqual([]);
    expect(failed[0]!.reason).toMatch(/The copy has 14 bytes instead of 15/);
    expect(snapshot(root)["Docs/report.pdf"]).toBe("%PDF-1.7 report");
    expect(folders(root).some((f) => f.startsWith(`${TRASH_DIR}/`))).toBe(false);
  });

  it("reports the restored file's new time, since a copy cannot keep the old one", async () => {
    let clock = 5_000;
    const root = memoryTree(FILES, { withMove: false, modified: MODIFIED, now: () => ++clock });
    const { moved } = await moveToTrash(asRoot(root), [item("notes.txt")], DAY);
    const { restored } = await restoreFromTrash(asRoot(root), moved);
    expect(restored[0]!.modified).toBeGreaterThan(5_000);
  });
});

describe("the trash journal (shared with the CLI)", () => {
  const open = (root: MemoryDir) => outstandingRecords(parseJournal(journalText(root)).records);

  it("records each move before it happens and closes the record on restore, on delete and on a failed move", async () => {
    const root = memoryTree(FILES, { withMove: false, modified: MODIFIED });
    const { moved } = await moveToTrash(asRoot(root), [item("Photos/beach copy.jpg"), item("notes.txt")], DAY);
    const { records, skipped } = parseJournal(journalText(root));
    expect(skipped).toBe(0);
    expect(records).toEqual([
      expect.objectContaining({
        v: 1,
        op: "trash",
        by: "web",
        path: "Photos/beach copy.jpg",
        trashPath: `${T}/Photos/beach copy.jpg`,
        size: 14,
        mtime: MODIFIED,
        hash: null,
      }),
      expect.objectContaining({ op: "trash", path: "notes.txt", trashPath: `${T}/notes.txt` }),
    ]);
    expect(new Set(records.map((r) => r.batch)).size).toBe(1);
    await restoreFromTrash(asRoot(root), [moved[0]!]);
    expect(open(root).map((r) => r.path)).toEqual(["notes.txt"]);
    await deletePermanently(asRoot(root), [`${T}/notes.txt`]);
    expect(open(root)).toEqual([]);

    const short = memoryTree(FILES, { withMove: false, truncateCopiesBy: 1, modified: MODIFIED });
    await moveToTrash(asRoot(short), [item("Docs/report.pdf")], DAY);
    expect(parseJournal(journalText(short)).records.map((r) => r.op)).toEqual(["trash", "restore"]);
    expect(open(short)).toEqual([]);
  });

  it("lists and restores what the CLI moved, closing the CLI's record", async () => {
    const cliRecord = {
      v: 1,
      batch: "2026-11-23T10:00:00.000Z-cli001",
      at: "2026-11-23T10:00:00.000Z",
      by: "cli",
      op: "trash",
      path: "Docs/old notes.txt",
      trashPath: `${T}/Docs/old notes.txt`,
      size: 5,
      mtime: MODIFIED,
      hash: `sha256:${"0".repeat(64)}`,
    };
    const root = memoryTree(
      { ...FILES, [`${T}/Docs/old notes.txt`]: "hello", [`${TRASH_DIR}/journal.jsonl`]: `${JSON.stringify(cliRecord)}\n` },
      { modified: MODIFIED },
    );
    const [entry] = await listTrash(asRoot(root));
    expect(entry).toMatchObject({ originalPath: "Docs/old notes.txt", trashPath: `${T}/Docs/old notes.txt` });
    const back = await restoreFromTrash(asRoot(root), [
      { item: { path: entry!.originalPath, size: entry!.size }, trashPath: entry!.trashPath },
    ]);
    expect(back.failed).toEqual([]);
    expect(snapshot(root)["Docs/old notes.txt"]).toBe("hello");
    const { records } = parseJournal(journalText(root));
    expect(records.at(-1)).toMatchObject({ op: "restore", by: "web", undoes: cliRecord.batch, path: "Docs/old notes.txt" });
    expect(open(root)).toEqual([]);
  });
});

describe("paths", () => {
  it("never walks outside the chosen folder", async () => {
    for (const bad of ["../etc/passwd", "a//b", "/abs", "a/./b", "a\\b", ""]) expect(() => splitPath(bad)).toThrow(UnsafePathError);
    const root = memoryTree(FILES);
    const { failed } = await moveToTrash(
      asRoot(root),
      [
        { path: "../x", size: 1 },
        { path: `${T}/notes.txt`, size: 5 },
      ],
      DAY,
    );
    expect(failed.map((f) => f.reason)).toEqual(["Unsafe path: ../x", "This file is already in the CleanSpace trash"]);
  });

  it("names the day in local time and maps trash paths back", () => {
    expect(trashDay(new Date(2026, 0, 5, 23, 59))).toBe("2026-01-05");
    expect(originalPathOf(`${TRASH_DIR}/2026-01-05/a/b.jpg`)).toBe("a/b.jpg");
    expect(originalPathOf(`${TRASH_DIR}/later/a.jpg`)).toBeNull();
    expect(originalPathOf("a/b.jpg")).toBeNull();
  });
});

describe("a copy and its kept file (issue 36: one file, two paths)", () => {
  it("refuses, at the moment of the move, a copy the browser reports as the same entry as the kept file (isSameEntry), with the CLI's words", async () => {
    const root = memoryTree(FILES, { modified: MODIFIED });
    const copy = await (await root.getDirectoryHandle("Photos")).getFileHandle("beach copy.jpg");
    copy.sameAs = await (await root.getDirectoryHandle("Photos")).getFileHandle("beach.jpg");
    const before = snapshot(root);
    const { moved, failed } = await moveToTrash(
      asRoot(root),
      [
        { ...item("Photos/beach copy.jpg"), keepPath: "Photos/beach.jpg" },
        { ...item("Photos/2024/beach.jpg"), keepPath: "Photos/beach.jpg" },
      ],
      DAY,
    );
    expect(failed.map((f) => [f.item.path, f.reason])).toEqual([
      [
        "Photos/beach copy.jpg",
        "It is the same file as “Photos/beach.jpg”, reached by another name (a link or a mount): removing it would remove the copy that stays",
      ],
    ]);
    expect(moved.map((m) => m.item.path)).toEqual(["Photos/2024/beach.jpg"]);
    expect(snapshot(root)["Photos/beach copy.jpg"]).toBe(before["Photos/beach copy.jpg"]);
    // Its journal record is closed: undo will not look for it.
    expect(outstandingRecords(parseJournal(journalText(root)).records).map((r) => r.path)).toEqual(["Photos/2024/beach.jpg"]);
  });

  it("refuses a copy whose kept file is gone by the time it moves", async () => {
    const root = memoryTree(FILES, { modified: MODIFIED });
    await (await root.getDirectoryHandle("Photos")).removeEntry("beach.jpg");
    const { moved, failed } = await moveToTrash(asRoot(root), [{ ...item("Photos/beach copy.jpg"), keepPath: "Photos/beach.jpg" }], DAY);
    expect(moved).toEqual([]);
    expect(failed[0]!.reason).toBe("The copy to keep, “Photos/beach.jpg”, is no longer there");
    expect(snapshot(root)["Photos/beach copy.jpg"]).toBe("BEACH-ORIGINAL");
  });
});
