import "fake-indexeddb/auto";
import { openDB } from "idb";
import { afterEach, describe, expect, it } from "vitest";
import { clearScanIndex, loadScanIndex, loadScanItemsByCategory, saveScanIndex } from "./index-store";
import { runScan } from "./run-scan";
import { bytesOf, createMemorySource } from "./test-helpers/memory-source";

async function sampleScan() {
  const same = bytesOf(100, 1);
  return runScan(
    createMemorySource([
      { path: "Pictures/a.jpg", bytes: same },
      { path: "Backup/a.jpg", bytes: same },
      { path: "Docs/b.pdf", bytes: bytesOf(50, 2) },
    ]),
    { now: Date.UTC(2025, 5, 1) },
  );
}

afterEach(async () => {
  await clearScanIndex();
});

describe("index-store (IndexedDB 'cleanspace-scan')", () => {
  it("returns null before any scan was saved", async () => {
    expect(await loadScanIndex()).toBeNull();
  });

  it("saves and loads the item index, the summary, the scan time and the groups", async () => {
    const result = await sampleScan();
    await saveScanIndex(result.items, result.summary, result.duplicates);
    const stored = await loadScanIndex();
    expect(stored?.items).toEqual(result.items);
    expect(stored?.summary).toEqual(result.summary);
    expect(stored?.scannedAt).toBe(result.summary.scannedAt);
    expect(stored?.duplicates).toEqual(result.duplicates);
    expect((await loadScanItemsByCategory("photo")).map((i) => i.path).sort()).toEqual(["Backup/a.jpg", "Pictures/a.jpg"]);
  });

  it("replaces the previous scan rather than merging with it", async () => {
    const result = await sampleScan();
    await saveScanIndex(result.items, result.summary);
    await saveScanIndex(result.items.slice(0, 1), result.summary);
    expect((await loadScanIndex())?.items).toHaveLength(1);
  });

  it("clears everything", async () => {
    const result = await sampleScan();
    await saveScanIndex(result.items, result.summary);
    await clearScanIndex();
    expect(await loadScanIndex()).toBeNull();
    expect(await loadScanItemsByCategory("photo")).toEqual([]);
  });

  it("saves thousands of items in batches, still as one transaction", async () => {
    const result = await sampleScan();
    const template = result.items[0]!;
    const many = Array.from({ length: 1234 }, (_, i) => ({ ...template, id: i + 1, path: `Many/${i}.jpg`, name: `${i}.jpg` }));
    await saveScanIndex(many, result.summary, result.duplicates);
    const stored = await loadScanIndex();
    expect(stored?.items).toHaveLength(1234);
    expect(stored?.items.at(-1)?.path).toBe("Many/1233.jpg");
  });

  it("keeps the previous index when saving fails half-way (all or nothing)", async () => {
    const result = await sampleScan();
    await saveScanIndex(result.items, result.summary, result.duplicates);
    const template = result.items[0]!;
    const bad = Array.from({ length: 700 }, (_, i) => ({ ...template, id: i + 1, path: `Bad/${i}.jpg` }));
    // An item that cannot be cloned, in the second batch.
    Object.assign(bad[600]!, { width: () => 1 });
    await expect(saveScanIndex(bad, result.summary)).rejects.toThrow();
    const stored = await loadScanIndex();
    expect(stored?.items.map((i) => i.path).sort()).toEqual(result.items.map((i) => i.path).sort());
  });

  it("stores items in records of 1,000 and still reads plain item records from older versions", async () => {
    const result = await sampleScan();
    const template = result.items[0]!;
    const many = Array.from({ length: 2500 }, (_, i) => ({ ...template, id: i + 1, path: `Many/${i}.jpg` }));
    await saveScanIndex(many, result.summary);
    const db = await openDB("cleanspace-scan");
    expect(await db.count("items")).toBe(3);
    await db.clear("items");
    await db.put("items", { ...template, id: 7, path: "legacy.jpg" });
    db.close();
    expect((await loadScanIndex())?.items.map((i) => i.path)).toEqual(["legacy.jpg"]);
  });
});
