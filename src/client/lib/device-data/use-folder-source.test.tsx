// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import { runScan } from "../../../scan/run-scan";
import type { StoredScanIndex } from "../../../scan/index-store";
import { bytesOf, createMemorySource } from "../../../scan/test-helpers/memory-source";
import { removeFromIndex } from "../file-actions/scan-index-update";
import { memoryTree } from "../file-actions/testing/memory-directory";
import { useFolderSource } from "./use-folder-source";

const FILES = { "Photos/a.png": bytesOf(40, 1), "Photos/b.png": bytesOf(40, 1), "Docs/c.pdf": bytesOf(30, 2) };
const root = memoryTree(FILES);

// The browser's remembered folder (IndexedDB holding a FileSystemDirectoryHandle) is the edge.
vi.mock("./scan-folder", () => ({
  lastFolder: async () => root,
  folderPermission: async () => true,
}));

async function scanIndex(): Promise<StoredScanIndex> {
  const r = await runScan(createMemorySource(Object.entries(FILES).map(([path, bytes]) => ({ path, bytes }))), {
    now: Date.UTC(2026, 5, 1),
  });
  return { items: r.items, duplicates: r.duplicates, summary: r.summary, scannedAt: r.summary.scannedAt };
}

describe("useFolderSource", () => {
  it("keeps the folder while files move out of the index — even the last one — without loading again", async () => {
    const index = await scanIndex();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result, rerender } = renderHook(({ idx }) => useFolderSource(idx), { wrapper, initialProps: { idx: index } });
    await waitFor(() => expect(result.current.data).toMatchObject({ kind: "folder" }));

    const fewer = removeFromIndex(index, new Set([index.items[0]!.id]));
    rerender({ idx: fewer });
    // Never a pending state in between: the workspace (and its undo banner) stays mounted.
    expect(result.current.isPending).toBe(false);
    expect(result.current.data).toMatchObject({ kind: "folder" });

    const none = removeFromIndex(index, new Set(index.items.map((i) => i.id)));
    rerender({ idx: none });
    expect(result.current.data).toMatchObject({ kind: "folder" });
    expect(result.current.isFetching).toBe(false);
  });
});
