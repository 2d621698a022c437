/**
 * The CleanSpace trash: a folder `.cleanspace-trash/<YYYY-MM-DD>/<original path>` inside the
 * folder the user chose. Moving there is reversible (restoreFromTrash puts every byte back);
 * only deletePermanently, from the Trash view, removes anything for good — and only inside
 * the trash. Shared by Organize's batch actions and the dashboard's Auto Clean.
 *
 * Each file moves with FileSystemFileHandle.move() where the browser has it; otherwise it is
 * copied as a stream, the copy's size is checked, and only then is the original removed.
 */
import { TRASH_DIR } from "../../../domain/scan-rules";
import type { JournalRecord, TrashRecord } from "../../../domain/schemas/trash-journal";
import { newBatchId, openRecordAt } from "../../../domain/trash-journal";
import { sameFileRefusal } from "../../../domain/trash-refusals";
import { asDir, dirAt, freeName, isNotFound, locateFile, splitPath, type DirHandle, type FileHandle, type Located } from "./handles";
import { appendJournal, readJournalRecords } from "./trash-journal-web";

/** What the mover needs of an item: where it is and what the scan saw there. */
export interface TrashableItem {
  path: string;
  size: number;
  /** When given, a file modified since the scan is left alone. */
  modified?: number;
  /**
   * The copy that stays, for a duplicate: it must still be there, and be another entry than
   * this one (isSameEntry), at the moment of the move — or nothing moves.
   */
  keepPath?: string;
}

export interface MovedItem<T extends TrashableItem = TrashableItem> {
  item: T;
  /** Root-relative path of the file inside the trash. */
  trashPath: string;
}

/** A file back in its place; `modified` is its time now (a copy cannot keep the old one). */
export interface RestoredItem<T extends TrashableItem = TrashableItem> extends MovedItem<T> {
  modified: number;
}

export interface FailedItem<T> {
  item: T;
  reason: string;
}

export interface TrashEntry {
  trashPath: string;
  /** Where the file came from (the trash path without `.cleanspace-trash/<date>/`). */
  originalPath: string;
  /** The day it was moved, YYYY-MM-DD. */
  day: string;
  name: string;
  size: number;
  modified: number;
}

/** The trash folder's day for `date`, in the user's local calendar. */
export function trashDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function isTrashPath(path: string): boolean {
  return path === TRASH_DIR || path.startsWith(`${TRASH_DIR}/`);
}

/** ".cleanspace-trash/2026-11-23/a/b.jpg" → "a/b.jpg"; null when it is not a trash path. */
export function originalPathOf(trashPath: string): string | null {
  const parts = trashPath.split("/");
  if (parts[0] !== TRASH_DIR || parts.length < 3 || !/^\d{4}-\d{2}-\d{2}$/.test(parts[1]!)) return null;
  return parts.slice(2).join("/");
}

const reasonOf = (error: unknown) => (error instanceof Error && error.message ? error.message : String(error));

async function sizeOf(dir: DirHandle, name: string): Promise<number> {
  return (await (await dir.getFileHandle(name)).getFile()).size;
}

/**
 * Moves one file to `destDir/destName` and proves it arrived whole. On a failed copy the
 * partial copy is removed and the original is left untouched.
 */
async function moveOne(
  from: { parent: DirHandle; name: string; handle: FileHandle },
  file: File,
  destDir: DirHandle,
  destName: string,
): Promise<void> {
  if (typeof from.handle.move === "function") {
    try {
      await from.handle.move(destDir, destName);
      if ((await sizeOf(destDir, destName)) !== file.size) throw new Error("The moved file's size does not match");
      return;
    } catch (error) {
      // Only fall back to copying when the move left the original where it was.
      const stillThere = await from.parent.getFileHandle(from.name).then(
        () => true,
        () => false,
      );
      if (!stillThere) throw error;
    }
  }
  const target = await destDir.getFileHandle(destName, { create: true });
  try {
    const writable = await target.createWritable();
    await file.stream().pipeTo(writable);
    const copied = await target.getFile();
    if (copied.size !== file.size) throw new Error(`The copy has ${copied.size} bytes instead of ${file.size}`);
  } catch (error) {
    await destDir.removeEntry(destName).catch(() => undefined);
    throw error;
  }
  await from.parent.removeEntry(from.name);
}

/** Removes the now-empty folders a trash path leaves behind, deepest first, up to the trash itself. */
async function pruneEmptyTrashFolders(root: DirHandle, trashPaths: readonly string[]): Promise<void> {
  const folders = new Set<string>();
  for (const p of trashPaths) {
    const parts = p.split("/");
    for (let n = parts.length - 1; n >= 1; n--) folders.add(parts.slice(0, n).join("/"));
  }
  const deepestFirst = [...folders].filter(isTrashPath).sort((a, b) => b.split("/").length - a.split("/").length);
  for (const folder of deepestFirst) {
    try {
      const parts = folder.split("/");
      const parent = await dirAt(root, parts.slice(0, -1));
      const dir = await parent.getDirectoryHandle(parts[parts.length - 1]!);
      let empty = true;
      for await (const _entry of dir.entries()) {
        empty = false;
        break;
      }
      if (empty) await parent.removeEntry(parts[parts.length - 1]!);
    } catch {
      // Already gone, or not empty: nothing to tidy.
    }
  }
}

