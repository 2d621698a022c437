import type * as nodeFs from "node:fs";
import { TRASH_DIR } from "../../domain/scan-rules";
import { ScanAccessError } from "../../scan/errors";
import type { SkipCounts } from "../../scan/types";
import {
  ENTRY_CTIME_MS,
  ENTRY_DEV,
  ENTRY_FIELDS,
  ENTRY_INO,
  ENTRY_MODE,
  ENTRY_MTIME_MS,
  ENTRY_NLINK,
  ENTRY_SIZE,
  type EntryLstat,
  S_IFDIR,
  S_IFLNK,
  S_IFMT,
  S_IFREG,
  entryLstat,
} from "./fs-binding";
import type { FileTable } from "./file-table";

/** The few fs calls the walk makes; injectable so tests can fake EACCES even when run as root. */
export type WalkFs = Pick<typeof nodeFs, "readdirSync" | "lstatSync" | "statSync">;

/** One walker's state: its table, its skip counts and the folders it has already listed. */
export interface Walker {
  fs: WalkFs;
  /** The scanned folder, without a trailing "/" (except "/" itself). */
  root: string;
  table: FileTable;
  skipped: SkipCounts;
  /** "dev:ino" of every folder this walker listed: a folder met twice is a loop (bind mounts). */
  seen: Set<string>;
  /** Called after every FILES_BETWEEN_CALLS files of a large folder, so a worker fed from the walk is not left idle while one folder is listed. */
  during?: () => void;
  /**
   * Makes `abs` the working folder (throws if it cannot), so that folder is read as "." and
   * its files are looked up by name (see enteringFolders); null: absolute paths throughout.
   */
  enter: ((abs: string) => void) | null;
  /** lstat without a Stats object (fs-binding.ts), into `entry`. */
  lstat: EntryLstat;
  entry: Float64Array;
}

/** One `during` call per this many files added within a folder (a Downloads folder of 9,000 files takes ~40 ms to list). */
const FILES_BETWEEN_CALLS = 128;

export function createWalker(fs: WalkFs, root: string, table: FileTable): Walker {
  return {
    fs,
    root,
    table,
    skipped: { symlinks: 0, special: 0, unreadable: 0, loops: 0 },
    seen: new Set(),
    enter: null,
    lstat: entryLstat(fs),
    entry: new Float64Array(ENTRY_FIELDS),
  };
}

/** Enters a folder the way a scan does by default (read at call time, so tests can spy on process.chdir). */
export const chdirInto = (abs: string): void => process.chdir(abs);

/**
 * Runs a walk with its walker entering each folder it lists (process.chdir), then puts the
 * working folder back. An lstat of "name" makes the kernel resolve one path component, of
 * "/home/…/name" every one of them: that lookup was half of the main thread's kernel time in a
 * walk (decision 016, session 11). Only on the main thread (a worker cannot chdir; the workers
 * keep absolute paths, so moving the process's working folder does not touch them), and the
 * walk is synchronous: no other code of this thread runs until the folder is put back.
 * `enter` is chdirInto, or a stand-in in tests; null runs the walk with absolute paths.
 */
export function enteringFolders<T>(walker: Walker, enter: ((abs: string) => void) | null, walk: () => T): T {
  if (!enter) return walk();
  let home: string;
  try {
    home = process.cwd();
  } catch {
    return walk(); // the working folder was removed: it could not be put back
  }
  walker.enter = enter;
  try {
    return walk();
  } finally {
    walker.enter = null;
    try {
      process.chdir(home);
    } catch {
      // Removed during the scan: nothing after the walk uses a relative path (tree-scan.ts resolves the root and the cache folder first).
    }
  }
}

/**
 * Lists one folder (relative path `rel`, "" for the root) into the walker's table: one
 * readdir of names, one lstat per entry (without a Stats object: fs-binding.ts); subfolders
 * go on `pending`. The same rules as the engine's Node source (src/scan/sources/node-fs.ts):
 * symbolic links are never followed (counted), special files are skipped (counted), the
 * CleanSpace trash is never entered, an unreadable folder is counted, never fatal — except
 * the root, which throws. A walker that enters folders (`enter`) reads the folder as "." and
 * its entries by name. Returns the number of subfolders pushed.
 */
