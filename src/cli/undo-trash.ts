/**
 * `cleanspace undo DIR`: puts back what the journal says was trashed or hard-linked and not
 * yet restored — the last batch, or all of them — whoever did it (the CLI or the web app).
 * A move is undone with a rename, so the bytes and the time come back exactly; a link is
 * undone with a fresh copy of the bytes, given back its time and permissions. Nothing is
 * ever overwritten: a file whose old place is taken stays in the trash.
 */
import { constants } from "node:fs";
import { isInTrash } from "../domain/scan-rules";
import type { UndoableRecord } from "../domain/trash-journal";
import { lastBatch, newBatchId, outstandingRecords } from "../domain/trash-journal";
import { sha256File } from "./file-sha256";
import { redundant, tidyLeftovers } from "./journal-leftovers";
import {
  type JournalWriter,
  type TrashFs,
  describeError,
  errorCode,
  inRoot,
  moveFile,
  openJournal,
  pruneTrashFolders,
  readJournal,
  realFs,
} from "./trash-fs";

export interface UndoOptions {
  all?: boolean;
  dryRun?: boolean;
  now?: Date;
  fs?: TrashFs;
}

export interface UndoReport {
  restored: { path: string; from: string }[];
  /** Already back in place (restored by the web app's trash view, or a move that never happened). */
  alreadyBack: string[];
  failed: { path: string; reason: string }[];
  /** Journal lines that could not be read. */
  skippedLines: number;
  /** Temporary names and half-made copies an interrupted earlier run left, removed now. */
  tidied: string[];
}

export function undoTrash(root: string, options: UndoOptions = {}): UndoReport {
  const fs = options.fs ?? realFs;
  const batch = newBatchId(options.now ?? new Date());
  const { records, skipped } = readJournal(fs, root);
  const tidied = options.dryRun ? [] : tidyLeftovers(fs, root, records);
  const pending = outstandingRecords(records);
  const chosen = (options.all ? pending : lastBatch(pending)).reverse();
  const report: UndoReport = { restored: [], alreadyBack: [], failed: [], skippedLines: skipped, tidied };
  let journal: JournalWriter | null = null;
  const writer = () => (journal ??= openJournal(fs, root));
  const done = (record: UndoableRecord) => {
    writer().append({ v: 1, batch, at: new Date().toISOString(), by: "cli", op: "restore", undoes: record.batch, path: record.path });
  };
  // Names of one file linked whole: the first one undone gets the fresh copy, the others become its links again.
  const freshOf = new Map<string, string>();
  let temps = 0;
  const tempFor = (path: string, of: string) => {
    const slash = path.lastIndexOf("/");
    const temp = `${slash < 0 ? "" : path.slice(0, slash + 1)}.cleanspace-unlink-${batch.slice(-6)}-${temps++}`;
    writer().append({ v: 1, batch, at: new Date().toISOString(), by: "cli", op: "temp", path: temp, of });
    return temp;
  };
  try {
    for (const record of chosen) {
      try {
        const outcome =
          record.op === "trash"
            ? undoMove(fs, root, record, options.dryRun === true)
            : undoLink(fs, root, record, options.dryRun === true, freshOf, tempFor);
        if (outcome === "already-back") report.alreadyBack.push(record.path);
        else report.restored.push({ path: record.path, from: record.op === "trash" ? record.trashPath : record.target });
        if (!options.dryRun) done(record);
      } catch (error) {
        report.failed.push({ path: record.path, reason: error instanceof UndoRefusal ? error.message : describeError(error) });
      }
    }
  } finally {
    (journal as JournalWriter | null)?.close();
  }
  return report;
}

class UndoRefusal extends Error {}

function exists(fs: TrashFs, path: Buffer): boolean {
  try {
    fs.lstatSync(path);
    return true;
  } catch (error) {
    if (errorCode(error) === "ENOENT") return false;
    throw error;
  }
}

function undoMove(
  fs: TrashFs,
  root: string,
  record: Extract<UndoableRecord, { op: "trash" }>,
  dryRun: boolean,
): "restored" | "already-back" {
  if (!isInTrash(record.trashPath) || isInTrash(record.path))
    throw new UndoRefusal("the journal record does not point into the CleanSpace trash");
  const from = inRoot(root, record.trashPath);
  const to = inRoot(root, record.path);
  if (!exists(fs, from)) {
    if (exists(fs, to) && fs.lstatSync(to).size === record.size) return "already-back";
    throw new UndoRefusal("it is no longer in the trash");
  }
  if (exists(fs, to)) throw new UndoRefusal("another file now has its name in its old place; it stays in the trash");
  const stats = fs.lstatSync(from);
  if (stats.size !== record.size) throw new UndoRefusal("the file in the trash has changed size; it stays in the trash");
  if (record.hash !== null && sha256File(fs, from) !== record.hash)
    throw new UndoRefusal("the file in the trash has changed; it stays in the trash");
  if (dryRun) return "restored";
  moveFile(fs, from, to);
  pruneTrashFolders(fs, root, record.trashPath);
  return "restored";
}

function undoLink(
  fs: TrashFs,
  root: string,
  record: Extract<UndoableRecord, { op: "link" }>,
  dryRun: boolean,
  freshOf: Map<string, string>,
  tempFor: (path: string, of: string) => string,
): "restored" | "already-back" {
  const path = inRoot(root, record.path);
  if (!exists(fs, path)) throw new UndoRefusal("it is no longer there");
  const stats = fs.lstatSync(path);
  let target;
  try {
    target = fs.lstatSync(inRoot(root, record.target));
  } catch {
    target = null;
  }
  // Its own file again already (a link never made, or undone by other means).
  if (stats.nlink < 2 || (target !== null && (target.dev !== stats.dev || target.ino !== stats.ino))) return "already-back";
  if (stats.size !== record.size || (record.hash !== null && sha256File(fs, path) !== record.hash)) {
    throw new UndoRefusal("the linked file has changed since; it is left as it is");
  }
  if (dryRun) return "restored";
  const set = record.sameAs ?? record.path;
  const sibling = freshOf.get(set);
  const temp = tempFor(record.path, sibling ?? record.path);
  const tempPath = inRoot(root, temp);
  try {
    if (sibling !== undefined) {
      // Another name of the same file was given its own bytes already: this one links to them again.
      fs.linkSync(inRoot(root, sibling), tempPath);
    } else {
      // A separate copy of the same bytes, swapped in by rename so the name never goes missing.
      fs.copyFileSync(path, tempPath, constants.COPYFILE_EXCL);
      if (record.uid !== undefined && record.gid !== undefined) {
        try {
          fs.chownSync(tempPath, record.uid, record.gid);
        } catch (error) {
          if (errorCode(error) !== "EPERM") throw error;
        }
      }
      fs.chmodSync(tempPath, record.mode);
      const time = new Date(record.mtime);
      fs.utimesSync(tempPath, time, time);
    }
    fs.renameSync(tempPath, path);
  } catch (error) {
    try {
      if (redundant(fs, tempPath, path)) fs.unlinkSync(tempPath);
    } catch {
      // nothing to tidy
    }
    throw error;
  }
  freshOf.set(set, record.path);
  return "restored";
}
