import { TRASH_DIR } from "../../domain/scan-rules";
import { ScanAccessError } from "../errors";
import type { ScanEntry, ScanSource, SkipCounts } from "../types";
import { sliceBlob, streamBlob } from "./file-bytes";

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

/**
 * getFile() calls in flight, across folders: Chromium answers them in parallel (73–195 µs each
 * with 8–128 in flight against 490–615 µs one at a time), so small folders are
 * pooled instead of waited on one by one.
 */
const PARALLEL_FILES = 64;

/**
 * A folder from showDirectoryPicker(), walked with an explicit stack. No entry keeps its
 * FileSystemFileHandle: 20,000 handles made cloning the result and saving the index cost
 * 10 s; an action resolves a file from the root handle and its path instead
 * (lib/file-actions/handles.ts). Links are never exposed by this API, so no loop is possible.
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
    stream: (entry, chunkSize) => streamBlob(entry.ref, chunkSize),
  };
}

async function* walkFolder(root: FolderHandle, skipped: SkipCounts, signal?: AbortSignal): AsyncGenerator<ScanEntry<File>[]> {
  const pending: { folder: FolderHandle; prefix: string }[] = [{ folder: root, prefix: "" }];
  let fileHandles: [string, FileSystemFileHandle][] = [];
  while (pending.length > 0 || fileHandles.length > 0) {
    signal?.throwIfAborted();
    const next = pending.pop();
    if (next) {
      try {
        for await (const [name, handle] of next.folder.entries()) {
          const path = next.prefix + name;
          // CleanSpace's own trash is already cleaned up: never walked into.
          if (handle.kind === "directory" && name === TRASH_DIR) continue;
          if (handle.kind === "directory") pending.push({ folder: handle as unknown as FolderHandle, prefix: `${path}/` });
          else fileHandles.push([path, handle as FileSystemFileHandle]);
        }
      } catch {
        if (next.folder === root) throw new ScanAccessError("unreadable", "The folder could not be read");
        skipped.unreadable++;
      }
      // Small folders pool their files until a full round of getFile() calls is worth it.
      if (fileHandles.length < PARALLEL_FILES && pending.length > 0) continue;
    }
    const round = fileHandles.slice(0, PARALLEL_FILES);
    fileHandles = fileHandles.slice(round.length);
    const settled = await Promise.allSettled(round.map(([path, handle]) => toEntry(path, handle)));
    const batch: ScanEntry<File>[] = [];
    for (const result of settled) {
      if (result.status === "fulfilled") batch.push(result.value);
      else skipped.unreadable++;
    }
    yield batch;
  }
}

async function toEntry(path: string, handle: FileSystemFileHandle): Promise<ScanEntry<File>> {
  const file = await handle.getFile();
  return { path, name: file.name, size: file.size, modified: file.lastModified, type: file.type, ref: file };
}