/**
 * Moves each item into `.cleanspace-trash/<day>/<its path>` under `root`. Items are handled
 * one by one; one failure never stops the others. A name already taken in the trash gets
 * " (2)" and so on, so nothing in the trash is ever overwritten.
 *
 * Journalled like the CLI (src/domain/schemas/trash-journal.ts): every file is checked and
 * given its trash name first, the batch's records are written, and only then do files move;
 * a move that fails gets its record closed. `cleanspace undo DIR` can so put them back.
 */
export async function moveToTrash<T extends TrashableItem>(
  root: FileSystemDirectoryHandle,
  items: readonly T[],
  date: Date,
): Promise<{ moved: MovedItem<T>[]; failed: FailedItem<T>[] }> {
  const dir = asDir(root);
  const day = trashDay(date);
  const batch = newBatchId(date);
  const at = date.toISOString();
  const moved: MovedItem<T>[] = [];
  const failed: FailedItem<T>[] = [];
  const failure = (item: T, error: unknown) =>
    failed.push({ item, reason: isNotFound(error) ? "The file is no longer there" : reasonOf(error) });
  const planned: { item: T; from: Located; file: File; destDir: DirHandle; destName: string; record: TrashRecord }[] = [];
  const claimed = new Set<string>();
  for (const item of items) {
    try {
      if (isTrashPath(item.path)) throw new Error("This file is already in the CleanSpace trash");
      const parts = splitPath(item.path);
      const from = await locateFile(dir, item.path);
      const file = await from.handle.getFile();
      if (file.size !== item.size || (item.modified !== undefined && file.lastModified !== item.modified)) {
        throw new Error("The file changed since the scan; scan again before moving it");
      }
      const folder = [TRASH_DIR, day, ...parts.slice(0, -1)];
      const destDir = await dirAt(dir, folder, true);
      const destName = await unclaimedName(destDir, from.name, (name) => claimed.has([...folder, name].join("/")));
      const trashPath = [...folder, destName].join("/");
      claimed.add(trashPath);
      const record: TrashRecord = {
        v: 1,
        batch,
        at,
        by: "web",
        op: "trash",
        path: item.path,
        trashPath,
        size: file.size,
        mtime: file.lastModified,
        hash: null,
      };
      planned.push({ item, from, file, destDir, destName, record });
    } catch (error) {
      failure(item, error);
    }
  }
  let journalled = true;
  try {
    await appendJournal(
      dir,
      planned.map((p) => p.record),
    );
  } catch (error) {
    journalled = false;
    for (const p of planned) failure(p.item, new Error(`The trash journal could not be written (${reasonOf(error)})`));
  }
  const cancelled: JournalRecord[] = [];
  for (const p of journalled ? planned : []) {
    try {
      if (p.item.keepPath !== undefined) await checkKeep(dir, p.from, p.item.path, p.item.keepPath);
      await moveOne(p.from, p.file, p.destDir, p.destName);
      moved.push({ item: p.item, trashPath: p.record.trashPath });
    } catch (error) {
      failure(p.item, error);
      cancelled.push({ v: 1, batch, at, by: "web", op: "restore", undoes: batch, path: p.item.path });
    }
  }
  // Best effort: undo also sees such a file still in its place and skips it.
  await appendJournal(dir, cancelled).catch(() => undefined);
  if (failed.length > 0)
    await pruneEmptyTrashFolders(
      dir,
      failed.map((f) => [TRASH_DIR, day, f.item.path].join("/")),
    );
  return { moved, failed };
}

/**
 * The copy that stays is still there and is not this very file under another name (the CLI's
 * device-and-inode check, as far as a browser can tell): same refusal words as the CLI.
 */
async function checkKeep(root: DirHandle, from: Located, path: string, keepPath: string): Promise<void> {
  let keep: Located;
  try {
    keep = await locateFile(root, keepPath);
  } catch (error) {
    if (isNotFound(error)) throw new Error(`The copy to keep, “${keepPath}”, is no longer there`, { cause: error });
    throw error;
  }
  if (keepPath === path || (await from.handle.isSameEntry?.(keep.handle)) === true) {
    throw new Error(capitalised(sameFileRefusal(keepPath)));
  }
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** `name`, or "stem (2).ext" and on: the first neither in `dir` nor claimed by this batch. */
async function unclaimedName(dir: DirHandle, name: string, claimed: (name: string) => boolean): Promise<string> {
  const dot = name.lastIndexOf(".");
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? name : `${stem} (${n})${ext}`;
    if (!claimed(candidate) && (await freeName(dir, candidate)) === candidate) return candidate;
  }
}

