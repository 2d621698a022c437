import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAKE_CORPUS } from "../../e2e/support/corpus-tools";
import { WalkFacts, jsonReportText } from "./report-json-columns";
import { toJsonReport } from "./report-json";
import { FileTable } from "./scan/file-table";
import { type TreeScanOptions, scanColumns, scanTree } from "./scan/tree-scan";

const NOW = 1_750_000_000_000;
let work: string;
let corpus: string;
let edges: string;

beforeAll(() => {
  work = fs.mkdtempSync(join(tmpdir(), "cs-report-columns-"));
  corpus = join(work, "corpus");
  execFileSync(process.execPath, [MAKE_CORPUS, corpus, "--files", "600", "--seed", "3", "--max-bytes", "12M", "--now", String(NOW)], {
    stdio: "ignore",
  });
  // Hard links, an unreadable-looking file set, empty files, large sparse files, photos copied, odd names, equal times.
  edges = join(work, "edges");
  fs.mkdirSync(join(edges, "a", "b"), { recursive: true });
  fs.writeFileSync(join(edges, "a", "one.jpg"), "same photo bytes");
  fs.writeFileSync(join(edges, "two.jpg"), "same photo bytes");
  fs.writeFileSync(join(edges, "a", "b", "three.jpg"), "same photo bytes");
  fs.writeFileSync(join(edges, "data.bin"), "linked bytes");
  fs.linkSync(join(edges, "data.bin"), join(edges, "a", "alias.bin"));
  fs.writeFileSync(join(edges, "copy.bin"), "linked bytes");
  fs.writeFileSync(join(edges, "empty-1"), "");
  fs.writeFileSync(join(edges, "a", "empty-2"), "");
  for (const name of ["big-1.iso", "big-2.iso"]) {
    const fd = fs.openSync(join(edges, name), "w");
    fs.ftruncateSync(fd, 101 * 1024 * 1024); // sparse: "large" without the bytes
    fs.closeSync(fd);
  }
  for (const name of ["line\nbreak.txt", "ünï 照片.jpg", "quote\"'.txt"]) fs.writeFileSync(join(edges, "a", name), "odd names alike");
  for (const name of ["a/one.jpg", "two.jpg", "copy.bin", "a/line\nbreak.txt", "big-1.iso"]) {
    fs.utimesSync(join(edges, name), 1_600_000_000, 1_600_000_000); // equal old times: ordered by path
  }
}, 120_000);

afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** The report from the items, and from the columns two ways: with the walk facts made after the scan and during it. */
async function both(dir: string, options: TreeScanOptions) {
  const fromItems = JSON.stringify(toJsonReport(dir, await scanTree(dir, options)));
  const scanned = await scanColumns(dir, options);
  const fromColumns = jsonReportText(dir, scanned).text;
  let facts: WalkFacts | null = null;
  const during = await scanColumns(dir, {
    ...options,
    besideKeys: (table, itemFiles, nowMs) => (facts = new WalkFacts(table, itemFiles, nowMs)),
  });
  expect((facts as WalkFacts | null)?.done).toBe(true);
  expect(jsonReportText(dir, during, facts).text).toBe(fromColumns);
  return { fromItems, fromColumns };
}

describe("jsonReportText", () => {
  it("makes the walk facts in slices of at most 512 files, the same facts as in one go", () => {
    const table = new FileTable();
    const dir = table.addDir("", 1, 1);
    const old = NOW - 400 * 86_400_000;
    for (let i = 0; i < 3000; i++)
      table.addFile(dir, `f${i % 7}-${i}.${["jpg", "txt", "mp4"][i % 3]}`, i % 5 === 0 ? 0 : i * 1000, i % 2 ? old + (i % 3) : NOW, 0, i);
    const itemFiles = Int32Array.from({ length: 3000 }, (_, i) => i);
    const sliced = new WalkFacts(table, itemFiles, NOW);
    let steps = 0;
    while (sliced.step()) steps++;
    expect(steps).toBeGreaterThanOrEqual(Math.ceil(3000 / 512) + Math.ceil(1500 / 512));
    expect(sliced.step()).toBe(false);
    const whole = new WalkFacts(table, itemFiles, NOW).finish();
    const entries = JSON.parse(sliced.oldJson) as { path: string; size: number; modified: string }[];
    expect(JSON.stringify(entries)).toBe(sliced.oldJson); // the slices' JSON joined is the array's JSON
    expect(sliced.oldJson).toBe(whole.oldJson);
    expect(entries).toHaveLength(1500);
    expect(sliced.oldCount).toBe(1500);
    expect(entries.map((o) => o.modified)).toEqual([...entries.map((o) => o.modified)].sort());
    expect(JSON.parse(sliced.emptyJson)).toEqual(whole.empty);
    expect(sliced.empty).toHaveLength(600);
    expect([...sliced.count]).toEqual([...whole.count]);
  });

  it("writes the report toJsonReport writes from the items, on a generated corpus and on edge cases", async () => {
    for (const dir of [corpus, edges]) {
      for (const metadataOnly of [false, true]) {
        const { fromItems, fromColumns } = await both(dir, { now: NOW, cache: null, metadataOnly });
        expect(fromColumns).toBe(fromItems);
      }
    }
    const report = JSON.parse((await both(edges, { now: NOW, cache: null })).fromColumns);
    expect(report.hardLinks).toBe(1);
    expect(report.large).toHaveLength(2);
    expect(report.summary.photosDuplicates).toBe(3); // two copies of one.jpg, and the odd-named .jpg (line\nbreak.txt, older, is kept)
    expect(report.empty).toEqual(["a/empty-2", "empty-1"]);
  });

  it("counts unreadable candidates as the items' report does", async () => {
    const unreadable = {
      ...fs,
      openSync: (() => {
        throw Object.assign(new Error("EACCES"), { code: "EACCES" });
      }) as typeof fs.openSync,
    };
    const { fromItems, fromColumns } = await both(edges, { now: NOW, cache: null, fs: unreadable });
    expect(fromColumns).toBe(fromItems);
    expect(JSON.parse(fromColumns).skippedBy.unreadable).toBeGreaterThan(0);
  });
});
