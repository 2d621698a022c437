import { describe, expect, it } from "vitest";
import { summarizeScan } from "../scan/summarize";
import type { ScanItem, ScanResult } from "../scan/types";
import { toJsonReport } from "./report-json";

const NOW = Date.UTC(2026, 0, 1);
const DAY = 86_400_000;

function item(id: number, path: string, size: number, modified: number): ScanItem {
  const isOld = NOW - modified > 183 * DAY;
  const name = path.split("/").pop() ?? path;
  return {
    id,
    path,
    name,
    size,
    type: "",
    category: "other",
    modified,
    isLarge: size > 100 * 1024 * 1024,
    isOld,
    duplicateGroup: null,
    isOriginal: false,
  };
}

describe("toJsonReport", () => {
  it("lists old files by modification time, then path; large ones by size, then path; ISO times", () => {
    const items = [
      item(1, "b/x", 5, NOW - 400 * DAY),
      item(2, "a/y", 6, NOW - 400 * DAY),
      item(3, "c", 7, NOW - 900 * DAY + 123),
      item(4, "d", 200 * 1024 * 1024, NOW - DAY),
      item(5, "a/z", 200 * 1024 * 1024, NOW - 2 * DAY),
      item(6, "e", 0, NOW - 300 * DAY),
      item(7, "f", 8, NOW),
    ];
    const skipped = { symlinks: 0, special: 0, unreadable: 0, loops: 0 };
    const summary = summarizeScan({ items, groups: [], skipped, apps: [], metadataOnly: false, nowMs: NOW });
    const result: ScanResult = { items, duplicates: [], summary, skipped, hardLinks: 0, metadataOnly: false };
    const report = toJsonReport("/root", result);
    expect(report.old.map((o) => o.path)).toEqual(["c", "a/y", "b/x", "e"]);
    expect(report.old[0]?.modified).toBe(new Date(NOW - 900 * DAY + 123).toISOString());
    expect(report.large.map((l) => l.path)).toEqual(["a/z", "d"]);
    expect(report.empty).toEqual(["e"]);
  });
});
