import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ScanSummarySchema } from "../../../domain/schemas/scan-summary";
import type { StoredScanIndex } from "../../../scan/index-store";
import { runScan } from "../../../scan/run-scan";
import { analyseScanPhotos } from "../../../scan/photos/photo-facts-of";
import { createPhotoStage } from "../../../scan/photos/photo-stage";
import { fakeDecoder, fakePng } from "../../../scan/test-helpers/fake-photos";
import { bytesOf, createMemorySource, type MemoryFile } from "../../../scan/test-helpers/memory-source";
import type { ScanItem } from "../../../scan/types";
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

describe("removeFromIndex's photo update equals a fresh photo analysis", () => {
  const DAY = 24 * 60 * 60 * 1000;
  /** A library with clusters of near hashes (chains included), exact copies, blurry shots and screenshots. */
  const library = fc
    .record({
      bases: fc.array(fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }), { minLength: 1, maxLength: 4 }),
      photos: fc.array(
        fc.record({
          base: fc.nat(3),
          flips: fc.array(fc.nat(63), { maxLength: 9 }),
          sharpness: fc.integer({ min: 5, max: 400 }),
          width: fc.constantFrom(800, 1600, 4000),
          age: fc.integer({ min: 0, max: 90 }),
          screenshot: fc.boolean(),
          copies: fc.nat(2),
        }),
        { minLength: 2, maxLength: 24 },
      ),
    })
    .map(({ bases, photos }) => {
      const items: ScanItem[] = [];
      const duplicates: StoredScanIndex["duplicates"] = [];
      for (const p of photos) {
        let hash = bases[p.base % bases.length]!;
        for (const bit of p.flips) hash ^= 1n << BigInt(bit);
        const first = items.length + 1;
        const size = 1000 + first * 7;
        const name = p.screenshot ? `Screenshot ${first}.png` : `IMG_${first}.jpg`;
        const [width, height] = p.screenshot ? [1170, 2532] : [p.width, (p.width * 3) / 4];
        for (let c = 0; c <= p.copies; c++) {
          items.push({
            id: items.length + 1,
            path: `${c === 0 ? "Photos" : `Backup${c}`}/${name}`,
            name,
            size,
            type: p.screenshot ? "image/png" : "image/jpeg",
            category: "photo",
            modified: NOW - p.age * DAY - c,
            isLarge: false,
            isOld: false,
            duplicateGroup: p.copies > 0 ? duplicates.length + 1 : null,
            isOriginal: p.copies > 0 && c === p.copies, // the oldest copy (the last one written) is the original
            width,
            height,
            photo: { hash: hash.toString(16).padStart(16, "0"), sharpness: p.sharpness, camera: !p.screenshot },
          });
        }
        if (p.copies > 0) {
          const ids = Array.from({ length: p.copies + 1 }, (_, c) => first + c);
          const originalId = ids[ids.length - 1]!;
          duplicates.push({
            id: duplicates.length + 1,
            size,
            itemIds: [originalId, ...ids.slice(0, -1)],
            originalId,
            wastedBytes: size * p.copies,
            possible: false,
          });
        }
      }
      return { items, duplicates };
    });

  it("after any removal, and after files put back with new times", () => {
    fc.assert(
      fc.property(library, fc.array(fc.nat(80)), fc.array(fc.nat(80)), ({ items, duplicates }, removedAt, changedAt) => {
        const { report, findings } = analyseScanPhotos(items, NOW);
        const summary = { ...buildSummaryFor(items), photoFindings: findings };
        const index: StoredScanIndex = { items, duplicates, summary, scannedAt: summary.scannedAt, photoReport: report };
        const removed = new Set(removedAt.filter((i) => i < items.length).map((i) => items[i]!.id));
        const changed = new Map(changedAt.filter((i) => i < items.length).map((i) => [items[i]!.id, NOW - 100 * DAY] as [number, number]));
        const updated = removeFromIndex(index, removed, changed);
        const fresh = analyseScanPhotos(updated.items, NOW);
        expect(updated.photoReport).toEqual(fresh.report);
        expect(updated.summary.photoFindings).toEqual(fresh.findings);
      }),
      { numRuns: 300 },
    );
  });
});

/** A summary whose totals match `items` (removeFromIndex recounts everything but the clock). */
function buildSummaryFor(items: readonly ScanItem[]): StoredScanIndex["summary"] {
  const photo = { count: items.length, bytes: items.reduce((n, i) => n + i.size, 0) };
  const none = { count: 0, bytes: 0 };
  return {
    schemaVersion: 1,
    categories: { photo, video: none, audio: none, document: none, archive: none, application: none, other: none },
    totalFiles: photo.count,
    totalBytes: photo.bytes,
    duplicateGroups: 0,
    duplicateFiles: 0,
    duplicateBytes: 0,
    largeFiles: 0,
    largeBytes: 0,
    oldFiles: 0,
    oldBytes: 0,
    emptyFiles: 0,
    skipped: 0,
    photosCount: photo.count,
    photosDuplicates: 0,
    appsCount: 0,
    appsUnused: 0,
    emailCount: 0,
    emailUnread: 0,
    metadataOnly: false,
    scannedAt: new Date(NOW).toISOString(),
  };
}
