import type { MessagePort } from "node:worker_threads";
import type { SkipCounts } from "../../scan/types";

/** What a scan worker is started with (workerData). */
export interface CrewWorkerData {
  ctl: Int32Array;
  me: number;
  /** ports[j]: the channel to thread j; undefined at the worker's own place. */
  ports: (MessagePort | undefined)[];
  /** The scanned folder, no trailing "/". */
  root: string;
  /** False when no content is read (--metadata-only): the worker only walks. */
  keys: boolean;
}

/** One walker's table in transferable form (see FileTable): names "\0"-joined, columns cut to length. */
export interface TablePayload {
  dirPaths: string[];
  dirFileStart: Int32Array;
  dirFileCount: Int32Array;
  dirDev: Float64Array;
  dirIno: Float64Array;
  names: string;
  fileDir: Int32Array;
  size: Float64Array;
  mtime: Float64Array;
  ctime: Float64Array;
  ino: Float64Array;
  dev: Float64Array;
  links: [number, string][];
  skipped: SkipCounts;
}

export type CrewMessage =
  /** Folders to list (relative paths), given to a hungry thread. */
  | { kind: "folders"; folders: string[] }
  /** A worker's part of the walk, sent once the walk is over. */
  | { kind: "table"; table: TablePayload }
  /**
   * Keys to compute: pass 0 first keys, 1 full keys; `start` numbers the batch in the pass.
   * Files the worker listed itself come as indexes of its own table (`own`), others as paths
   * relative to the root (the worker puts the root in front: a string less per file to make and clone).
   */
  | { kind: "hash"; pass: 0 | 1; start: number; own: Int32Array | null; paths: string[] | null; sizes: Float64Array }
  /** The keys of a batch, 16 bytes each; ok[k] 0 when file k could not be read. */
  | { kind: "keys"; pass: 0 | 1; start: number; keys: Uint8Array; ok: Uint8Array }
  /** The scan is over: the worker ends. */
  | { kind: "done" };
