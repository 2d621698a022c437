import { TRASH_DIR } from "../../domain/scan-rules";
import { ScanAccessError } from "../errors";
import type { ScanEntry, SkipCounts } from "../types";

/**
 * The parts of the File System Access API the walk uses. TypeScript's DOM library leaves
 * the async iteration of a folder out of "DOM", so it is spelled out here.
 */
export interface FolderHandle {
  readonly kind: "directory";
  readonly name: string;
  entries(): AsyncIterable<[string, FileSystemHandle]>;
  queryPermission?(descriptor: { mode: "read" | "readwrite" }): Promise<PermissionState>;
}

export interface FolderWalkOptions {
  /** Folders listed at once (each its own `entries()` iterator). */
  listers: number;
  /** `getFile()` calls in flight, across folders. */
  filesInFlight: number;
  skipped: SkipCounts;
  signal?: AbortSignal;
}

/**
 * Walks a folder tree with every kind of call in flight at once: several folders listed side
 * by side, `getFile()` started for each file as soon as its folder names it (not after the
 * folder is done), and entries handed out as their `getFile()` answers. Each of these calls
 * is a round trip to the browser process; made one after the other, the listing and the
 * `getFile()` rounds of a 20,000-file folder took ~5 s each, back to back.
 *
 * Yields batches of whatever is ready, in no fixed order (the order of answers). Never walks
 * into CleanSpace's trash. A folder that cannot be listed, or a file whose `getFile()` fails,
 * is counted in `skipped.unreadable`; the root failing throws ScanAccessError("unreadable").
 */
export async function* walkFolderConcurrently(root: FolderHandle, options: FolderWalkOptions): AsyncGenerator<ScanEntry<File>[]> {
  const { listers, filesInFlight, skipped, signal } = options;
  const folders: { folder: FolderHandle; prefix: string }[] = [{ folder: root, prefix: "" }];
  const named: [string, FileSystemFileHandle][] = [];
  let ready: ScanEntry<File>[] = [];
  let listing = 0;
  let getting = 0;
  let failure: unknown = null;
  /** Set when the consumer leaves early (cancelled, or an error): listers stop at their next entry. */
  let stopped = false;
  let wake: (() => void) | null = null;

  const wakeConsumer = (): void => {
    const w = wake;
    wake = null;
    w?.();
  };

  const getFile = (path: string, handle: FileSystemFileHandle): void => {
    getting++;
    handle.getFile().then(
      (file) => {
        getting--;
        ready.push({ path, name: file.name, size: file.size, modified: file.lastModified, type: file.type, ref: file });
        pump();
      },
      () => {
        getting--;
        skipped.unreadable++;
        pump();
      },
    );
  };

  const list = async (folder: FolderHandle, prefix: string): Promise<void> => {
    try {
      for await (const [name, handle] of folder.entries()) {
        if (stopped) return;
        if (handle.kind === "directory") {
          // CleanSpace's own trash is already cleaned up: never walked into.
          if (name !== TRASH_DIR) folders.push({ folder: handle as unknown as FolderHandle, prefix: `${prefix}${name}/` });
        } else {
          named.push([prefix + name, handle as FileSystemFileHandle]);
        }
        pump(false);
      }
    } catch (error) {
      if (folder === root) failure = error;
      else skipped.unreadable++;
    }
  };

  /** Starts what the limits allow; `wakeUp` false while a lister is mid-folder (the consumer is woken by answers). */
  function pump(wakeUp = true): void {
    while (!stopped && getting < filesInFlight && named.length > 0) {
      const [path, handle] = named.pop() as [string, FileSystemFileHandle];
      getFile(path, handle);
    }
    while (!stopped && listing < listers && folders.length > 0) {
      const { folder, prefix } = folders.pop() as { folder: FolderHandle; prefix: string };
      listing++;
      void list(folder, prefix).then(() => {
        listing--;
        pump();
      });
    }
    if (wakeUp) wakeConsumer();
  }

  signal?.addEventListener("abort", wakeConsumer);
  try {
    pump(false);
    for (;;) {
      signal?.throwIfAborted();
      if (failure !== null) throw new ScanAccessError("unreadable", "The folder could not be read");
      if (ready.length > 0) {
        const batch = ready;
        ready = [];
        yield batch;
        continue;
      }
      if (listing === 0 && getting === 0 && folders.length === 0 && named.length === 0) return;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  } finally {
    stopped = true;
    signal?.removeEventListener("abort", wakeConsumer);
  }
}
