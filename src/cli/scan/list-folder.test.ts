import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { FileTable } from "./file-table";
import { createWalker, listFolder } from "./list-folder";

const work = fs.mkdtempSync(join(tmpdir(), "cs-list-folder-"));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

describe("listFolder", () => {
  it("calls `during` every 128 files within a folder, with those files already in the table", () => {
    for (let i = 0; i < 300; i++) fs.writeFileSync(join(work, `f${i}`), "");
    fs.mkdirSync(join(work, "sub"));
    const table = new FileTable();
    const walker = createWalker(fs, work, table);
    const seenAt: number[] = [];
    walker.during = () => seenAt.push(table.fileCount);
    const pending: string[] = [];
    expect(listFolder(walker, "", pending)).toBe(1);
    expect(pending).toEqual(["sub"]);
    expect(table.fileCount).toBe(300);
    expect(seenAt).toEqual([128, 256]);
  });
});
