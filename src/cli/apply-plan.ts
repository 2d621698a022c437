/**
 * Carries out a cleanup plan under a root (`cleanspace apply`, `cleanspace clean`): every
 * file is checked against the plan first (size, modification time, SHA-256; and the copy
 * that stays, too), a file that changed or vanished is refused and left alone, the rest move
 * into `.cleanspace-trash/<day>/<path>` with a journal record written before each move.
 */
import { dirname } from "node:path";
import { isInTrash } from "../domain/scan-rules";
import type { CleanupPlan, PlanFile } from "../domain/schemas/cleanup-plan";
import { newBatchId, trashDay, trashPathFor } from "../domain/trash-journal";
import { sha256File } from "./file-sha256";
import {
  type JournalWriter,
  type TrashFs,
  cancelWriteAhead,
  describeError,
  errorCode,
  inRoot,
  moveFile,
  openJournal,
  realFs,
} from "./trash-fs";

export interface ApplyOptions {
  dryRun?: boolean;
  now?: Date;
  fs?: TrashFs;
}

export interface ActionOutcome {
  path: string;
  reason: string;
}

export interface ApplyReport {
  batch: string;
  /** Moved to the trash (or, in a dry run, would be). */
  moved: { path: string; trashPath: string; size: number }[];
  /** Not touched because the file (or the copy to keep) no longer matches the plan. */
  refused: ActionOutcome[];
  /** Matched the plan, but the move failed (permissions, full disk): left in place. */
  failed: ActionOutcome[];
}

/** Why a file no longer matches its plan entry, or null when it does. */
export function checkFile(fs: TrashFs, root: string, file: PlanFile): string | null {
  let stats;
  try {
    // A folder on the way that is a symbolic link would lead outside the root: refused.
    const realRoot = fs.realpathSync(root);
    const realParent = fs.realpathSync(dirname(inRoot(root, file.path)));
    if (realParent !== realRoot && !realParent.startsWith(`${realRoot.endsWith("/") ? realRoot : `${realRoot}/`}`)) {
      return "a folder on its path leads outside the folder (symbolic link)";
    }
    stats = fs.lstatSync(inRoot(root, file.path));
  } catch (error) {
    return errorCode(error) === "ENOENT" || errorCode(error) === "ENOTDIR"
      ? "it is no longer there"
      : `it cannot be read (${describeError(error)})`;
  }
  if (!stats.isFile()) return "it is no longer a regular file";
  if (stats.size !== file.size) return `its size changed (${file.size} → ${stats.size} bytes)`;
  // Browsers give whole milliseconds, Node a fraction: a difference under 1 ms is the same time.
  if (Math.abs(stats.mtimeMs - file.mtime) >= 1) return "it was modified since the plan was made";
  let hash: string;
  try {
    hash = sha256File(fs, inRoot(root, file.path));
  } catch (error) {
    return `it cannot be read (${describeError(error)})`;
  }
  return hash === file.hash ? null : "its content changed since the plan was made";
}

export function applyPlan(root: string, plan: CleanupPlan, options: ApplyOptions = {}): ApplyReport {
  const fs = options.fs ?? realFs;
  const now = options.now ?? new Date();
  const report: ApplyReport = { batch: newBatchId(now), moved: [], refused: [], failed: [] };
  const day = trashDay(now);
  const keepChecks = new Map<string, string | null>();
  const claimed = new Set<string>();
  let journal: JournalWriter | null = null;
  try {
    for (const { file, keep } of plan.actions) {
      if (isInTrash(file.path)) {
        report.refused.push({ path: file.path, reason: "it is already in the CleanSpace trash" });
        continue;
      }
      if (keep && isInTrash(keep.path)) {
        report.refused.push({ path: file.path, reason: "the copy to keep is in the CleanSpace trash" });
        continue;
      }
      if (keep) {
        if (!keepChecks.has(keep.path)) keepChecks.set(keep.path, checkFile(fs, root, keep));
        const keepProblem = keepChecks.get(keep.path);
        if (keepProblem) {
          report.refused.push({ path: file.path, reason: `the copy to keep, “${keep.path}”: ${keepProblem}` });
          continue;
        }
      }
      const problem = checkFile(fs, root, file);
      if (problem) {
        report.refused.push({ path: file.path, reason: problem });
        continue;
      }
      const trashPath = trashPathFor(file.path, day, (candidate) => claimed.has(candidate) || fs.existsSync(inRoot(root, candidate)));
      claimed.add(trashPath);
      if (options.dryRun) {
        report.moved.push({ path: file.path, trashPath, size: file.size });
        continue;
      }
      try {
        journal ??= openJournal(fs, root);
      } catch (error) {
        report.failed.push({ path: file.path, reason: `the trash journal cannot be written (${describeError(error)})` });
        continue;
      }
      const at = new Date().toISOString();
      const record = {
        v: 1,
        batch: report.batch,
        at,
        by: "cli",
        op: "trash",
        path: file.path,
        trashPath,
        size: file.size,
        mtime: file.mtime,
        hash: file.hash,
      } as const;
      try {
        journal.append(record);
      } catch (error) {
        report.failed.push({ path: file.path, reason: `the trash journal cannot be written (${describeError(error)})` });
        continue;
      }
      try {
        moveFile(fs, inRoot(root, file.path), inRoot(root, trashPath));
        report.moved.push({ path: file.path, trashPath, size: file.size });
      } catch (error) {
        report.failed.push({ path: file.path, reason: describeError(error) });
        // The write-ahead record now names a move that never happened.
        cancelWriteAhead(journal, report.batch, at, file.path);
      }
    }
  } finally {
    journal?.close();
  }
  return report;
}
