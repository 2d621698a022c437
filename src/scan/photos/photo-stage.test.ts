import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { ScanSummarySchema } from "../../domain/schemas/scan-summary";
import { runScan } from "../run-scan";
import { fakeDecoder, fakePng, newDecodeLog } from "../test-helpers/fake-photos";
import { createMemorySource, type MemoryFile } from "../test-helpers/memory-source";
import { openPhotoCache } from "./photo-cache-idb";
import { createSourceHasher } from "../content-hasher";
import { createHeadNotes } from "./head-notes";
import { createPhotoStage } from "./photo-stage";

const NOW = Date.UTC(2026, 5, 1);
const OLD = Date.UTC(2025, 0, 1);

function tree(): MemoryFile[] {
  return [
    fakePng("Photos/beach.png", 4000, 3000, 7),
    fakePng("Photos/beach small.png", 2000, 1500, 7),
    fakePng("Photos/shaky.png", 4000, 3000, 9, { blurred: true }),
    fakePng("Photos/forest.png", 4000, 3000, 11),
    { path: "Photos/noise.jpg", bytes: new Uint8Array(5000).fill(3), modified: OLD, type: "image/jpeg" },
    { path: "Photos/phone.heic", bytes: new Uint8Array(6000).fill(4), modified: OLD, type: "image/heic" },
    { path: "Photos/logo.svg", bytes: new TextEncoder().encode("<svg/>"), modified: OLD, type: "image/svg+xml" },
  ];
}

