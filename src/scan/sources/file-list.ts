import { isInTrash } from "../../domain/scan-rules";
import type { ScanEntry, ScanSource, SkipCounts } from "../types";
import { sliceBlob, streamBlob } from "./file-bytes";

const BATCH = 500;

/**
 * Files from `<input type=file webkitdirectory>` or a multiple-file input. The path is
 * webkitRelativePath (it starts with the picked folder's name), or the bare name when the
 * files were picked one by one. The list may also arrive in pieces (a FileFeed in the scan
 * worker): the walk then lists each piece as it comes.
 */
export function createFileListSource(files: readonly File[] | AsyncIterable<readonly File[]>): ScanSource<File> {
  const skipped: SkipCounts = { symlinks: 0, special: 0, unreadable: 0, loops: 0 };
  return {
    kind: "file-list",
    skipped,
    checkAccess: () => Promise.resolve(), // the user picked these files: reading them is granted
    walk: (signal) => (isFileArray(files) ? listFiles(files, signal) : listFeed(files, signal)),
    slice: (entry, start, end) => sliceBlob(entry.ref, start, end),
    stream: (entry, chunkSize) => streamBlob(entry.ref, chunkSize),
  };
}

function isFileArray(files: readonly File[] | AsyncIterable<readonly File[]>): files is readonly File[] {
  return Array.isArray(files);
}

function toEntry(file: File): ScanEntry<File> {
  return {
    path: file.webkitRelativePath || file.name,
    name: file.name,
    size: file.size,
    modified: file.lastModified,
    type: file.type,
    ref: file,
  };
}

// the list is in memory; async only to be an AsyncIterable
async function* listFiles(files: readonly File[], signal?: AbortSignal): AsyncGenerator<ScanEntry<File>[]> {
  for (let start = 0; start < files.length; start += BATCH) {
    signal?.throwIfAborted();
    // A picked folder lists its CleanSpace trash too; what is in it is already cleaned up.
    yield files
      .slice(start, start + BATCH)
      .map(toEntry)
      .filter((e) => !isInTrash(e.path));
  }
}

async function* listFeed(feed: AsyncIterable<readonly File[]>, signal?: AbortSignal): AsyncGenerator<ScanEntry<File>[]> {
  for await (const files of feed) {
    signal?.throwIfAborted();
    yield* listFiles(files, signal);
  }
}
