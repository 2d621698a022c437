import { ScanAccessError } from "./errors";
import { withHashCache } from "./cached-hasher";
import { createSourceHasher } from "./content-hasher";
import { openBrowserHashCache } from "./hash-cache-idb";
import { saveScanIndex } from "./index-store";
import { runScan } from "./run-scan";
import { createDirectoryHandleSource } from "./sources/directory-handle";
import { createBrowserPhotoStage } from "./photos/browser-photo-stage";
import { createHeadNotes } from "./photos/head-notes";
import { FileFeed } from "./sources/file-feed";
import { createFileListSource } from "./sources/file-list";
import type { ScanSource } from "./types";
import type { ScanWorkerMessage, ScanWorkerRequest } from "./worker-protocol";

/** The File list still arriving for the scan in progress (a worker runs one scan, then is terminated). */
let feed: FileFeed | null = null;

/** Names the picked folder for the hash cache: its name (a File list's paths start with it). */
function folderKey(source: FileSystemDirectoryHandle | File[]): string {
  if (!Array.isArray(source)) return `folder:${source.name}`;
  const first = source[0];
  return `files:${first ? (first.webkitRelativePath || first.name).split("/")[0] : ""}`;
}

/** The worker's whole job, apart from `self`: so tests can run it without a Worker. */
export async function handleScanRequest(request: ScanWorkerRequest, post: (message: ScanWorkerMessage) => void): Promise<void> {
  if (request.type === "files") {
    feed?.push(request.files);
    return;
  }
  if (request.type === "files-end") {
    feed?.end();
    feed = null;
    return;
  }
  try {
    let source: ScanSource<File>;
    if (!Array.isArray(request.source)) {
      source = createDirectoryHandleSource(request.source);
    } else if (request.streaming) {
      feed = new FileFeed();
      feed.push(request.source);
      source = createFileListSource(feed);
    } else {
      source = createFileListSource(request.source);
    }
    const { saveIndex, photos: analysePhotos = true, ...options } = request.options;
    // The hash cache: a rescan of an unchanged folder reads no file content.
    const cache = options.metadataOnly ? null : await openBrowserHashCache(folderKey(request.source));
    // The first pass's bytes tell the photos stage which ".jpg" holds no image (no second read).
    const heads = createHeadNotes<File>();
    const hasher = cache ? withHashCache(await createSourceHasher(source, { onHead: heads.note }), cache) : undefined;
    // The photos stage (issue 19): decoded here, remembered per folder like the hash keys.
    const photos =
      analysePhotos && !options.metadataOnly
        ? await createBrowserPhotoStage(folderKey(request.source), { lacksImageHeader: heads.lacksImageHeader })
        : null;
    const result = await runScan(source, {
      ...options,
      hasher,
      photos: photos?.analyser,
      onProgress: (progress) => post({ type: "progress", progress }),
    });
    // The caches only speed up the next scan: written after the index (an origin's databases
    // share one backing store in Chromium: written side by side, the index took 0.6–1.2 s), and
    // the result goes to the page without waiting for them ("caches-saved" follows; the page
    // keeps the worker until then).
    const savingCaches = cache !== null || photos !== null;
    // An empty scan saves nothing: the page asks the user to pick files instead (spec §5).
    if (saveIndex && result.summary.totalFiles > 0) {
      await saveScanIndex(result.items, result.summary, result.duplicates, result.photoReport);
      post({ type: "result", result: { ...result, items: [] }, savingCaches });
    } else {
      post({ type: "result", result, savingCaches });
    }
    if (savingCaches) {
      await Promise.all([cache?.save(), photos?.save()]);
      post({ type: "caches-saved" });
    }
  } catch (error) {
    const err = error instanceof Error ? error : new Error(String(error));
    post({
      type: "error",
      error: { name: err.name, message: err.message, ...(err instanceof ScanAccessError ? { problem: err.problem } : {}) },
    });
  }
}