describe("the photos stage", () => {
  it("analyses decodable photos, skips the rest, and fills the summary's photo findings", async () => {
    const log = newDecodeLog();
    const source = createMemorySource(tree());
    const result = await runScan(source, { now: NOW, photos: createPhotoStage({ ...fakeDecoder(log), inFlight: 2 }) });
    const idOf = (name: string) => result.items.find((i) => i.name === name)!.id;

    expect(log.decoded.sort()).toEqual(["Photos/beach small.png", "Photos/beach.png", "Photos/forest.png", "Photos/shaky.png"]);
    expect(log.maxInFlight).toBe(2);
    // The random ".jpg" cost one small read and no decode; the HEIC this platform cannot decode, no read at all.
    // (Its first 4 KiB only: no image signature there, so no 128 KiB head.)
    expect(source.reads.filter((r) => r.path === "Photos/noise.jpg")).toEqual([{ path: "Photos/noise.jpg", start: 0, end: 4096 }]);
    expect(source.reads.filter((r) => r.path === "Photos/phone.heic")).toHaveLength(0);

    const beach = result.items.find((i) => i.name === "beach.png")!;
    expect(beach).toMatchObject({ width: 4000, height: 3000, photo: { camera: false } });
    expect(beach.photo?.hash).toMatch(/^[0-9a-f]{16}$/);

    const report = result.photoReport!;
    expect(report.similar).toEqual([expect.objectContaining({ ids: [idOf("beach.png"), idOf("beach small.png")].sort((a, b) => a - b) })]);
    expect(report.similar[0]!.keepId).toBe(idOf("beach.png"));
    expect(report.blurry).toEqual([idOf("shaky.png")]);
    expect(report.skipped).toBe(2);

    const findings = ScanSummarySchema.parse(result.summary).photoFindings!;
    expect(findings).toMatchObject({ analysed: 4, skipped: 2, similarGroups: 1, similarExtra: 1, blurry: 1 });
  });

  it("decodes nothing again for unchanged photos: the folder's photo cache answers", async () => {
    const files = tree();
    const first = newDecodeLog();
    const cache = await openPhotoCache("files:cache-test", { now: NOW });
    const before = await runScan(createMemorySource(files), { now: NOW, photos: createPhotoStage({ ...fakeDecoder(first), cache }) });
    await cache.save();

    const again = newDecodeLog();
    const source = createMemorySource(files);
    const reopened = await openPhotoCache("files:cache-test", { now: NOW });
    expect(reopened.loaded).toBe(5); // four photos and the undecodable ".jpg"
    const after = await runScan(source, { now: NOW, photos: createPhotoStage({ ...fakeDecoder(again), cache: reopened }) });
    expect(again.decoded).toEqual([]);
    expect(source.reads.filter((r) => /\.(png|jpg)$/.test(r.path))).toEqual([]);
    expect(after.summary.photoFindings).toEqual(before.summary.photoFindings);
    expect(after.items.map((i) => i.photo)).toEqual(before.items.map((i) => i.photo));

    // A changed photo (new mtime) is decoded again; the others still are not.
    const changed = files.map((f) => (f.path === "Photos/forest.png" ? { ...f, modified: OLD + 1000 } : f));
    const third = newDecodeLog();
    await runScan(createMemorySource(changed), { now: NOW, photos: createPhotoStage({ ...fakeDecoder(third), cache: reopened }) });
    expect(third.decoded).toEqual(["Photos/forest.png"]);
  });

  it("reads no photo in metadata-only mode, and stops when the scan is cancelled", async () => {
    const log = newDecodeLog();
    const quick = await runScan(createMemorySource(tree()), { now: NOW, metadataOnly: true, photos: createPhotoStage(fakeDecoder(log)) });
    expect(log.decoded).toEqual([]);
    expect(quick.summary.photoFindings).toBeUndefined();

    const controller = new AbortController();
    const stage = createPhotoStage<MemoryFile>({
      ...fakeDecoder(log),
      decode: () => {
        controller.abort();
        return Promise.reject(new DOMException("cancelled", "AbortError"));
      },
    });
    await expect(runScan(createMemorySource(tree()), { now: NOW, photos: stage, signal: controller.signal })).rejects.toThrow(
      /cancelled|abort/i,
    );
  });

  it("skips, without a read of its own, a photo whose first bytes (read for its hash) hold no image, and answers the same", async () => {
    const noise = (path: string, size: number, fill: number): MemoryFile => ({
      path,
      bytes: new Uint8Array(size).fill(fill),
      modified: OLD,
      type: "image/jpeg",
    });
    // Two ".jpg" of one size (so the hash's first pass reads them), one of its own size (it does not),
    // one large (its first 4 KiB only are hashed), and real PNGs of shared sizes.
    const files = [
      ...tree(),
      noise("Noise/a.jpg", 3000, 1),
      noise("Noise/b.jpg", 3000, 2),
      noise("Noise/alone.jpg", 3001, 3),
      noise("Noise/big 1.jpg", 200_000, 4),
      noise("Noise/big 2.jpg", 200_000, 5),
    ];
    const plainLog = newDecodeLog();
    const plain = await runScan(createMemorySource(files), { now: NOW, photos: createPhotoStage(fakeDecoder(plainLog)) });

    const log = newDecodeLog();
    const source = createMemorySource(files);
    const heads = createHeadNotes<MemoryFile>();
    const result = await runScan(source, {
      now: NOW,
      hasher: await createSourceHasher(source, { onHead: heads.note }),
      photos: createPhotoStage({ ...fakeDecoder(log), lacksImageHeader: heads.lacksImageHeader }),
    });
    expect(log.decoded.sort()).toEqual(plainLog.decoded.sort());
    expect(result.items.map((i) => [i.path, i.photo, i.width])).toEqual(plain.items.map((i) => [i.path, i.photo, i.width]));
    expect(result.photoReport).toEqual(plain.photoReport);
    expect(result.summary.photoFindings).toEqual(plain.summary.photoFindings);
    const readsOf = (path: string) => source.reads.filter((r) => r.path === path).length;
    expect(readsOf("Noise/a.jpg")).toBe(1); // the hash's read only
    expect(readsOf("Noise/b.jpg")).toBe(1);
    expect(readsOf("Noise/big 1.jpg")).toBeGreaterThanOrEqual(2); // first+last 4 KiB, then the full pass: no head read
    expect(source.reads.some((r) => r.path === "Noise/big 1.jpg" && r.start === 0 && r.end === 128 * 1024)).toBe(false);
    expect(readsOf("Noise/alone.jpg")).toBe(1); // never hashed: the photos stage reads its head
  });

  it("analyses the photos no hash pass reads while the duplicates are being found, and reports the same", async () => {
    const files = tree(); // PNGs of sizes of their own: the first pass reads none of them
    const plainLog = newDecodeLog();
    const plain = await runScan(createMemorySource(files), { now: NOW, photos: createPhotoStage(fakeDecoder(plainLog)) });

    const log = newDecodeLog();
    const source = createMemorySource([
      ...files,
      { path: "a.txt", bytes: new Uint8Array(9).fill(1) },
      { path: "b.txt", bytes: new Uint8Array(9).fill(1) },
    ]);
    const inner = await createSourceHasher(source);
    let decodedBeforeHashing = -1;
    const result = await runScan(source, {
      now: NOW,
      photos: createPhotoStage(fakeDecoder(log)),
      hasher: {
        ...inner,
        async firstKeys(entries, run) {
          // Let the photos stage run a while, as a slow first pass would.
          for (let i = 0; i < 50 && log.decoded.length < 4; i++) await new Promise((resolve) => setTimeout(resolve, 1));
          decodedBeforeHashing = log.decoded.length;
          return inner.firstKeys(entries, run);
        },
      },
    });
    expect(decodedBeforeHashing).toBe(4);
    expect(result.duplicates).toHaveLength(1);
    expect(log.decoded.sort()).toEqual(plainLog.decoded.sort());
    expect(result.items.filter((i) => i.category === "photo").map((i) => [i.path, i.photo])).toEqual(
      plain.items.filter((i) => i.category === "photo").map((i) => [i.path, i.photo]),
    );
    expect(result.summary.photoFindings).toEqual(plain.summary.photoFindings);
  });
});
