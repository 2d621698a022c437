import { describe, expect, it } from "vitest";
import { ScanSummarySchema } from "../domain/schemas/scan-summary";
import { PARTIAL_BLOCK_BYTES, WHOLE_FILE_FIRST_PASS_BYTES } from "./core/key-ranges";
import { runScan } from "./run-scan";
import { type MemoryFile, bytesOf, createMemorySource, withByte } from "./test-helpers/memory-source";
import type { ScanResult } from "./types";

const NOW = Date.UTC(2025, 5, 1);
const scan = (files: MemoryFile[], metadataOnly = false) => runScan(createMemorySource(files), { now: NOW, metadataOnly });
const groupPaths = (result: ScanResult): string[][] => {
  const pathOf = new Map(result.items.map((i) => [i.id, i.path]));
  return result.duplicates.map((g) => g.itemIds.map((id) => pathOf.get(id) ?? "?"));
};

describe("findDuplicates (through runScan)", () => {
  it("groups identical content and never same-size different content", async () => {
    const a = bytesOf(1000, 1);
    const result = await scan([
      { path: "a/one.jpg", bytes: a },
      { path: "b/two.jpg", bytes: a.slice() },
      { path: "c/other.jpg", bytes: bytesOf(1000, 2) },
    ]);
    expect(groupPaths(result)).toEqual([["a/one.jpg", "b/two.jpg"]]);
    expect(result.summary.duplicateFiles).toBe(1);
    expect(result.summary.duplicateBytes).toBe(1000);
    expect(result.duplicates[0]?.possible).toBe(false);
    expect(ScanSummarySchema.safeParse(result.summary).success).toBe(true);
  });

  it.each([
    ["a small file (hashed whole at once)", 20 * 1024],
    ["a large file (first/last blocks, then the full pass)", 3 * WHOLE_FILE_FIRST_PASS_BYTES + 123],
  ])("tells apart %s that differs only in the middle", async (_label, size) => {
    const base = bytesOf(size, 7);
    const middle = Math.floor(size / 2);
    expect(middle).toBeGreaterThan(PARTIAL_BLOCK_BYTES);
    const result = await scan([
      { path: "x", bytes: base },
      { path: "y", bytes: withByte(base, middle, (base[middle] ?? 0) ^ 0xff) },
      { path: "z", bytes: base.slice() },
    ]);
    expect(groupPaths(result)).toEqual([["x", "z"]]);
  });

  it("tells apart files that differ only in the last byte or the first", async () => {
    const base = bytesOf(200_000, 9);
    const result = await scan([
      { path: "p", bytes: base },
      { path: "q", bytes: withByte(base, base.length - 1, (base[base.length - 1] ?? 0) ^ 1) },
      { path: "r", bytes: withByte(base, 0, (base[0] ?? 0) ^ 1) },
    ]);
    expect(result.duplicates).toEqual([]);
  });

  it("reports zero-byte files apart, never as duplicates", async () => {
    const result = await scan([
      { path: "empty1", bytes: new Uint8Array() },
      { path: "empty2", bytes: new Uint8Array() },
      { path: "d/empty3", bytes: new Uint8Array() },
    ]);
    expect(result.duplicates).toEqual([]);
    expect(result.summary.emptyFiles).toBe(3);
    expect(result.summary.duplicateFiles).toBe(0);
  });

  it("counts hard links to one file once and never as a wasted copy", async () => {
    const bytes = bytesOf(5000, 3);
    const result = await scan([
      { path: "z/link", bytes, fileId: "1:42" },
      { path: "a/original", bytes, fileId: "1:42" },
      { path: "solo", bytes: bytesOf(5000, 4) },
    ]);
    expect(result.duplicates).toEqual([]);
    expect(result.hardLinks).toBe(1);
    expect(result.items.map((i) => i.path).sort()).toEqual(["a/original", "solo"]);
    expect(result.summary.totalBytes).toBe(10_000);
  });

  it("keeps the oldest file as the original, then the shortest path, then code-unit order", async () => {
    const bytes = bytesOf(300, 5);
    const result = await scan([
      { path: "newer/short", bytes, modified: NOW - 1000 },
      { path: "older/but/a/longer/path", bytes, modified: NOW - 2000 },
      { path: "b/same-age", bytes, modified: NOW - 2000 },
      { path: "a/same-age", bytes, modified: NOW - 2000 },
    ]);
    const [group] = result.duplicates;
    const byId = new Map(result.items.map((i) => [i.id, i]));
    expect(byId.get(group?.originalId ?? -1)?.path).toBe("a/same-age");
    expect(groupPaths(result)[0]).toEqual(["a/same-age", "b/same-age", "newer/short", "older/but/a/longer/path"]);
    expect(result.items.filter((i) => i.isOriginal).map((i) => i.path)).toEqual(["a/same-age"]);
    expect(result.items.every((i) => i.duplicateGroup === group?.id)).toBe(true);
    expect(group?.wastedBytes).toBe(900);
  });

  it("sorts groups by wasted bytes and numbers them from 1", async () => {
    const small = bytesOf(10, 1);
    const big = bytesOf(100, 2);
    const result = await scan([
      { path: "s1", bytes: small },
      { path: "s2", bytes: small },
      { path: "s3", bytes: small },
      { path: "b1", bytes: big },
      { path: "b2", bytes: big },
    ]);
    expect(result.duplicates.map((g) => [g.id, g.wastedBytes])).toEqual([
      [1, 100],
      [2, 20],
    ]);
  });

  it("leaves an unreadable candidate out of every group and counts it", async () => {
    const bytes = bytesOf(64, 1);
    const result = await scan([
      { path: "ok1", bytes },
      { path: "ok2", bytes },
      { path: "locked", bytes, unreadable: true },
    ]);
    expect(groupPaths(result)).toEqual([["ok1", "ok2"]]);
    expect(result.skipped.unreadable).toBe(1);
    expect(result.summary.skipped).toBe(1);
  });

  it("reads many files in flight; one unreadable file among them leaves the others' keys alone", async () => {
    const bytes = bytesOf(64, 1);
    const files: MemoryFile[] = Array.from({ length: 300 }, (_, i) => ({ path: `f${i}`, bytes: i % 2 ? bytes : bytesOf(64, i + 2) }));
    files[7] = { path: "locked", bytes, unreadable: true };
    const result = await runScan(createMemorySource(files), { now: NOW });
    expect(result.duplicates).toHaveLength(1);
    expect(result.duplicates[0]?.itemIds).toHaveLength(149); // 150 odd-numbered copies, one of them locked
    expect(result.skipped.unreadable).toBe(1);
  });

  it("metadata-only mode reads no byte and labels same-size files possible duplicates", async () => {
    const base = bytesOf(4096, 1);
    const source = createMemorySource([
      { path: "a", bytes: base },
      { path: "b", bytes: bytesOf(4096, 2) },
      { path: "c", bytes: new Uint8Array() },
      { path: "d", bytes: new Uint8Array() },
    ]);
    const result = await runScan(source, { now: NOW, metadataOnly: true });
    expect(source.reads).toEqual([]);
    expect(result.metadataOnly).toBe(true);
    expect(result.summary.metadataOnly).toBe(true);
    expect(result.duplicates).toHaveLength(1);
    expect(result.duplicates[0]?.possible).toBe(true);
    expect(result.summary.emptyFiles).toBe(2);
  });

  it("reads only first and last blocks of large files whose partial hashes differ", async () => {
    const size = 10 * WHOLE_FILE_FIRST_PASS_BYTES;
    const source = createMemorySource([
      { path: "a", bytes: bytesOf(size, 1) },
      { path: "b", bytes: bytesOf(size, 2) },
    ]);
    await runScan(source, { now: NOW });
    const read = source.reads.reduce((sum, r) => sum + (r.end - r.start), 0);
    expect(read).toBe(2 * 2 * PARTIAL_BLOCK_BYTES);
  });
});
