import { describe, expect, it } from "vitest";
import { FileTable } from "./file-table";

describe("FileTable", () => {
  it("grows past its capacity and answers paths", () => {
    const table = new FileTable(2, 1);
    const root = table.addDir("", 1, 10);
    table.addFile(root, "top.txt", 3, 1000, 1000.5, 7, 1);
    const sub = table.addDir("a/b", 1, 11);
    for (let n = 0; n < 5; n++) table.addFile(sub, `f${n}`, n, 2000 + n, 2000, 20 + n, 1);
    expect(table.fileCount).toBe(6);
    expect(table.dirCount).toBe(2);
    expect(table.path(0)).toBe("top.txt");
    expect(table.path(5)).toBe("a/b/f4");
    expect(table.size[5]).toBe(4);
    expect(table.dirFileCount[1]).toBe(5);
  });
});
