import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { ScanSummarySchema } from "../domain/schemas/scan-summary";
import { clearScanIndex, loadScanIndex } from "./index-store";
import { type ScanWorkerLike, nextPiece, runScanInWorker, scanAndSaveInWorker } from "./run-scan-in-worker";
import { handleScanRequest } from "./scan-worker-handler";
import type { ScanProgress } from "./types";
import type { ScanWorkerMessage, ScanWorkerRequest } from "./worker-protocol";

/** Runs the real worker handler in-process; results are structured-cloned as postMessage would. */
function fakeWorker(options: { hold?: boolean } = {}) {
  const listeners = new Map<string, ((event: never) => void)[]>();
  const state = { terminated: false };
  const worker: ScanWorkerLike = {
    postMessage(request: ScanWorkerRequest) {
      void handleScanRequest(request, (message: ScanWorkerMessage) => {
        if (state.terminated || (options.hold && message.type === "result")) return;
        const data = structuredClone(message);
        for (const listener of listeners.get("message") ?? []) listener({ data } as never);
      });
    },
    terminate() {
      state.terminated = true;
    },
    addEventListener(type: string, listener: (event: never) => void) {
      listeners.set(type, [...(listeners.get(type) ?? []), listener]);
    },
  };
  return { worker, state };
}

const files = (): File[] => {
  const same = new Uint8Array(2048).fill(7);
  const make = (name: string, path: string, bytes: Uint8Array<ArrayBuffer>, type = "image/jpeg") => {
    const file = new File([bytes], name, { type, lastModified: Date.UTC(2024, 0, 1) });
    Object.defineProperty(file, "webkitRelativePath", { value: path });
    return file;
  };
  return [
    make("a.jpg", "Photos/a.jpg", same),
    make("a copy.jpg", "Photos/old/a copy.jpg", same),
    make("b.jpg", "Photos/b.jpg", new Uint8Array(2048).fill(8)),
    make("c.txt", "Photos/c.txt", new Uint8Array(0), "text/plain"),
  ];
};

