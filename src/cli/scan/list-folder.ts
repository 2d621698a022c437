import type * as nodeFs from "node:fs";
import { TRASH_DIR } from "../../domain/scan-rules";
import { ScanAccessError } from "../../scan/errors";
import type { SkipCounts } from "../../scan/types";
import { fsPath, nameFromBytes } from "../path-bytes";
import type { FileTable } from "./file-table";

/**
 * The walk: one folder at a time, through Node's public fs calls only. This module is the only
 * place that lists folders and reads their entries' metadata, so how names and identities are
 * read (strings today) can change here alone.
 */

/** The few fs calls the walk makes; injectable so tests can fake EACCES even when run as root. */
export type WalkFs = Pick<typeof nodeFs, "readdirSync" | "lstatSync" | "statSync">;

/** One walker's state: its table, its skip counts and the folders it has already listed. */
export interface Walker {
  fs: WalkFs;
  /** The scanned folder, absolute, without a trailing "/" (except "/" itself). */
  root: string;
  table: FileTable;
  skipped: SkipCounts;
  /** "dev:ino" of every folder this walker listed: a folder met twice is a loop (bind mounts). */
  seen: Set<string>;
  /** Called after every FILES_BETWEEN_CALLS files of a large folder, so a worker fed from the walk is not left idle while one folder is listed. */
  during?: () => void;
}

/** One `during` call per this many files added within a folder. */
const FILES_BETWEEN_CALLS = 128;

const NO_THROW = { throwIfNoEntry: false } as const;
const WITH_TYPES = { withFileTypes: true } as const;

export function createWalker(fs: WalkFs, root: string, table: FileTable): Walker {
  return { fs, root, table, skipped: { symlinks: 0, special: 0, unreadable: 0, loops: 0 }, seen: new Set() };
}

/**
 * Lists one folder (relative path `rel`, "" for the root) into the walker's table: one readdir
 * with entry types, one lstat per regular file (folders are lstat'ed when they are listed,
 * links and special files need none); subfolders go on `pending`. The same rules as the
 * browser's folder walk: symbolic links are never followed
 * (counted), special files are skipped (counted), the CleanSpace trash is never entered, an
 * unreadable folder or file is counted, never fatal — except the root, which throws. Paths are
 * absolute (root + relative path): the walk never changes the working folder. Returns the
 * number of subfolders pushed.
 */
export function listFolder(walker: Walker, rel: string, pending: { push(rel: string): unknown }): number {
  const { fs, root, table, skipped } = walker;
  const abs = rel === "" ? root : `${root}/${rel}`;
  // A name that is not UTF-8 is held as a string of its bytes (path-bytes.ts); fs calls get the bytes back.
  const absPath = fsPath(abs);
  let entries: { name: string; isDirectory(): boolean; isSymbolicLink(): boolean; isFile(): boolean }[];
  let bytePaths: boolean;
  let dir: number;
  let dev: number;
  try {
    // The root may be a link to a folder (follow it); below it, lstat never follows one.
    const id = rel === "" ? fs.statSync(absPath) : fs.lstatSync(absPath, NO_THROW);
    if (!id?.isDirectory()) throw new Error("no longer a folder");
    dev = id.dev;
    const key = `${dev}:${id.ino}`;
    if (walker.seen.has(key)) {
      skipped.loops++;
      return 0;
    }
    walker.seen.add(key);
    const listed = fs.readdirSync(absPath, WITH_TYPES);
    entries = exactNames(fs, absPath, listed);
    // Paths below need their bytes back only when this folder's path or a name holds an escape.
    bytePaths = typeof absPath !== "string" || entries !== listed;
    dir = table.addDir(rel, dev, id.ino);
  } catch (error) {
    if (rel === "") throw new ScanAccessError("unreadable", `Cannot read ${root}: ${errorCode(error) ?? String(error)}`);
    skipped.unreadable++; // EACCES, ENAMETOOLONG past PATH_MAX, vanished: counted, never fatal
    return 0;
  }
  const prefix = rel === "" ? "" : `${rel}/`;
  let pushed = 0;
  const { during } = walker;
  let nextCall = table.fileCount + FILES_BETWEEN_CALLS;
  for (const entry of entries) {
    const name = entry.name;
    if (entry.isDirectory()) {
      // CleanSpace's own trash is already cleaned up: never walked into.
      if (name !== TRASH_DIR) {
        pending.push(prefix + name);
        pushed++;
      }
      continue;
    }
    if (entry.isSymbolicLink()) {
      skipped.symlinks++;
      continue;
    }
    if (!entry.isFile()) {
      skipped.special++;
      continue;
    }
    let stats: nodeFs.Stats | undefined;
    try {
      stats = fs.lstatSync(bytePaths ? fsPath(`${abs}/${name}`) : `${abs}/${name}`, NO_THROW);
    } catch {
      stats = undefined; // listed but not searchable (r-- without x): counted below
    }
    if (!stats) {
      skipped.unreadable++; // gone since the readdir, or not searchable
    } else if (stats.isFile()) {
      const i = table.addFile(dir, name, stats.size, Math.trunc(stats.mtimeMs), stats.ctimeMs, stats.ino, stats.dev);
      // Only a file with several names needs an identity; the rest save the string.
      if (stats.nlink > 1) table.linkIds.set(i, `${stats.dev}:${stats.ino}`);
      if (during && i + 1 >= nextCall) {
        during();
        nextCall = i + 1 + FILES_BETWEEN_CALLS;
      }
    } else if (stats.isDirectory()) {
      // Replaced by a folder since the readdir: listed like any other.
      if (name !== TRASH_DIR) {
        pending.push(prefix + name);
        pushed++;
      }
    } else if (stats.isSymbolicLink()) {
      skipped.symlinks++;
    } else {
      skipped.special++;
    }
  }
  return pushed;
}

/**
 * The folder's entries with every name exact: a name that is not valid UTF-8 comes back from
 * a string readdir with U+FFFD in it (and may then equal another file's name), so such a folder
 * is listed again as bytes, and its names made strings of their bytes. Most folders hold none.
 */
function exactNames(fs: WalkFs, absPath: string | Buffer, entries: nodeFs.Dirent[]): typeof entries {
  if (!entries.some((entry) => entry.name.includes("\ufffd"))) return entries;
  return fs.readdirSync(absPath, { withFileTypes: true, encoding: "buffer" }).map((entry) => {
    const name = nameFromBytes(entry.name);
    return Object.assign(entry, { name }) as unknown as nodeFs.Dirent;
  });
}

function errorCode(error: unknown): string | undefined {
  return typeof error === "object" && error !== null && "code" in error ? String(error.code) : undefined;
}
