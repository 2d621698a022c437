/**
 * The trash journal from the browser (src/domain/schemas/trash-journal.ts): the same
 * `.cleanspace-trash/journal.jsonl` the CLI writes, so `cleanspace undo` can put back what
 * Organize moved, and Organize's trash can restore what the CLI moved. A directory handle
 * cannot append, so a write is the whole file again (the browser swaps it in on close).
 */
import { TRASH_DIR } from "../../../domain/scan-rules";
import type { JournalRecord } from "../../../domain/schemas/trash-journal";
import { JOURNAL_FILE, formatJournalRecord, parseJournal } from "../../../domain/trash-journal";
import { type DirHandle, isNotFound } from "./handles";

export async function readJournalText(root: DirHandle): Promise<string> {
  try {
    const trash = await root.getDirectoryHandle(TRASH_DIR);
    return await (await (await trash.getFileHandle(JOURNAL_FILE)).getFile()).text();
  } catch (error) {
    if (isNotFound(error)) return "";
    throw error;
  }
}

export async function readJournalRecords(root: DirHandle): Promise<JournalRecord[]> {
  return parseJournal(await readJournalText(root)).records;
}

export async function appendJournal(root: DirHandle, records: readonly JournalRecord[]): Promise<void> {
  if (records.length === 0) return;
  const before = await readJournalText(root);
  const trash = await root.getDirectoryHandle(TRASH_DIR, { create: true });
  const handle = await trash.getFileHandle(JOURNAL_FILE, { create: true });
  const writable = await handle.createWritable();
  const text = before + (before === "" || before.endsWith("\n") ? "" : "\n") + records.map(formatJournalRecord).join("");
  await new Blob([text]).stream().pipeTo(writable);
}
