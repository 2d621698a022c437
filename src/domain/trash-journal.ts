/**
 * Reading and writing the trash journal (schemas/trash-journal.ts). Pure: the CLI appends
 * with fs, the web app through a directory handle, both with these functions.
 */
import { type JournalRecord, JournalRecordSchema, type LinkRecord, type TrashRecord } from "./schemas/trash-journal";
import { TRASH_DIR } from "./scan-rules";

export { JOURNAL_FILE } from "./schemas/trash-journal";

/** One line of the journal, newline included. */
export function formatJournalRecord(record: JournalRecord): string {
  return `${JSON.stringify(record)}\n`;
}

/**
 * Every valid record, in order. A line that does not parse (a write torn by a crash or a
 * full disk, or a record from a newer version) is skipped and counted, never fatal.
 */
export function parseJournal(text: string): { records: JournalRecord[]; skipped: number } {
  const records: JournalRecord[] = [];
  let skipped = 0;
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    try {
      const parsed = JournalRecordSchema.safeParse(JSON.parse(line));
      if (parsed.success) records.push(parsed.data);
      else skipped++;
    } catch {
      skipped++;
    }
  }
  return { records, skipped };
}

export type UndoableRecord = TrashRecord | LinkRecord;

/** Trash and link records no restore (or purge) record has closed yet, oldest first. */
export function outstandingRecords(records: readonly JournalRecord[]): UndoableRecord[] {
  const closed = new Set(records.filter((r) => r.op === "restore" || r.op === "purge").map((r) => `${r.undoes}\0${r.path}`));
  return records.filter((r): r is UndoableRecord => (r.op === "trash" || r.op === "link") && !closed.has(`${r.batch}\0${r.path}`));
}

/** The open trash record whose file is at `trashPath` now, if any (to close it on restore or delete). */
export function openRecordAt(records: readonly JournalRecord[], trashPath: string): TrashRecord | undefined {
  return outstandingRecords(records).find((r): r is TrashRecord => r.op === "trash" && r.trashPath === trashPath);
}

/** The records of the most recent batch that still has something to undo. */
export function lastBatch(records: readonly UndoableRecord[]): UndoableRecord[] {
  const batch = records.at(-1)?.batch;
  return batch === undefined ? [] : records.filter((r) => r.batch === batch);
}

/** A batch id that sorts by time and does not collide between two devices: "2026-11-24T01:30:00.000Z-k3j9x2". */
export function newBatchId(now: Date, random: () => number = Math.random): string {
  return `${now.toISOString()}-${Math.floor(random() * 36 ** 6)
    .toString(36)
    .padStart(6, "0")}`;
}

/** The trash folder's day for `date`, in the local calendar (same as the web app's trash). */
export function trashDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** ".cleanspace-trash/<day>/<path>" for a file name not taken yet: "a.jpg", "a (2).jpg", … */
export function trashPathFor(path: string, day: string, taken: (candidate: string) => boolean): string {
  const parts = path.split("/");
  const name = parts.pop()!;
  const dot = name.lastIndexOf(".");
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const ext = dot > 0 ? name.slice(dot) : "";
  for (let n = 1; ; n++) {
    const candidate = [TRASH_DIR, day, ...parts, n === 1 ? name : `${stem} (${n})${ext}`].join("/");
    if (!taken(candidate)) return candidate;
  }
}
