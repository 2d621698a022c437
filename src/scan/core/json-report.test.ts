import { describe, expect, it } from "vitest";
import { summarizeScan } from "./summarize";
import type { ScanItem, ScanResult } from "../types";
import { byModifiedThenPath, toJsonReport } from "./json-report";

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

describe("byModifiedThenPath", () => {
  const comparator = (list: ScanItem[]) =>
    [...list].sort((a, b) => a.modified - b.modified || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));

  it("orders as the comparator: ties by path, any count, times near the packing limit", () => {
    let seed = 7;
    const rand = (m: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed % m;
    };
    for (const n of [0, 1, 2, 3, 17, 1000]) {
      for (const span of [1, 5, 1e6, 2 ** 40]) {
        const items = Array.from({ length: n }, (_, k) => item(k + 1, `p${rand(50)}/${k}`, 1, NOW - 400 * DAY - (rand(1e9) % span)));
        expect(byModifiedThenPath(items)).toEqual(comparator(items));
      }
    }
  });

  it("falls back to the comparator for fractions, NaN and spans too wide to pack", () => {
    const lists = [
      [item(1, "b", 1, 1.5), item(2, "a", 1, 1.25), item(3, "c", 1, 1.5)],
      [item(1, "b", 1, 5), item(2, "a", 1, Number.NaN), item(3, "c", 1, 2)],
      [item(1, "b", 1, 0), item(2, "a", 1, 2 ** 52), item(3, "c", 1, 2 ** 52), item(4, "d", 1, 7)],
    ];
    for (const list of lists) expect(byModifiedThenPath(list)).toEqual(comparator(list));
  });
});
