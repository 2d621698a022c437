/**
 * What a run killed half-way leaves, found through the journal and removed by the next run
 * (`apply`, `clean`, `undo`): a temporary name a `temp` record announced, and the half-made
 * trash copy of a move across file systems. Each is removed only once it is shown to hold
 * nothing of its own — another name of the same file, or bytes that are all still in place.
 */
import type { JournalRecord } from "../domain/schemas/trash-journal";
import { outstandingRecords } from "../domain/trash-journal";
import { bytesArePrefix, sha256File } from "./file-sha256";
import { type TrashFs, errorCode, inRoot, readJournal } from "./trash-fs";

/** The only names a `temp` record may point at: those the CLI makes (never a person's file). */
export const TEMP_PREFIXES = [".cleanspace-link-", ".cleanspace-unlink-"];

export function isTempName(path: string): boolean {
  const name = path.slice(path.lastIndexOf("/") + 1);
  return TEMP_PREFIXES.some((prefix) => name.startsWith(prefix));
}

/** The leftovers named by the journal at `root`, removed; never throws (tidying is a courtesy, never a reason to stop). */
export function tidyJournalLeftovers(fs: TrashFs, root: string): string[] {
  try {
    return tidyLeftovers(fs, root, readJournal(fs, root).records);
  } catch {
    return [];
  }
}

/** Removes the leftovers; returns their root-relative paths. */
export function tidyLeftovers(fs: TrashFs, root: string, records: readonly JournalRecord[]): string[] {
  const removed: string[] = [];
  const seen = new Set<string>();
  for (const record of outstandingRecords(records)) {
    // A move across file systems cut short: the trash holds a copy (or part of one) of a file
    // still in its place, unchanged.
    if (record.op !== "trash" || record.hash === null) continue;
    try {
      const [copy, original] = [inRoot(root, record.trashPath), inRoot(root, record.path)];
      if (!redundant(fs, copy, original) || fs.lstatSync(copy).dev === fs.lstatSync(original).dev) continue;
      if (sha256File(fs, original) !== record.hash) continue;
      fs.unlinkSync(copy);
      removed.push(record.trashPath);
    } catch {
      // Gone already, or unreadable now: left for a later run; undo reports it if it matters.
    }
  }
  for (const record of records) {
    if (record.op !== "temp" || seen.has(record.path) || !isTempName(record.path)) continue;
    seen.add(record.path);
    try {
      if (redundant(fs, inRoot(root, record.path), inRoot(root, record.of))) {
        fs.unlinkSync(inRoot(root, record.path));
        removed.push(record.path);
      }
    } catch {
      // As above: a leftover that cannot be checked now is left alone.
    }
  }
  return removed;
}

/**
 * True when `extra` holds nothing `of` does not: the same file (a hard link made under a
 * temporary name), or a file of one name whose bytes are the start of, or all of, `of`'s (a
 * copy cut short). False when it is absent or anything else.
 */
export function redundant(fs: TrashFs, extra: Buffer, of: Buffer): boolean {
  let a;
  try {
    a = fs.lstatSync(extra);
  } catch (error) {
    if (errorCode(error) === "ENOENT") return false;
    throw error;
  }
  if (!a.isFile()) return false;
  let b;
  try {
    b = fs.lstatSync(of);
  } catch (error) {
    if (errorCode(error) === "ENOENT") return false;
    throw error;
  }
  if (!b.isFile()) return false;
  if (a.dev === b.dev && a.ino === b.ino) return b.nlink > 1;
  return a.nlink === 1 && a.size <= b.size && bytesArePrefix(fs, extra, of);
}
