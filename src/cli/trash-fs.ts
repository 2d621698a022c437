/**
 * The file-system side of the trash journal for the CLI: where things are, appending
 * records (write-ahead, see src/domain/schemas/trash-journal.ts), moving files in and out
 * of `.cleanspace-trash`. The fs calls are injectable so tests can fail one half-way
 * (a full disk, a read-only folder) even when they run as root.
 */
import * as nodeFs from "node:fs";
import { spawnSync } from "node:child_process";
import { TRASH_DIR } from "../domain/scan-rules";
import type { JournalRecord } from "../domain/schemas/trash-journal";
import { JOURNAL_FILE, formatJournalRecord, parseJournal } from "../domain/trash-journal";
import { sameBytes } from "./file-sha256";
import { pathBytes } from "./path-bytes";

export type TrashFs = Pick<
  typeof nodeFs,
  | "lstatSync"
  | "statSync"
  | "renameSync"
  | "mkdirSync"
  | "openSync"
  | "readSync"
  | "writeSync"
  | "closeSync"
  | "existsSync"
  | "copyFileSync"
  | "unlinkSync"
  | "utimesSync"
  | "linkSync"
  | "chmodSync"
  | "chownSync"
  | "readFileSync"
  | "rmdirSync"
  | "readdirSync"
  | "realpathSync"
>;

export const realFs: TrashFs = nodeFs;

/** Absolute path, as bytes, of a root-relative "/"-separated path (path-bytes.ts: names that are not UTF-8 stay exact). */
export function inRoot(root: string, rel: string): Buffer {
  return pathBytes(root.endsWith("/") ? `${root}${rel}` : `${root}/${rel}`);
}

export function journalPath(root: string): Buffer {
  return inRoot(root, `${TRASH_DIR}/${JOURNAL_FILE}`);
}

export function readJournal(fs: TrashFs, root: string): ReturnType<typeof parseJournal> {
  let text: string;
  try {
    text = fs.readFileSync(journalPath(root), "utf8");
  } catch (error) {
    if (errorCode(error) === "ENOENT") return { records: [], skipped: 0 };
    throw error;
  }
  return parseJournal(text);
}

export interface JournalWriter {
  append(record: JournalRecord): void;
  close(): void;
}

/**
 * Closes the write-ahead record of a step that failed (a move or a link never made), so undo
 * does not look for it. Best effort: should this write fail too, undo finds the file still in
 * its place (or with one link) and skips it.
 */
export function cancelWriteAhead(journal: JournalWriter, batch: string, at: string, path: string): void {
  try {
    journal.append({ v: 1, batch, at, by: "cli", op: "restore", undoes: batch, path });
  } catch {
    // See above: undo skips what never moved.
  }
}

/** Opens the journal for appending, creating the trash folder; throws when it cannot be written. */
export function openJournal(fs: TrashFs, root: string): JournalWriter {
  fs.mkdirSync(inRoot(root, TRASH_DIR), { recursive: true });
  const fd = fs.openSync(journalPath(root), "a");
  return {
    append(record) {
      const line = Buffer.from(formatJournalRecord(record), "utf8");
      let written = 0;
      while (written < line.length) written += fs.writeSync(fd, line, written, line.length - written);
    },
    close: () => fs.closeSync(fd),
  };
}

/**
 * Moves a file within the root: a rename, or on another file system (a mount inside the
 * folder) a copy, as `mv` makes it: same bytes (compared byte for byte), same owner, group,
 * permission bits, times and extended attributes; only then is the old name removed.
 */
export function moveFile(fs: TrashFs, from: Buffer, to: Buffer): void {
  fs.mkdirSync(parentOf(to), { recursive: true });
  if (fs.existsSync(to)) throw new Error("the destination is taken");
  try {
    fs.renameSync(from, to);
    return;
  } catch (error) {
    if (errorCode(error) !== "EXDEV") throw error;
  }
  const stats = fs.lstatSync(from);
  try {
    fs.copyFileSync(from, to, nodeFs.constants.COPYFILE_EXCL);
    copyMetadata(fs, from, to, stats);
    if (!sameBytes(fs, from, to)) throw new Error("the copy's bytes do not match");
  } catch (error) {
    try {
      fs.unlinkSync(to);
    } catch {
      // nothing was copied
    }
    throw error;
  }
  fs.unlinkSync(from);
}

/**
 * Owner and group first (changing them clears set-user-ID bits), then the permission bits,
 * the extended attributes, and the times last (nothing after them touches the file).
 */
function copyMetadata(fs: TrashFs, from: Buffer, to: Buffer, stats: nodeFs.Stats): void {
  try {
    fs.chownSync(to, stats.uid, stats.gid);
  } catch (error) {
    // Only root may give a file away: a person moving their own files keeps them theirs anyway.
    if (errorCode(error) !== "EPERM") throw error;
  }
  fs.chmodSync(to, stats.mode & 0o7777);
  copyXattrs(from, to);
  fs.utimesSync(to, stats.atimeMs / 1000, stats.mtimeMs / 1000);
}

/**
 * Node has no call for extended attributes: GNU cp copies them (Linux), given the two files
 * as /proc/self/fd links so that any name, UTF-8 or not, gets through. Where that is not
 * available (macOS, Windows) the copy has none; a failure of cp itself is an error.
 */
function copyXattrs(from: Buffer, to: Buffer): void {
  if (process.platform !== "linux") return;
  const source = nodeFs.openSync(from, "r");
  try {
    const target = nodeFs.openSync(to, "r");
    try {
      const proc = `/proc/${process.pid}/fd`;
      const run = spawnSync("cp", ["--attributes-only", "--preserve=xattr", "--", `${proc}/${source}`, `${proc}/${target}`], {
        stdio: ["ignore", "ignore", "pipe"],
        encoding: "utf8",
      });
      if (run.error && errorCode(run.error) === "ENOENT") return; // no cp: no extended attributes to copy with
      if (run.status !== 0) throw new Error(`the extended attributes could not be copied (${(run.stderr ?? "").trim()})`);
    } finally {
      nodeFs.closeSync(target);
    }
  } finally {
    nodeFs.closeSync(source);
  }
}

/** The folder of a path given as bytes ("/a/b" → "/a"). */
export function parentOf(path: Buffer): Buffer {
  const slash = path.lastIndexOf(0x2f);
  return slash <= 0 ? Buffer.from("/") : path.subarray(0, slash);
}

/** Removes the folders a trash path leaves empty, deepest first, never the trash folder itself. */
export function pruneTrashFolders(fs: TrashFs, root: string, trashPath: string): void {
  const parts = trashPath.split("/");
  for (let n = parts.length - 1; n >= 2; n--) {
    const dir = inRoot(root, parts.slice(0, n).join("/"));
    try {
      if (fs.readdirSync(dir).length > 0) return;
      fs.rmdirSync(dir);
    } catch {
      return;
    }
  }
}

export function errorCode(error: unknown): string | undefined {
  return typeof error === "object" && error !== null && "code" in error ? String((error as { code: unknown }).code) : undefined;
}

/** A reason a person can read: "permission denied" rather than "EACCES: …". */
export function describeError(error: unknown): string {
  switch (errorCode(error)) {
    case "ENOENT":
      return "it is no longer there";
    case "EACCES":
    case "EPERM":
      return "permission denied";
    case "EROFS":
      return "the file system is read-only";
    case "ENOSPC":
      return "the disk is full";
    case "EXDEV":
      return "it is on another file system";
    case "ENAMETOOLONG":
      return "its path (or its path in the trash) is longer than the system allows";
    default:
      return error instanceof Error ? error.message : String(error);
  }
}
