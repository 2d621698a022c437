import type { DetectedApp } from "./apps";
import { ScanAccessError } from "./errors";
import type { ScanProgress, ScanResult } from "./types";
import type { ScanWorkerError, ScanWorkerMessage, ScanWorkerOptions, ScanWorkerRequest } from "./worker-protocol";

/** The part of a Worker this module uses (a fake in tests). */
export interface ScanWorkerLike {
  postMessage(message: ScanWorkerRequest): void;
  terminate(): void;
  addEventListener(type: "message", listener: (event: MessageEvent<ScanWorkerMessage>) => void): void;
  addEventListener(type: "error" | "messageerror", listener: (event: Event) => void): void;
}

export interface RunScanInWorkerOptions {
  /** From showDirectoryPicker() or from an `<input type=file webkitdirectory>` / multiple-file input. */
  source: FileSystemDirectoryHandle | File[];
  /** Read no content: same-size files are "possible duplicates". */
  metadataOnly?: boolean;
  onProgress?: (progress: ScanProgress) => void;
  /** Aborting terminates the worker at once and rejects with an AbortError. */
  signal?: AbortSignal;
  now?: number;
  photoDimensions?: boolean;
  /** Analyse photos in the photos stage (issue 19); default true. */
  photos?: boolean;
  apps?: DetectedApp[];
  /** The worker saves the item index itself; the result then carries no items (see scanAndSaveInWorker). */
  saveIndex?: boolean;
  createWorker?: () => ScanWorkerLike;
}

/** A scan whose item index the worker already saved to IndexedDB (index-store.ts). */
export type SavedScan = Omit<ScanResult, "items">;

/**
 * Runs a scan in the worker and saves its item index there, in large records: the page
 * gets only the summary and the groups, so it never clones 20,000 items.
 * An empty scan saves nothing.
 */
export async function scanAndSaveInWorker(options: Omit<RunScanInWorkerOptions, "saveIndex">): Promise<SavedScan> {
  const { items: _items, ...rest } = await runScanInWorker({ ...options, saveIndex: true });
  return rest;
}

/**
 * Handing a File to the worker clones it, and Chromium then fetches the file's size and date
 * synchronously on the page's thread, so one postMessage of a whole folder's Files blocks the
 * page for as long as all of them take (bench/browser-scan.mjs prints it). So a long list goes
 * in pieces, yielding to the page whenever HANDOFF_SLICE_MS has been spent; the worker starts
 * walking with the first piece. A piece is sized from the cost per File seen so far in this
 * hand-off, to take about HANDOFF_PIECE_MS: on a loaded machine even 16 Files can make a long
 * task, and on an idle one a larger piece spends less per message.
 */
/** How long a worker that answered may keep writing its caches before it is terminated anyway. */
const CACHE_SAVE_LIMIT_MS = 60_000;
const HANDOFF_FILES = 16;
const HANDOFF_SLICE_MS = 10;
const HANDOFF_PIECE_MS = 4;
const HANDOFF_MAX_FILES = 64;

function createScanWorker(): ScanWorkerLike {
  return new Worker(new URL("./scan.worker.ts", import.meta.url), { type: "module", name: "cleanspace-scan" });
}

/**
 * Runs a scan in a module worker and relays its progress: the page stays responsive
 * because every walk, read and hash happens off the main thread. Resolves with the
 * item index, the summary and the duplicate groups.
 */
export function runScanInWorker(options: RunScanInWorkerOptions): Promise<ScanResult> {
  const { signal } = options;
  return new Promise<ScanResult>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortReason(signal));
      return;
    }
    const worker = (options.createWorker ?? createScanWorker)();
    let finished = false;
    let lingering: ReturnType<typeof setTimeout> | undefined;
    const finish = (): void => {
      finished = true;
      clearTimeout(lingering);
      signal?.removeEventListener("abort", onAbort);
      worker.terminate();
    };
    const onAbort = (): void => {
      finish();
      reject(abortReason(signal));
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    worker.addEventListener("message", (event: MessageEvent<ScanWorkerMessage>) => {
      const message = event.data;
      if (message.type === "progress") {
        options.onProgress?.(message.progress);
      } else if (message.type === "result") {
        resolve(message.result);
        // The worker still writes its caches: kept until it says so (or a minute at most).
        if (message.savingCaches) lingering = setTimeout(finish, CACHE_SAVE_LIMIT_MS);
        else finish();
      } else if (message.type === "caches-saved") {
        finish();
      } else {
        finish();
        reject(toError(message.error));
      }
    });
    const onFailure = (event: Event): void => {
      finish();
      reject(new Error(event instanceof ErrorEvent && event.message ? event.message : "Scan failed"));
    };
    worker.addEventListener("error", onFailure);
    worker.addEventListener("messageerror", onFailure);
    const workerOptions: ScanWorkerOptions = {
      metadataOnly: options.metadataOnly ?? false,
      ...(options.now === undefined ? {} : { now: options.now }),
      ...(options.photoDimensions === undefined ? {} : { photoDimensions: options.photoDimensions }),
      ...(options.photos === undefined ? {} : { photos: options.photos }),
      ...(options.apps === undefined ? {} : { apps: options.apps }),
      ...(options.saveIndex ? { saveIndex: true } : {}),
    };
    const { source } = options;
    if (!Array.isArray(source) || source.length <= HANDOFF_FILES) {
      worker.postMessage({ type: "start", source, options: workerOptions });
      return;
    }
    worker.postMessage({ type: "start", source: source.slice(0, HANDOFF_FILES), options: workerOptions, streaming: true });
    void handOffFiles(worker, source, () => finished).catch((error: unknown) => {
      if (finished) return;
      finish();
      reject(error instanceof Error ? error : new Error(String(error)));
    });
  });
}

/** Sends files[HANDOFF_FILES…] in pieces, letting the page run between slices; stops once the scan is over. */
async function handOffFiles(worker: ScanWorkerLike, files: readonly File[], finished: () => boolean): Promise<void> {
  let sliceStart = performance.now();
  let piece = HANDOFF_FILES;
  for (let start = HANDOFF_FILES; start < files.length;) {
    if (performance.now() - sliceStart >= HANDOFF_SLICE_MS) {
      await yieldToPage();
      sliceStart = performance.now();
    }
    if (finished()) return;
    const sent = files.slice(start, start + piece);
    const before = performance.now();
    worker.postMessage({ type: "files", files: sent });
    start += sent.length;
    piece = nextPiece(piece, sent.length, performance.now() - before);
  }
  if (!finished()) worker.postMessage({ type: "files-end" });
}

/** The next piece's size: as many Files as HANDOFF_PIECE_MS allows at the cost per File just seen (1 to 64). */
export function nextPiece(current: number, sent: number, ms: number): number {
  if (sent === 0) return current;
  const perFile = ms / sent;
  if (perFile <= 0) return Math.min(HANDOFF_MAX_FILES, current * 2);
  return Math.max(1, Math.min(HANDOFF_MAX_FILES, Math.floor(HANDOFF_PIECE_MS / perFile)));
}

/** A macrotask without setTimeout's 4 ms clamp on nested timers. */
function yieldToPage(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

function abortReason(signal: AbortSignal | undefined): unknown {
  return signal?.reason ?? new DOMException("The scan was cancelled", "AbortError");
}

function toError(error: ScanWorkerError): Error {
  if (error.problem) return new ScanAccessError(error.problem, error.message);
  if (error.name === "AbortError") return new DOMException(error.message, "AbortError");
  const result = new Error(error.message);
  result.name = error.name;
  return result;
}
