/**
 * The trash journal: one JSON object per line in `.cleanspace-trash/journal.jsonl`
 * inside the cleaned folder, appended by the CLI (`apply`, `clean`, `undo`) and by the web
 * app's trash alike, so either can undo what the other did. A record is written *before*
 * the move it describes (write-ahead): a move cut short by a full disk, a read-only folder
 * or a crash is always in the journal, and undo treats a record whose file never left its
 * place as already restored. README "Trash journal" documents the format.
 */
import { z } from "zod";
import { ContentHashSchema, RelativePathSchema } from "./cleanup-plan";

export const JOURNAL_FILE = "journal.jsonl";
export const JOURNAL_VERSION = 1;

const base = {
  v: z.literal(JOURNAL_VERSION),
  /** Which run wrote it: one apply, clean, undo or browser action. */
  batch: z.string().min(1).max(100),
  at: z.iso.datetime(),
  by: z.enum(["cli", "web"]),
};

/** `path` moved to `trashPath` (".cleanspace-trash/<day>/<path>", maybe with " (2)"). */
export const TrashRecordSchema = z
  .object({
    ...base,
    op: z.literal("trash"),
    path: RelativePathSchema,
    trashPath: RelativePathSchema,
    size: z.number().int().nonnegative(),
    mtime: z.number().int(),
    /** Null when the writer did not read the bytes (the web app's quick moves). */
    hash: ContentHashSchema.nullable(),
  })
  .strict();

/** `path`, a verified copy of `target`, was replaced by a hard link to it. */
export const LinkRecordSchema = z
  .object({
    ...base,
    op: z.literal("link"),
    path: RelativePathSchema,
    target: RelativePathSchema,
    size: z.number().int().nonnegative(),
    mtime: z.number().int(),
    /** Permission bits of the replaced file, restored on undo. */
    mode: z.number().int().nonnegative(),
    hash: ContentHashSchema.nullable(),
    /** Owner and group of the replaced file, restored on undo. */
    uid: z.number().int().nonnegative().optional(),
    gid: z.number().int().nonnegative().optional(),
    /** Another name of the same replaced file (a hard link set linked whole): undo makes them one file again. */
    sameAs: RelativePathSchema.optional(),
  })
  .strict();

/**
 * A temporary name about to be made next to `of` (a hard link of the kept file that will be
 * renamed over a copy, or a fresh copy that will be renamed over a link on undo). Written
 * before the name exists: a run killed half-way leaves a name the next run and undo find
 * here and remove, once it is shown to be only another name (or an equal copy) of `of`'s bytes.
 */
export const TempRecordSchema = z
  .object({
    ...base,
    op: z.literal("temp"),
    path: RelativePathSchema,
    /** The file whose bytes the temporary name holds: the link's target, or the file being unlinked. */
    of: RelativePathSchema,
  })
  .strict();

/** Undoes the record of the earlier batch `undoes` at `path` (the trash or link record). */
export const RestoreRecordSchema = z
  .object({
    ...base,
    op: z.literal("restore"),
    undoes: z.string().min(1).max(100),
    path: RelativePathSchema,
  })
  .strict();

/** The trashed file `path` of batch `undoes` was deleted for good from the trash (web app's Trash view). */
export const PurgeRecordSchema = RestoreRecordSchema.extend({ op: z.literal("purge") }).strict();

export const JournalRecordSchema = z.discriminatedUnion("op", [
  TrashRecordSchema,
  LinkRecordSchema,
  RestoreRecordSchema,
  PurgeRecordSchema,
  TempRecordSchema,
]);
export type JournalRecord = z.infer<typeof JournalRecordSchema>;
export type TrashRecord = z.infer<typeof TrashRecordSchema>;
export type LinkRecord = z.infer<typeof LinkRecordSchema>;
export type RestoreRecord = z.infer<typeof RestoreRecordSchema>;
export type PurgeRecord = z.infer<typeof PurgeRecordSchema>;
export type TempRecord = z.infer<typeof TempRecordSchema>;
