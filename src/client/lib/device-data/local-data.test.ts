import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { loadScanIndex, saveScanIndex } from "../../../scan/index-store";
import { openBrowserHashCache } from "../../../scan/hash-cache-idb";
import { buildSummary } from "../../../domain/testing/build-summary";
import { clearScanData } from "./local-data";
import { loadMarks, setMarks } from "./marks";
import { lastFolder, rememberFolder } from "./scan-folder";

describe("clearScanData", () => {
  it("clears every store that holds a path: the index, the hash cache, the marks and the remembered folder", async () => {
    const item = {
      id: 1,
      path: "Docs/secret plan.pdf",
      name: "secret plan.pdf",
      size: 10,
      type: "application/pdf",
      category: "document" as const,
      modified: 0,
      isLarge: false,
      isOld: false,
      duplicateGroup: null,
      isOriginal: false,
    };
    await saveScanIndex([item], buildSummary());
    await setMarks(["file:Docs/secret plan.pdf"], "reviewed");
    await rememberFolder({ name: "Docs", kind: "directory" } as unknown as FileSystemDirectoryHandle);
    const cache = await openBrowserHashCache("files:Docs", { racyWindowMs: 0 });
    cache.put({ path: item.path, name: item.name, size: 10, modified: 0, type: item.type, ref: null }, "first", "h");
    await cache.save();
    expect((await openBrowserHashCache("files:Docs")).loaded).toBe(1);
    expect(await loadScanIndex()).not.toBeNull();
    expect((await loadMarks()).size).toBe(1);
    expect(await lastFolder()).not.toBeNull();

    await clearScanData();

    expect(await loadScanIndex()).toBeNull();
    expect((await loadMarks()).size).toBe(0);
    expect(await lastFolder()).toBeNull();
    expect((await openBrowserHashCache("files:Docs")).loaded).toBe(0);
  });
});
