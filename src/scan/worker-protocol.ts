import type { DetectedApp } from "./apps";
import type { ScanAccessProblem } from "./errors";
import type { ScanProgress, ScanResult } from "./types";

export interface ScanWorkerOptions {
  metadataOnly: boolean;
  now?: number;
  photoDimensions?: boolean;
  /** Analyse photos (similar, blurry, screenshots; issue 19) where the platform decodes images. Default true. */
  photos?: boolean;
  apps?: DetectedApp[];
  /**
   * Save the item index to IndexedDB from the worker and answer with an empty `items`:
   * 20,000 items never cross to the page (cloning them there cost seconds).
   */
  saveIndex?: boolean;
}

/**
 * What the page sends the scan worker. Folder handles and Files are structured-cloneable.
 * A long File list is streamed: "start" carries the first Files with `streaming: true`, then
 * "files" messages carry the rest and "files-end" closes the list (see run-scan-in-worker.ts).
 */
export type ScanWorkerRequest =
  | { type: "start"; source: FileSystemDirectoryHandle | File[]; options: ScanWorkerOptions; streaming?: boolean }
  | { type: "files"; files: File[] }
  | { type: "files-end" };

export interface ScanWorkerError {
  name: string;
  message: string;
  problem?: ScanAccessProblem;
}

export type ScanWorkerMessage =
  | { type: "progress"; progress: ScanProgress }
  /** `savingCaches`: the hash and photo caches are still being written; "caches-saved" follows (keep the worker until then). */
  | { type: "result"; result: ScanResult; savingCaches?: boolean }
  | { type: "caches-saved" }
  | { type: "error"; error: ScanWorkerError };
