import { ScanAccessError } from "../errors";
import type { ScanSource, SkipCounts } from "../types";
import { type FolderHandle, walkFolderConcurrently } from "./concurrent-folder-walk";
import { sliceBlob, streamBlob } from "./file-bytes";

/**
 * Folders listed at once. Each `entries()` step is a round trip to the browser process; with
 * several folders in flight those round trips overlap each other and the `getFile()` calls.
 */
const FOLDERS_IN_FLIGHT = 8;
/**
 * getFile() calls in flight, across folders: Chromium answers them in parallel (73–195 µs each
 * with 8–128 in flight against 490–615 µs one at a time).
 */
const FILES_IN_FLIGHT = 64;

/**
 * A folder from showDirectoryPicker(), walked with several folders and many files in flight
 * (concurrent-folder-walk.ts). No entry keeps its FileSystemFileHandle: 20,000 handles made
 * cloning the result and saving the index cost 10 s; an action resolves a file from the root
 * handle and its path instead (lib/file-actions/handles.ts). Links are never exposed by this
 * API, so no loop is possible.
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
    walk: (signal) => walkFolderConcurrently(folder, { listers: FOLDERS_IN_FLIGHT, filesInFlight: FILES_IN_FLIGHT, skipped, signal }),
    slice: (entry, start, end) => sliceBlob(entry.ref, start, end),
    stream: (entry, chunkSize) => streamBlob(entry.ref, chunkSize),
  };
}
