import { describe, expect, it } from "vitest";
import { runScan } from "../run-scan";
import { fakeFolder } from "../test-helpers/fake-folder";
import { createDirectoryHandleSource } from "./directory-handle";

const file = (name: string, text: string) => new File([text], name, { type: "text/plain", lastModified: 1_700_000_000_000 });

describe("createDirectoryHandleSource", () => {
  it("walks nested folders, keeps no per-file handle (actions resolve root + path), and counts what it cannot read", async () => {
    const root = fakeFolder("root", {
      "a.txt": file("a.txt", "same"),
      sub: { "b.txt": file("b.txt", "same"), deeper: { "c.txt": file("c.txt", "other") } },
      gone: "broken-dir",
      "vanished.txt": "broken-file",
    });
    const result = await runScan(createDirectoryHandleSource(root), { now: 1_800_000_000_000 });
    expect(result.items.map((i) => i.path).sort()).toEqual(["a.txt", "sub/b.txt", "sub/deeper/c.txt"]);
    expect(result.items.some((i) => "handle" in i)).toBe(false);
    expect(result.skipped.unreadable).toBe(2);
    expect(result.duplicates).toHaveLength(1);
  });

  it("never walks into the CleanSpace trash, at any depth (issue 16)", async () => {
    const root = fakeFolder("root", {
      "a.txt": file("a.txt", "same"),
      ".cleanspace-trash": { "2026-11-23": { "b.txt": file("b.txt", "same") } },
      sub: { ".cleanspace-trash": { "2026-11-23": { "c.txt": file("c.txt", "same") } }, "d.txt": file("d.txt", "other") },
    });
    const result = await runScan(createDirectoryHandleSource(root), { now: 1_800_000_000_000 });
    expect(result.items.map((i) => i.path).sort()).toEqual(["a.txt", "sub/d.txt"]);
    expect(result.duplicates).toHaveLength(0);
    expect(result.summary.totalFiles).toBe(2);
  });

  it("refuses to start without read permission", async () => {
    const source = createDirectoryHandleSource(fakeFolder("root", {}, { permission: "prompt" }));
    await expect(runScan(source)).rejects.toMatchObject({ name: "ScanAccessError", problem: "permission-denied" });
  });
});