describe("runScanInWorker", () => {
  it("relays progress and resolves with items, summary and duplicates", async () => {
    const { worker, state } = fakeWorker();
    const seen: ScanProgress[] = [];
    const result = await runScanInWorker({
      source: files(),
      onProgress: (p) => seen.push(p),
      createWorker: () => worker,
      now: Date.UTC(2025, 5, 1),
    });
    expect(seen.map((p) => p.stage)).toContain("complete");
    expect(result.items.map((i) => i.path)).toEqual(["Photos/a.jpg", "Photos/old/a copy.jpg", "Photos/b.jpg", "Photos/c.txt"]);
    expect(result.duplicates).toHaveLength(1);
    expect(result.summary).toMatchObject({ totalFiles: 4, photosCount: 3, photosDuplicates: 1, emptyFiles: 1, oldFiles: 4 });
    expect(ScanSummarySchema.safeParse(result.summary).success).toBe(true);
    // The result came before the worker's caches were written; the worker goes once they are.
    for (let i = 0; i < 100 && !state.terminated; i++) await new Promise((r) => setTimeout(r, 5));
    expect(state.terminated).toBe(true);
  });

  it("answers before the hash and photo caches are written, and keeps the worker until they are", async () => {
    const posted: string[] = [];
    let terminated = false;
    const listeners: ((event: never) => void)[] = [];
    const worker: ScanWorkerLike = {
      postMessage(request: ScanWorkerRequest) {
        void handleScanRequest(request, (message: ScanWorkerMessage) => {
          posted.push(message.type === "result" ? `result${message.savingCaches ? " (saving caches)" : ""}` : message.type);
          if (!terminated) for (const listener of listeners) listener({ data: structuredClone(message) } as never);
        });
      },
      terminate() {
        terminated = true;
        posted.push("terminated");
      },
      addEventListener(type: string, listener: (event: never) => void) {
        if (type === "message") listeners.push(listener);
      },
    };
    await scanAndSaveInWorker({ source: files(), createWorker: () => worker, now: Date.UTC(2025, 5, 1) });
    expect(terminated).toBe(false);
    for (let i = 0; i < 100 && !terminated; i++) await new Promise((r) => setTimeout(r, 5));
    expect(posted.filter((m) => m !== "progress")).toEqual(["result (saving caches)", "caches-saved", "terminated"]);
    await clearScanIndex();
  });

  it("scanAndSaveInWorker: the worker saves the item index, the page gets only summary and groups", async () => {
    const { worker } = fakeWorker();
    const saved = await scanAndSaveInWorker({ source: files(), createWorker: () => worker, now: Date.UTC(2025, 5, 1) });
    expect("items" in saved).toBe(false);
    expect(saved.duplicates).toHaveLength(1);
    const stored = await loadScanIndex();
    expect(stored?.items.map((i) => i.path)).toEqual(["Photos/a.jpg", "Photos/old/a copy.jpg", "Photos/b.jpg", "Photos/c.txt"]);
    expect(stored?.duplicates).toEqual(saved.duplicates);
    expect(stored?.summary).toEqual(saved.summary);
    await clearScanIndex();
  });

  it("labels possible duplicates in metadata-only mode", async () => {
    const { worker } = fakeWorker();
    const result = await runScanInWorker({ source: files(), metadataOnly: true, createWorker: () => worker });
    expect(result.metadataOnly).toBe(true);
    expect(result.duplicates[0]?.possible).toBe(true);
    expect(result.duplicates[0]?.itemIds).toHaveLength(3); // same size, content not compared
  });

  it("terminates the worker and rejects with AbortError on abort", async () => {
    const { worker, state } = fakeWorker({ hold: true });
    const controller = new AbortController();
    const run = runScanInWorker({ source: files(), signal: controller.signal, createWorker: () => worker });
    controller.abort();
    await expect(run).rejects.toMatchObject({ name: "AbortError" });
    expect(state.terminated).toBe(true);
  });

  it("rejects at once when the signal is already aborted, without a worker", async () => {
    let created = 0;
    const controller = new AbortController();
    controller.abort();
    const run = runScanInWorker({
      source: [],
      signal: controller.signal,
      createWorker: () => {
        created++;
        return fakeWorker().worker;
      },
    });
    await expect(run).rejects.toMatchObject({ name: "AbortError" });
    expect(created).toBe(0);
  });

  it("hands a long File list over in pieces and scans every file", async () => {
    const requests: ScanWorkerRequest["type"][] = [];
    const { worker } = fakeWorker();
    const post = worker.postMessage.bind(worker);
    worker.postMessage = (request) => {
      requests.push(request.type);
      post(request);
    };
    const many = Array.from({ length: 300 }, (_, i) => {
      const file = new File([new Uint8Array(100 + (i % 150)).fill(i % 150)], `f${i}.bin`, { lastModified: Date.UTC(2024, 0, 1) });
      Object.defineProperty(file, "webkitRelativePath", { value: `Pick/f${i}.bin` });
      return file;
    });
    const result = await runScanInWorker({ source: many, createWorker: () => worker });
    expect(requests[0]).toBe("start");
    expect(requests.filter((t) => t === "files").length).toBeGreaterThan(1);
    expect(requests.at(-1)).toBe("files-end");
    expect(result.items.map((i) => i.path).sort()).toEqual(many.map((f) => f.webkitRelativePath).sort());
    // Files i and i + 150 hold the same bytes: 150 groups of two.
    expect(result.duplicates).toHaveLength(150);
    expect(result.summary.duplicateFiles).toBe(150);
  });

  it("sizes the hand-off pieces by the cost per File seen: short tasks when cloning is slow, fewer messages when it is fast", () => {
    expect(nextPiece(16, 16, 99)).toBe(1); // 6 ms a File (a loaded machine): one at a time
    expect(nextPiece(16, 16, 8)).toBe(8); // 0.5 ms a File
    expect(nextPiece(16, 16, 2.56)).toBe(25); // 160 µs a File (an idle machine)
    expect(nextPiece(16, 16, 0)).toBe(32); // too fast to measure: double
    expect(nextPiece(64, 64, 0)).toBe(64); // never above 64
    expect(nextPiece(8, 0, 5)).toBe(8);
  });

  it("stops handing files over once the scan is cancelled", async () => {
    const requests: ScanWorkerRequest["type"][] = [];
    const { worker, state } = fakeWorker({ hold: true });
    worker.postMessage = (request) => {
      requests.push(request.type);
      // As slow as cloning Files is in a browser: the hand-off must yield to the page.
      for (const until = performance.now() + 2; performance.now() < until;);
    };
    const controller = new AbortController();
    const many = Array.from({ length: 5000 }, (_, i) => new File([new Uint8Array(8)], `f${i}`));
    const run = runScanInWorker({ source: many, signal: controller.signal, createWorker: () => worker });
    // The first slice has been handed over; the page runs before the rest is sent.
    const handedBeforeAbort = requests.length;
    expect(handedBeforeAbort).toBeLessThan(100);
    controller.abort();
    await expect(run).rejects.toMatchObject({ name: "AbortError" });
    await new Promise((r) => setTimeout(r, 50));
    expect(state.terminated).toBe(true);
    expect(requests).not.toContain("files-end");
    expect(requests.length).toBe(handedBeforeAbort);
  });
});
