import * as nodeFs from "node:fs";
import { TRASH_DIR } from "../../domain/scan-rules";
import { ScanAccessError } from "../errors";
import type { ScanEntry, ScanSource, SkipCounts } from "../types";

/** The few fs calls the walk makes; injectable so tests can fake EACCES even when run as root. */
export type NodeFsApi = Pick<
  typeof nodeFs,
  "readdirSync" | "lstatSync" | "statSync" | "accessSync" | "openSync" | "readSync" | "closeSync"
>;

/**
 * A Node entry's ref is its path relative to the root (the same string as `path`, so it
 * costs nothing): 100,000 absolute paths kept alive would only feed the garbage collector.
 */
export type NodeEntry = ScanEntry<string>;

/** Where a Node entry's bytes are. */
export function nodeEntryPath(root: string, entry: NodeEntry): string {
  return `${root}/${entry.ref}`;
}

/**
 * Node's fs as a scan source (the CLI). Built for speed, measured in bench/scan-bench.mjs:
 * a synchronous, iterative walk (one readdir with file types per folder, one lstat per
 * regular file) costs a fraction of one promise per entry and cannot overflow the stack
 * however deep the tree. Symbolic links are never followed (counted as skipped), so they
 * cannot loop; folders are also tracked by dev:ino against bind-mount loops.
 */
export function createNodeFsSource(root: string, fs: NodeFsApi = nodeFs): ScanSource<string> {
  const skipped: SkipCounts = { symlinks: 0, special: 0, unreadable: 0, loops: 0 };
  const base = trimSlash(root);

  return {
    kind: "node-fs",
    skipped,
    // async so a failure is a rejection, not a throw
    checkAccess: async () => checkRoot(fs, root),
    walk: (signal) => walkTree(fs, base, skipped, signal),
    slice: (entry, start, end) => readRange(fs, nodeEntryPath(base, entry), start, end),
    stream: (entry, chunkSize) => streamFile(fs, nodeEntryPath(base, entry), chunkSize),
  };
}

/** "/data/" and "/data" name one root; "/" stays "/" (children then read as "//x", which is fine). */
export function trimSlash(root: string): string {
  return root.length > 1 && root.endsWith("/") ? root.slice(0, -1) : root;
}

/** Throws a ScanAccessError (with the spec's wording) unless `root` is a readable folder. */
export function checkRoot(fs: Pick<NodeFsApi, "statSync" | "accessSync">, root: string): void {
  let stats: nodeFs.Stats;
  try {
    stats = fs.statSync(root);
  } catch (error) {
    const code = errorCode(error);
    if (code === "ENOENT" || code === "ENOTDIR") throw new ScanAccessError("not-found", `No such directory: ${root}`);
    if (code === "EACCES" || code === "EPERM") throw new ScanAccessError("permission-denied", `Permission denied: ${root}`);
    throw new ScanAccessError("unreadable", `Cannot read ${root}: ${code ?? String(error)}`);
  }
  if (!stats.isDirectory()) throw new ScanAccessError("not-a-directory", `Not a directory: ${root}`);
  try {
    fs.accessSync(root, nodeFs.constants.R_OK | nodeFs.constants.X_OK);
  } catch {
    throw new ScanAccessError("permission-denied", `Permission denied: ${root}`);
  }
}

