import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearScanIndex, loadScanIndex, saveScanIndex } from "../../../scan/index-store";
import { runScan } from "../../../scan/run-scan";
import { bytesOf, createMemorySource } from "../../../scan/test-helpers/memory-source";
import { autoCleanCopies, runAutoClean } from "./auto-clean";
import { describeAutoClean } from "./auto-clean-notice";
import { memoryTree, snapshot, type MemoryDir } from "./testing/memory-directory";

const FILES = {
  "Photos/a.png": bytesOf(40, 1),
  "Backup/a.png": bytesOf(40, 1),
  "Docs/c.pdf": bytesOf(30, 2),
  "Old/c.pdf": bytesOf(30, 2),
  "Docs/d.txt": bytesOf(10, 3),
};
let root: MemoryDir;
let writable = true;

// The browser's remembered folder and its permission are the edge.
vi.mock("../device-data/scan-folder", () => ({
  lastFolder: async () => root,
  folderPermission: async (_h: unknown, mode: string) => mode === "read" || writable,
}));
// Visitors only here: no server calls.
vi.mock("../cleanup-events", () => ({ newClientId: () => "x", postCleanupEvent: vi.fn(), retractCleanupEvent: vi.fn() }));

async function scanInto(metadataOnly = false) {
  const r = await runScan(
    createMemorySource(Object.entries(FILES).map(([path, bytes]) => ({ path, bytes, modified: Date.UTC(2026, 0, 1) }))),
    {
      now: Date.UTC(2026, 5, 1),
      metadataOnly,
    },
  );
  await saveScanIndex(r.items, r.summary, r.duplicates);
}

beforeEach(() => {
  root = memoryTree(FILES, { modified: Date.UTC(2026, 0, 1) });
  writable = true;
});
afterEach(() => clearScanIndex());

describe("runAutoClean (issue 16)", () => {
  it("moves exact copies — never an original — into the CleanSpace trash, and Undo puts them back", async () => {
    await scanInto();
    const before = snapshot(root);
    const outcome = await runAutoClean({ userId: null, ask: true, now: new Date(2026, 5, 1) });
    expect(outcome).toMatchObject({ kind: "moved", moved: 2, bytes: 70, failed: 0 });
    const after = snapshot(root);
    expect(Object.keys(after).filter((p) => p.startsWith(".cleanspace-trash/")).length).toBe(2);
    expect(
      Object.keys(after)
        .filter((p) => !p.startsWith(".cleanspace-trash/"))
        .sort(),
    ).toEqual(["Backup/a.png", "Docs/d.txt", "Old/c.pdf"]);
    // The device's index no longer lists them: a second run finds nothing.
    expect((await loadScanIndex())!.summary.duplicateFiles).toBe(0);
    expect(await runAutoClean({ userId: null, ask: true })).toEqual({ kind: "nothing" });

    if (outcome.kind !== "moved") throw new Error("unreachable");
    expect(await outcome.undo()).toEqual({ restored: 2, failed: 0 });
    expect(snapshot(root)).toEqual(before);
    expect((await loadScanIndex())!.summary.duplicateFiles).toBe(2);
  });

  it("scope 'photos' moves photo copies only", async () => {
    await scanInto();
    expect(await runAutoClean({ userId: null, ask: true, scope: "photos" })).toMatchObject({ kind: "moved", moved: 1, bytes: 40 });
  });

  it("says so, and moves nothing, when the folder cannot be changed or the scan compared sizes only", async () => {
    await scanInto();
    writable = false;
    const denied = await runAutoClean({ userId: null, ask: false });
    expect(denied).toEqual({ kind: "permission-denied", copies: 2, bytes: 70 });
    expect(describeAutoClean(denied).title).toBe("Permission needed");
    await scanInto(true);
    expect(await runAutoClean({ userId: null, ask: true })).toEqual({ kind: "metadata-only" });
    await clearScanIndex();
    expect(await runAutoClean({ userId: null, ask: true })).toEqual({ kind: "no-scan" });
  });

  it("never picks what is already in the trash", async () => {
    await scanInto();
    const index = (await loadScanIndex())!;
    const inTrash = index.items.map((i) =>
      i.isOriginal || i.duplicateGroup === null ? i : { ...i, path: `.cleanspace-trash/2026-06-01/${i.path}` },
    );
    expect(autoCleanCopies({ ...index, items: inTrash })).toEqual([]);
    expect(describeAutoClean({ kind: "read-only", copies: 2, bytes: 70 }).description).toContain("read-only");
  });
});