/** Closes the journal records of files restored or deleted from the trash (best effort). */
async function closeRecords(dir: DirHandle, trashPaths: readonly string[], op: "restore" | "purge"): Promise<void> {
  if (trashPaths.length === 0) return;
  try {
    const records = await readJournalRecords(dir);
    const batch = newBatchId(new Date());
    const at = new Date().toISOString();
    const closing: JournalRecord[] = [];
    for (const trashPath of trashPaths) {
      const open = openRecordAt(records, trashPath);
      if (open) closing.push({ v: 1, batch, at, by: "web", op, undoes: open.batch, path: open.path });
    }
    await appendJournal(dir, closing);
  } catch {
    // The files are where they should be; a stale record is skipped by undo (file back in place).
  }
}

/**
 * Puts trashed files back where they were. A file that now has a namesake in its old place
 * stays in the trash (reported as failed) rather than overwrite anything.
 */
export async function restoreFromTrash<T extends TrashableItem>(
  root: FileSystemDirectoryHandle,
  moved: readonly MovedItem<T>[],
): Promise<{ restored: RestoredItem<T>[]; failed: FailedItem<MovedItem<T>>[] }> {
  const dir = asDir(root);
  const restored: RestoredItem<T>[] = [];
  const failed: FailedItem<MovedItem<T>>[] = [];
  for (const entry of moved) {
    try {
      if (!isTrashPath(entry.trashPath)) throw new Error("Not a CleanSpace trash path");
      const from = await locateFile(dir, entry.trashPath);
      const parts = splitPath(entry.item.path);
      const name = parts[parts.length - 1]!;
      const destDir = await dirAt(dir, parts.slice(0, -1), true);
      if ((await freeName(destDir, name)) !== name) throw new Error("Another file now has this name in its old place");
      await moveOne(from, await from.handle.getFile(), destDir, name);
      const back = await (await destDir.getFileHandle(name)).getFile();
      restored.push({ ...entry, modified: back.lastModified });
    } catch (error) {
      failed.push({ item: entry, reason: isNotFound(error) ? "The file is no longer in the trash" : reasonOf(error) });
    }
  }
  await pruneEmptyTrashFolders(
    dir,
    restored.map((r) => r.trashPath),
  );
  await closeRecords(
    dir,
    restored.map((r) => r.trashPath),
    "restore",
  );
  return { restored, failed };
}

/** Deletes files for good — only paths inside the CleanSpace trash are accepted. */
export async function deletePermanently(
  root: FileSystemDirectoryHandle,
  trashPaths: readonly string[],
): Promise<{ deleted: string[]; failed: FailedItem<string>[] }> {
  const dir = asDir(root);
  const deleted: string[] = [];
  const failed: FailedItem<string>[] = [];
  for (const path of trashPaths) {
    try {
      if (originalPathOf(path) === null) throw new Error("Only files in the CleanSpace trash can be deleted");
      const { parent, name } = await locateFile(dir, path);
      await parent.removeEntry(name);
      deleted.push(path);
    } catch (error) {
      failed.push({ item: path, reason: isNotFound(error) ? "The file is no longer in the trash" : reasonOf(error) });
    }
  }
  await pruneEmptyTrashFolders(dir, deleted);
  await closeRecords(dir, deleted, "purge");
  return { deleted, failed };
}

/** Everything in the CleanSpace trash, newest day first; empty when there is no trash yet. */
export async function listTrash(root: FileSystemDirectoryHandle): Promise<TrashEntry[]> {
  let trash: DirHandle;
  try {
    trash = await asDir(root).getDirectoryHandle(TRASH_DIR);
  } catch (error) {
    if (isNotFound(error)) return [];
    throw error;
  }
  const entries: TrashEntry[] = [];
  const pending: { dir: DirHandle; prefix: string }[] = [{ dir: trash, prefix: TRASH_DIR }];
  while (pending.length > 0) {
    const { dir, prefix } = pending.pop()!;
    for await (const [name, handle] of dir.entries()) {
      const path = `${prefix}/${name}`;
      if (handle.kind === "directory") {
        pending.push({ dir: handle, prefix: path });
        continue;
      }
      const originalPath = originalPathOf(path);
      if (originalPath === null) continue;
      const file = await handle.getFile();
      entries.push({ trashPath: path, originalPath, day: path.split("/")[1]!, name, size: file.size, modified: file.lastModified });
    }
  }
  return entries.sort((a, b) => (a.day === b.day ? a.trashPath.localeCompare(b.trashPath) : a.day < b.day ? 1 : -1));
}