export function listFolder(walker: Walker, rel: string, pending: { push(rel: string): unknown }): number {
  const { fs, root, table, skipped, lstat, entry } = walker;
  const abs = rel === "" ? root : `${root}/${rel}`;
  let names: string[];
  let dir: number;
  let entered: boolean;
  try {
    // The root may be a link to a folder (follow it); below it, lstat never follows one.
    let dev: number;
    let ino: number;
    if (rel === "") {
      const id = fs.statSync(abs);
      if (!id.isDirectory()) throw new Error("no longer a folder");
      dev = id.dev;
      ino = id.ino;
    } else {
      if (!lstat(abs, entry) || ((entry[ENTRY_MODE] as number) & S_IFMT) !== S_IFDIR) throw new Error("no longer a folder");
      dev = entry[ENTRY_DEV] as number;
      ino = entry[ENTRY_INO] as number;
    }
    const key = `${dev}:${ino}`;
    if (walker.seen.has(key)) {
      skipped.loops++;
      return 0;
    }
    walker.seen.add(key);
    entered = enterFolder(walker, abs);
    names = fs.readdirSync(entered ? "." : abs);
    dir = table.addDir(rel, dev, ino);
  } catch (error) {
    if (rel === "") throw new ScanAccessError("unreadable", `Cannot read ${root}: ${errorCode(error) ?? String(error)}`);
    skipped.unreadable++; // EACCES, ENAMETOOLONG past PATH_MAX, vanished: counted, never fatal
    return 0;
  }
  const prefix = rel === "" ? "" : `${rel}/`;
  // Inside the folder: each entry by its name; else by its absolute path.
  const entryPrefix = entered ? "" : `${abs}/`;
  let pushed = 0;
  const { during } = walker;
  let nextCall = table.fileCount + FILES_BETWEEN_CALLS;
  // Only when an lstat fails (a folder that can be read but not searched): each entry's type as readdir saw it.
  let types: Map<string, nodeFs.Dirent> | null = null;
  for (const name of names) {
    let type: number;
    try {
      type = lstat(entryPrefix + name, entry) ? (entry[ENTRY_MODE] as number) & S_IFMT : -1;
    } catch {
      type = -1;
    }
    if (type === -1) {
      // Gone, or not searchable: counted as the engine counts it, by readdir's type (a folder fails when it is listed).
      types ??= typesOf(fs, entered ? "." : abs);
      const dirent = types.get(name);
      if (dirent?.isDirectory()) type = S_IFDIR;
      else if (dirent?.isSymbolicLink()) type = S_IFLNK;
      else if (dirent && !dirent.isFile()) type = 0;
    }
    if (type === S_IFDIR) {
      // CleanSpace's own trash is already cleaned up: never walked into.
      if (name !== TRASH_DIR) {
        pending.push(prefix + name);
        pushed++;
      }
    } else if (type === S_IFREG) {
      const i = table.addFile(
        dir,
        name,
        entry[ENTRY_SIZE] as number,
        Math.trunc(entry[ENTRY_MTIME_MS] as number),
        entry[ENTRY_CTIME_MS] as number,
        entry[ENTRY_INO] as number,
      );
      // Only a file with several names needs an identity; the rest save the string.
      if ((entry[ENTRY_NLINK] as number) > 1) table.linkIds.set(i, `${entry[ENTRY_DEV]}:${entry[ENTRY_INO]}`);
      if (during && i + 1 >= nextCall) {
        during();
        nextCall = i + 1 + FILES_BETWEEN_CALLS;
      }
    } else if (type === -1) {
      skipped.unreadable++;
    } else if (type === S_IFLNK) {
      skipped.symlinks++;
    } else {
      skipped.special++;
    }
  }
  return pushed;
}

/** readdir's view of a folder's entries, by name; empty if it cannot be read again. */
function typesOf(fs: WalkFs, path: string): Map<string, nodeFs.Dirent> {
  try {
    return new Map(fs.readdirSync(path, { withFileTypes: true }).map((dirent) => [dirent.name, dirent]));
  } catch {
    return new Map();
  }
}

/** True when the walker works inside `abs` now; false (absolute paths) when it does not enter folders or this one cannot be entered. */
function enterFolder(walker: Walker, abs: string): boolean {
  if (!walker.enter) return false;
  try {
    walker.enter(abs);
    return true;
  } catch {
    // Not searchable (r-- without x), or gone: read by absolute path, which fails the same way file by file, as without entering.
    return false;
  }
}

function errorCode(error: unknown): string | undefined {
  return typeof error === "object" && error !== null && "code" in error ? String(error.code) : undefined;
}
