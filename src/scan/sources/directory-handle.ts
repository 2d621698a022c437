import { TRASH_DIR } from "../../domain/scan-rules";
import { ScanAccessError } from "../errors";
import type { ScanEntry, ScanSource, SkipCounts } from "../types";
import { sliceBlob, sliceBlobs, streamBlob } from "./file-bytes";

/**
 * The parts of the File System Access API the walk uses. TypeScript's DOM library leaves
 * the async iteration of a folder out of "DOM", so it is spelled out here.
 */
interface FolderHandle {
  readonly kind: "directory";
  readonly name: string;
  entries(): AsyncIterable<[string, FileSystemHandle]>;
  queryPermission?(descriptor: { mode: "read" | "readwrite" }): Promise<PermissionState>;
}

/** getFile() calls in flight per folder: browsers answer them in parallel. */
const PARALLEL_FILES = 32;

/**
 * A folder from showDirectoryPicker(), walked with an explicit stack. Each entry keeps its
 * FileSystemFileHandle so later features can move or delete the file. Links are never
 * exposed by this API, so no loop is possible.
 */
export function createDirectoryHandleSource(root: FileSystemDirectoryHandle): ScanSource<File> {
  const skipped: SkipCounts = { symlinks: 0, special: 0, unreadable: 0, loops: 0 };
  const folder = root as unknown as FolderHandle;
  return {
    kind: "directory-handle",
    skipped,
    checkAccess: async () => {
      const state = folder.queryPermission ? await folder.queryPermission({ mode: "read" }) : "granted";
      if (state !== "granted") throw new ScanAccessError("permission-denied", "Permission to read the folder was not granted");
    },
    walk: (signal) => walkFolder(folder, skipped, signal),
    slice: (entry, start, end) => sliceBlob(entry.ref, start, end),
    sliceMany: (ranges) => sliceBlobs(ranges.map((r) => ({ blob: r.entry.ref, start: r.start, end: r.end }))),
    stream: (entry, chunkSize) => streamBlob(entry.ref, chunkSize),
  };
}

async function* walkFolder(root: FolderHandle, skipped: SkipCounts, signal?: AbortSignal): AsyncGenerator<ScanEntry<File>[]> {
  const pending: { folder: FolderHandle; prefix: string }[] = [{ folder: root, prefix: "" }];
  while (pending.length > 0) {
    signal?.throwIfAborted();
    const next = pending.pop();
    if (!next) break;
    const fileHandles: [string, FileSystemFileHandle][] = [];
    try {
      for await (const [name, handle] of next.folder.entries()) {
        const path = next.prefix + name;
        // CleanSpace's own trash is already cleaned up: never walked into (issue 16).
        if (handle.kind === "directory" && name === TRASH_DIR) continue;
        if (handle.kind === "directory") pending.push({ folder: handle as unknown as FolderHandle, prefix: `${path}/` });
        else fileHandles.push([path, handle as FileSystemFileHandle]);
      }
    } catch {
      if (next.folder === root) throw new ScanAccessError("unreadable", "The folder could not be read");
      skipped.unreadable++;
      continue;
    }
    for (let start = 0; start < fileHandles.length; start += PARALLEL_FILES) {
      signal?.throwIfAborted();
      const settled = await Promise.allSettled(fileHandles.slice(start, start + PARALLEL_FILES).map(([path, handle]) => toEntry(path, handle)));
      const batch: ScanEntry<File>[] = [];
      for (const result of settled) {
        if (result.status === "fulfilled") batch.push(result.value);
        else skipped.unreadable++;
      }
      yield batch;
    }
  }
}

async function toEntry(path: string, handle: FileSystemFileHandle): Promise<ScanEntry<File>> {
  const file = await handle.getFile();
  return { path, name: file.name, size: file.size, modified: file.lastModified, type: file.type, handle, ref: file };
}
