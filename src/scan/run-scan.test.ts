import { describe, expect, it } from "vitest";
import { LARGE_FILE_BYTES, OLD_FILE_AGE_MS, SCAN_STAGES } from "../domain/scan-rules";
import { ScanSummarySchema } from "../domain/schemas/scan-summary";
import { runScan } from "./run-scan";
import { type MemoryFile, bytesOf, createMemorySource } from "./test-helpers/memory-source";
import type { ScanProgress } from "./types";

const NOW = Date.UTC(2025, 5, 1);
const manyFiles = (n: number): MemoryFile[] =>
  Array.from({ length: n }, (_, i) => ({ path: `dir${i % 7}/IMG_${i}.jpg`, bytes: bytesOf(16 + (i % 50), i + 1) }));

describe("runScan", () => {
  it("walks the spec §4 stages in order with progress = position / 5", async () => {
    const seen: ScanProgress[] = [];
    await runScan(createMemorySource(manyFiles(20)), { now: NOW, onProgress: (p) => seen.push(p) });
    const stages = seen.map((p) => p.stage).filter((s, i, all) => all[i - 1] !== s);
    expect(stages).toEqual([...SCAN_STAGES]);
    const byStage = new Map(seen.map((p) => [p.stage, p.progress]));
    expect([...byStage.values()]).toEqual([0.2, 0.4, 0.6, 0.8, 1, 1]);
    expect(seen.at(-1)?.counts).toEqual({ files: 20, photos: 20, apps: 0, email: 0 });
  });

  it("reports live counts while walking, throttled to every 250 files", async () => {
    const seen: ScanProgress[] = [];
    const frozenClock = { clock: () => 0, everyMs: 100 };
    await runScan(createMemorySource(manyFiles(1000)), {
      now: NOW,
      metadataOnly: true,
      onProgress: (p) => seen.push(p),
      progressThrottle: frozenClock,
    });
    const walking = seen.filter((p) => p.detail?.phase === "walk").map((p) => p.counts.files);
    expect(walking).toEqual([250, 500, 750, 1000]);
  });

  it("classifies items: type, category, large, old", async () => {
    const result = await runScan(
      createMemorySource([
        { path: "Pictures/a.JPG", bytes: bytesOf(10, 1), modified: NOW - OLD_FILE_AGE_MS - 1 },
        { path: "Docs/b.pdf", bytes: bytesOf(10, 2), modified: NOW },
        { path: "setup.exe", bytes: bytesOf(10, 3), modified: NOW, type: "application/x-msdownload" },
        { path: "notes", bytes: bytesOf(10, 4), modified: NOW },
      ]),
      { now: NOW },
    );
    expect(result.items.map((i) => [i.id, i.path, i.type, i.category, i.isOld])).toEqual([
      [1, "Pictures/a.JPG", "image/jpeg", "photo", true],
      [2, "Docs/b.pdf", "application/pdf", "document", false],
      [3, "setup.exe", "application/x-msdownload", "application", false],
      [4, "notes", "", "other", false],
    ]);
    expect(result.summary.oldFiles).toBe(1);
    expect(result.summary.photosCount).toBe(1);
    expect(ScanSummarySchema.parse(result.summary)).toEqual(result.summary);
  });

  it("flags files over 100 MiB as large without reading them", async () => {
    const source = createMemorySource([]);
    const huge = { path: "big.iso", bytes: new Uint8Array(0), modified: NOW };
    // A fake size: the large rule needs metadata only.
    const walk = source.walk.bind(source);
    source.walk = async function* (signal) {
      for await (const batch of walk(signal)) yield batch;
      yield [{ path: huge.path, name: "big.iso", size: LARGE_FILE_BYTES + 1, modified: NOW, type: "", ref: huge }];
    };
    const result = await runScan(source, { now: NOW });
    expect(result.items[0]?.isLarge).toBe(true);
    expect(result.summary.largeFiles).toBe(1);
    expect(result.summary.largeBytes).toBe(LARGE_FILE_BYTES + 1);
    expect(source.reads).toEqual([]);
  });

  it("counts apps it is given and keeps email at 0", async () => {
    const result = await runScan(createMemorySource(manyFiles(2)), {
      now: NOW,
      apps: [
        { name: "Chrome", isInstalled: true, category: "browser", lastUsed: NOW },
        { name: "Old", isInstalled: true, category: "system", lastUsed: NOW - 100 * 86_400_000 },
      ],
    });
    expect(result.summary.appsCount).toBe(2);
    expect(result.summary.appsUnused).toBe(1);
    expect(result.summary.emailCount).toBe(0);
  });

  it("stops with an AbortError when aborted before it starts", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(runScan(createMemorySource(manyFiles(5)), { signal: controller.signal })).rejects.toMatchObject({ name: "AbortError" });
  });

  it("stops with an AbortError when aborted during the walk", async () => {
    const controller = new AbortController();
    const source = createMemorySource(manyFiles(1000), { batch: 10, onBatch: (n) => n === 3 && controller.abort() });
    const seen: ScanProgress[] = [];
    await expect(runScan(source, { signal: controller.signal, onProgress: (p) => seen.push(p) })).rejects.toMatchObject({
      name: "AbortError",
    });
    expect(seen.some((p) => p.stage === "complete")).toBe(false);
  });

  it("stops with an AbortError when aborted while hashing", async () => {
    const controller = new AbortController();
    const same = bytesOf(100, 1);
    const files = Array.from({ length: 300 }, (_, i) => ({ path: `f${i}`, bytes: same }));
    const run = runScan(createMemorySource(files), {
      signal: controller.signal,
      onProgress: (p) => p.detail?.phase === "hash" && controller.abort(),
      progressThrottle: { everyTicks: 1 },
    });
    await expect(run).rejects.toMatchObject({ name: "AbortError" });
  });

  it("adds photo dimensions when asked", async () => {
    const png = new Uint8Array(32);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 1, 0, 0, 0, 0, 200]);
    const result = await runScan(createMemorySource([{ path: "p.png", bytes: png }]), { now: NOW, photoDimensions: true });
    expect(result.items[0]).toMatchObject({ width: 256, height: 200 });
  });
});
