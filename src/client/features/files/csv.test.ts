import { describe, expect, it } from "vitest";
import { CSV_HEADER, selectionCsv } from "./csv";
import type { OrganizeItem } from "../../lib/device-data/organize-item";

const base: OrganizeItem = {
  id: 1,
  key: "file:a",
  kind: "file",
  path: "Docs/a.pdf",
  name: "a.pdf",
  size: 2_500_000,
  type: "application/pdf",
  category: "document",
  modified: Date.UTC(2026, 0, 2, 3, 4, 5),
  isLarge: false,
  isOld: true,
  duplicateGroup: 3,
  isOriginal: false,
};

describe("selectionCsv", () => {
  it("writes a header and one row per item, with readable size and ISO time", () => {
    const csv = selectionCsv([base]);
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe(CSV_HEADER.join(","));
    expect(lines[1]).toBe("a.pdf,Docs/a.pdf,application/pdf,document,2500000,2.5 MB,2026-01-02T03:04:05.000Z,duplicate copy; old");
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe("");
  });

  it("defuses cells a spreadsheet would run as formulas", () => {
    expect(selectionCsv([{ ...base, name: "=cmd.exe", isOriginal: true, isOld: false }]).split("\r\n")[1]).toMatch(
      /^'=cmd\.exe,.*,original$/,
    );
  });

  it("says 'possible duplicate' for size-only scans and leaves unknown times empty", () => {
    const row = selectionCsv([{ ...base, possibleDuplicate: true, isOld: false, modified: 0 }]).split("\r\n")[1]!;
    expect(row.endsWith(",,possible duplicate")).toBe(true);
  });
});