// async only to be an AsyncIterable; the work is synchronous on purpose
async function* walkTree(fs: NodeFsApi, root: string, skipped: SkipCounts, signal?: AbortSignal): AsyncGenerator<NodeEntry[]> {
  const seenDirs = new Set<string>();
  const pending: string[] = [""]; // relative folder paths; an explicit stack, never recursion
  const dirOptions = { withFileTypes: true } as const;
  while (pending.length > 0) {
    signal?.throwIfAborted();
    const rel = pending.pop() ?? "";
    const abs = rel === "" ? root : `${root}/${rel}`;
    let dirents: nodeFs.Dirent[];
    try {
      // The root may be a link to a folder (follow it); below it, lstat never follows one.
      const id = rel === "" ? fs.statSync(abs) : fs.lstatSync(abs);
      if (!id.isDirectory()) throw new Error("no longer a folder");
      const key = `${id.dev}:${id.ino}`;
      if (seenDirs.has(key)) {
        skipped.loops++;
        continue;
      }
      seenDirs.add(key);
      dirents = fs.readdirSync(abs, dirOptions);
    } catch (error) {
      if (rel === "") throw new ScanAccessError("unreadable", `Cannot read ${root}: ${errorCode(error) ?? String(error)}`);
      skipped.unreadable++; // EACCES, ENAMETOOLONG past PATH_MAX, vanished: counted, never fatal
      continue;
    }
    const batch: NodeEntry[] = [];
    for (const dirent of dirents) {
      const name = dirent.name;
      const childRel = rel === "" ? name : `${rel}/${name}`;
      if (dirent.isDirectory()) {
        // CleanSpace's own trash is already cleaned up: never walked into.
        if (name !== TRASH_DIR) pending.push(childRel);
      } else if (dirent.isFile()) {
        const entry = statFile(fs, `${root}/${childRel}`, childRel, name, skipped);
        if (entry) batch.push(entry);
      } else if (dirent.isSymbolicLink()) {
        skipped.symlinks++;
      } else {
        skipped.special++;
      }
    }
    yield batch;
  }
}

/** One options object for every lstat: a vanished file answers undefined instead of throwing (no error object built). */
const LSTAT_NO_THROW = { throwIfNoEntry: false } as const;

function statFile(fs: NodeFsApi, abs: string, path: string, name: string, skipped: SkipCounts): NodeEntry | null {
  let stats: nodeFs.Stats | undefined;
  try {
    stats = fs.lstatSync(abs, LSTAT_NO_THROW);
  } catch {
    stats = undefined;
  }
  if (!stats) {
    skipped.unreadable++;
    return null;
  }
  if (!stats.isFile()) {
    // Changed type between readdir and lstat.
    if (stats.isSymbolicLink()) skipped.symlinks++;
    else skipped.special++;
    return null;
  }
  return {
    path,
    name,
    size: stats.size,
    modified: Math.trunc(stats.mtimeMs),
    type: "",
    // Only a file with several names needs an identity; the rest save the string.
    fileId: stats.nlink > 1 ? `${stats.dev}:${stats.ino}` : undefined,
    changed: stats.ctimeMs,
    ino: stats.ino,
    ref: path,
  };
}

function errorCode(error: unknown): string | undefined {
  return typeof error === "object" && error !== null && "code" in error ? String(error.code) : undefined;
}

/** Reads [start, end) with one open; a short read (file shrank) returns fewer bytes. */
function readRange(fs: NodeFsApi, abs: string, start: number, end: number): Uint8Array {
  const buffer = Buffer.allocUnsafe(Math.max(0, end - start));
  const fd = fs.openSync(abs, "r");
  try {
    return buffer.subarray(0, readFully(fs, fd, buffer, 0, buffer.length, start));
  } finally {
    fs.closeSync(fd);
  }
}

function readFully(fs: NodeFsApi, fd: number, buffer: Uint8Array, offset: number, length: number, position: number): number {
  let done = 0;
  while (done < length) {
    const n = fs.readSync(fd, buffer, offset + done, length - done, position + done);
    if (n === 0) break;
    done += n;
  }
  return done;
}

// synchronous reads behind the async interface
async function* streamFile(fs: NodeFsApi, abs: string, chunkSize: number): AsyncGenerator<Uint8Array> {
  const buffer = Buffer.allocUnsafe(chunkSize); // one buffer per file: a chunk is valid until the next one
  const fd = fs.openSync(abs, "r");
  try {
    for (let position = 0; ;) {
      const n = readFully(fs, fd, buffer, 0, chunkSize, position);
      if (n === 0) return;
      position += n;
      yield buffer.subarray(0, n);
      if (n < chunkSize) return;
    }
  } finally {
    fs.closeSync(fd);
  }
}
