import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sharedBenchDir } from "../../e2e/support/shared-bench";
import { jsonReportFromColumns } from "./report-json-columns";
import { toJsonReport } from "./report-json";
import { type TreeScanOptions, scanColumns, scanTree } from "./scan/tree-scan";

const NOW = 1_750_000_000_000;
let work: string;
let corpus: string;
let edges: string;

beforeAll(() => {
  work = fs.mkdtempSync(join(tmpdir(), "cs-report-columns-"));
  corpus = join(work, "corpus");
  execFileSync(
    process.execPath,
    [join(sharedBenchDir(), "make-corpus.mjs"), corpus, "--files", "600", "--seed", "3", "--max-bytes", "12M", "--now", String(NOW)],
    { stdio: "ignore" },
  );
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

async function both(dir: string, options: TreeScanOptions) {
  const fromItems = JSON.stringify(toJsonReport(dir, await scanTree(dir, options)));
  const fromColumns = JSON.stringify(jsonReportFromColumns(dir, await scanColumns(dir, options)));
  return { fromItems, fromColumns };
}

describe("jsonReportFromColumns", () => {
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
