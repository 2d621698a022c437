import { describe, expect, it } from "vitest";
import { ScanSummarySchema } from "../../../domain/schemas/scan-summary";
import type { StoredScanIndex } from "../../../scan/index-store";
import { runScan } from "../../../scan/run-scan";
import { createPhotoStage } from "../../../scan/photos/photo-stage";
import { fakeDecoder, fakePng } from "../../../scan/test-helpers/fake-photos";
import { bytesOf, createMemorySource, type MemoryFile } from "../../../scan/test-helpers/memory-source";
import { removeFromIndex } from "./scan-index-update";

const NOW = Date.UTC(2026, 5, 1);
const same = bytesOf(4000, 1);
const FILES: MemoryFile[] = [
  { path: "Pictures/a.jpg", bytes: same },
  { path: "Pictures/b.jpg", bytes: same.slice() },
  { path: "Backup/c.jpg", bytes: same.slice() },
  { path: "Docs/x.pdf", bytes: bytesOf(300, 2) },
  { path: "Docs/y.pdf", bytes: bytesOf(300, 2) },
  { path: "empty.txt", bytes: new Uint8Array() },
];

async function indexOf(files: MemoryFile[]): Promise<StoredScanIndex> {
  const r = await runScan(createMemorySource(files), { now: NOW });
  return { items: r.items, duplicates: r.duplicates, summary: r.summary, scannedAt: r.summary.scannedAt };
}

const idsOf = (index: StoredScanIndex, paths: string[]) => new Set(index.items.filter((i) => paths.includes(i.path)).map((i) => i.id));
const view = (index: StoredScanIndex) => ({
  items: index.items.map((i) => [i.path, i.duplicateGroup !== null, i.isOriginal]).sort(),
  summary: { ...index.summary, scannedAt: "-" },
});

describe("removeFromIndex", () => {
  it.each([
    ["one copy of three", ["Backup/c.jpg"]],
    ["every copy (the group dissolves)", ["Pictures/b.jpg", "Backup/c.jpg", "Docs/y.pdf"]],
    ["the original and a copy", ["Backup/c.jpg", "Pictures/a.jpg"]],
    ["only the original (another file is kept instead)", ["Pictures/a.jpg"]],
    ["an empty file", ["empty.txt"]],
    ["nothing", []],
  ])("after removing %s, agrees with a fresh scan of what is left", async (_label, removed) => {
    const full = await indexOf(FILES);
    const updated = removeFromIndex(full, idsOf(full, removed));
    const rescan = await indexOf(FILES.filter((f) => !removed.includes(f.path)));
    expect(view(updated)).toEqual(view(rescan));
    expect(ScanSummarySchema.safeParse(updated.summary).success).toBe(true);
  });

  it("keeps the index it was given untouched, so undo can start from it", async () => {
    const full = await indexOf(FILES);
    const copy = structuredClone(full);
    const updated = removeFromIndex(full, idsOf(full, ["Pictures/b.jpg", "Backup/c.jpg"]));
    expect(full).toEqual(copy);
    // Undo: the index before the action, minus what could not be put back.
    const undone = removeFromIndex(full, idsOf(full, ["Backup/c.jpg"]));
    expect(undone.items.map((i) => i.path)).toContain("Pictures/b.jpg");
    expect(updated.items.map((i) => i.path)).not.toContain("Pictures/b.jpg");
  });

  it("takes the new modification time of files put back by copying", async () => {
    const full = await indexOf(FILES);
    const id = [...idsOf(full, ["Docs/x.pdf"])][0]!;
    const updated = removeFromIndex(full, new Set(), new Map([[id, 42]]));
    expect(updated.items.find((i) => i.id === id)!.modified).toBe(42);
  });
});

describe("removeFromIndex and the photo analysis", () => {
  const PHOTOS: MemoryFile[] = [
    fakePng("Photos/beach.png", 4000, 3000, 7),
    fakePng("Photos/beach small.png", 2000, 1500, 7),
    fakePng("Photos/beach tiny.png", 1000, 750, 7),
    fakePng("Photos/shaky.png", 4000, 3000, 9, { blurred: true }),
    fakePng("Photos/forest.png", 4000, 3000, 11),
  ];
  async function photoIndexOf(files: MemoryFile[]): Promise<StoredScanIndex> {
    const r = await runScan(createMemorySource(files), { now: NOW, photos: createPhotoStage(fakeDecoder()) });
    return { items: r.items, duplicates: r.duplicates, summary: r.summary, scannedAt: r.summary.scannedAt, photoReport: r.photoReport! };
  }
  const namesOf = (index: StoredScanIndex, ids: readonly number[]) => ids.map((id) => index.items.find((i) => i.id === id)!.name).sort();
  const photoView = (index: StoredScanIndex) => ({
    similar: index.photoReport!.similar.map((g) => ({ names: namesOf(index, g.ids), keep: namesOf(index, [g.keepId]), reason: g.reason })),
    blurry: namesOf(index, index.photoReport!.blurry),
    findings: index.summary.photoFindings,
  });

  it.each([
    ["the proposed best shot (another is proposed)", ["Photos/beach.png"]],
    ["the rest of a group (it dissolves)", ["Photos/beach small.png", "Photos/beach tiny.png"]],
    ["the blurry photo", ["Photos/shaky.png"]],
  ])("after removing %s, agrees with a fresh scan of what is left", async (_label, removed) => {
    const full = await photoIndexOf(PHOTOS);
    const updated = removeFromIndex(full, idsOf(full, removed));
    const rescan = await photoIndexOf(PHOTOS.filter((f) => !removed.includes(f.path)));
    expect(photoView(updated)).toEqual(photoView(rescan));
    expect(ScanSummarySchema.safeParse(updated.summary).success).toBe(true);
  });

  it("leaves an index without photo analysis without one", async () => {
    const full = await indexOf(FILES);
    const updated = removeFromIndex(full, idsOf(full, ["Backup/c.jpg"]));
    expect(updated.photoReport).toBeUndefined();
    expect(updated.summary.photoFindings).toBeUndefined();
  });
});
