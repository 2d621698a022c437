/**
 * Carries out a cleanup plan under a root (`cleanspace apply`, `cleanspace clean`): every
 * file is checked against the plan first (size, modification time, SHA-256; and the copy
 * that stays, too), a file that changed or vanished is refused and left alone, the rest move
 * into `.cleanspace-trash/<day>/<path>` with a journal record written before each move.
 *
 * Invariant: a move never leaves a content without a name outside the trash. At the moment
 * of each move the copy and the kept file are shown to be two files (device and inode, of
 * their paths and of their real paths), the kept file is still the one that was checked, and
 * a copy with other names (hard links) moves with all of them.
 */
import type * as nodeFs from "node:fs";
import { isInTrash } from "../domain/scan-rules";
import type { CleanupPlan, PlanFile } from "../domain/schemas/cleanup-plan";
import { newBatchId, trashDay, trashPathFor } from "../domain/trash-journal";
import { sameFileRefusal } from "../domain/trash-refusals";
import { sha256File } from "./file-sha256";
import { tidyJournalLeftovers } from "./journal-leftovers";
import { fileKey, findNames, linkedKeys } from "./link-sets";
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
  /**
   * Moved to the trash (or, in a dry run, would be). `freed`: the bytes this move gives back
   * — the size on the last name of a file, 0 on its other names and on a file that keeps a
   * name outside the folder. `nameOf`: set on a hard link moved with the planned copy.
   */
  moved: { path: string; trashPath: string; size: number; freed: number; nameOf?: string }[];
  /** Not touched because the file (or the copy to keep) no longer matches the plan. */
  refused: ActionOutcome[];
  /** Matched the plan, but the move failed (permissions, full disk): left in place. */
  failed: ActionOutcome[];
  /** Said plainly: a file moved that frees no space (its other names are outside the folder). */
  notes: ActionOutcome[];
  /** Temporary names and half-made copies an interrupted earlier run left, removed now. */
  tidied: string[];
}

/** Why a file no longer matches its plan entry, or null when it does. */
export function checkFile(fs: TrashFs, root: string, file: PlanFile): string | null {
  let stats;
  try {
    const problem = outsideProblem(fs, root, file.path);
    if (problem) return problem;
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

/** A folder on the way that is a symbolic link leading outside the root: refused. */
function outsideProblem(fs: TrashFs, root: string, path: string): string | null {
  const realRoot = realBytes(fs, Buffer.from(root));
  const parent = path.includes("/") ? inRoot(root, path.slice(0, path.lastIndexOf("/"))) : Buffer.from(root);
  const realParent = realBytes(fs, parent);
  const prefix = Buffer.concat([realRoot, realRoot.at(-1) === 0x2f ? Buffer.alloc(0) : Buffer.from("/")]);
  if (realParent.equals(realRoot) || realParent.subarray(0, prefix.length).equals(prefix)) return null;
  return "a folder on its path leads outside the folder (symbolic link)";
}

/** The real path as bytes: the native call (fs.realpathSync itself turns a Buffer into a string on the way, losing bytes that are not UTF-8). */
function realBytes(fs: TrashFs, path: Buffer): Buffer {
  const realpath = fs.realpathSync.native ?? fs.realpathSync;
  return realpath(path, { encoding: "buffer" });
}

/**
 * Null when `path` and `keepPath` are two files; else the refusal. Compared where they are
 * now: the names themselves (a bind-mounted file, a hard link, a path through a `self -> .`
 * link), then their real paths (a folder reached through a symbolic link).
 */
export function sameFileProblem(fs: TrashFs, root: string, path: string, keepPath: string): string | null {
  const [a, b] = [inRoot(root, path), inRoot(root, keepPath)];
  const [sa, sb] = [fs.lstatSync(a), fs.lstatSync(b)];
  if (sa.dev === sb.dev && sa.ino === sb.ino) return sameFileRefusal(keepPath);
  const [ra, rb] = [realBytes(fs, a), realBytes(fs, b)];
  if (ra.equals(rb)) return sameFileRefusal(keepPath);
  const [ta, tb] = [fs.statSync(ra), fs.statSync(rb)];
  return ta.dev === tb.dev && ta.ino === tb.ino ? sameFileRefusal(keepPath) : null;
}

/** The identity and state a kept file was checked in: it must be the same at each move. */
type KeepState = { problem: string } | { stats: nodeFs.Stats };

function stillSame(fs: TrashFs, root: string, path: string, checked: nodeFs.Stats): boolean {
  try {
    const now = fs.lstatSync(inRoot(root, path));
    return now.dev === checked.dev && now.ino === checked.ino && now.size === checked.size && now.mtimeMs === checked.mtimeMs;
  } catch {
    return false;
  }
}

export function applyPlan(root: string, plan: CleanupPlan, options: ApplyOptions = {}): ApplyReport {
  const fs = options.fs ?? realFs;
  const now = options.now ?? new Date();
  const report: ApplyReport = { batch: newBatchId(now), moved: [], refused: [], failed: [], notes: [], tidied: [] };
  if (!options.dryRun) report.tidied = tidyJournalLeftovers(fs, root);
  const day = trashDay(now);
  const keepChecks = new Map<string, KeepState>();
  const kept = new Set(plan.actions.flatMap((a) => (a.keep ? [a.keep.path] : [])));
  const claimed = new Set<string>();
  const done = new Set<string>();
  let names: Map<string, string[]> | null = null;
  let journal: JournalWriter | null = null;
  try {
    for (const { file, keep } of plan.actions) {
      if (done.has(file.path)) continue; // moved already, as another name of a planned copy
      if (isInTrash(file.path)) {
        report.refused.push({ path: file.path, reason: "it is already in the CleanSpace trash" });
        continue;
      }
      if (keep && isInTrash(keep.path)) {
        report.refused.push({ path: file.path, reason: "the copy to keep is in the CleanSpace trash" });
        continue;
      }
      if (keep) {
        if (!keepChecks.has(keep.path)) {
          const problem = checkFile(fs, root, keep);
          let state: KeepState = { problem: problem ?? "" };
          if (!problem) {
            try {
              state = { stats: fs.lstatSync(inRoot(root, keep.path)) };
            } catch (error) {
              state = { problem: describeError(error) };
            }
          }
          keepChecks.set(keep.path, state);
        }
        const state = keepChecks.get(keep.path)!;
        if ("problem" in state) {
          report.refused.push({ path: file.path, reason: `the copy to keep, “${keep.path}”: ${state.problem}` });
          continue;
        }
      }
      const problem = checkFile(fs, root, file);
      if (problem) {
        report.refused.push({ path: file.path, reason: problem });
        continue;
      }
      let group: string[] = [file.path];
      let freed = file.size;
      try {
        if (keep) {
          const same = sameFileProblem(fs, root, file.path, keep.path);
          if (same) {
            report.refused.push({ path: file.path, reason: same });
            continue;
          }
        }
        const stats = fs.lstatSync(inRoot(root, file.path));
        if (stats.nlink > 1) {
          names ??= findNames(root, linkedKeys(fs, root, plan.actions));
          group = names.get(fileKey(stats)) ?? [file.path];
          if (!group.includes(file.path)) group = [file.path, ...group];
          const keptName = group.find((name) => kept.has(name));
          if (keptName) {
            report.refused.push({ path: file.path, reason: `another name of this file, “${keptName}”, is a copy the plan keeps` });
            continue;
          }
          if (group.length < stats.nlink) {
            freed = 0;
            report.notes.push({ path: file.path, reason: outsideNote(stats.nlink - group.length) });
          }
        }
      } catch (error) {
        report.refused.push({ path: file.path, reason: `it cannot be read (${describeError(error)})` });
        continue;
      }
      // The planned copy first, then its other names; the bytes count on the last one.
      const ordered = [file.path, ...group.filter((name) => name !== file.path)];
      for (const [i, path] of ordered.entries()) {
        const last = i === ordered.length - 1;
        const entry = { path, size: file.size, freed: last ? freed : 0, ...(i > 0 ? { nameOf: file.path } : {}) };
        const trashPath = trashPathFor(path, day, (candidate) => claimed.has(candidate) || fs.existsSync(inRoot(root, candidate)));
        claimed.add(trashPath);
        done.add(path);
        if (options.dryRun) {
          report.moved.push({ ...entry, trashPath });
          continue;
        }
        if (keep) {
          const state = keepChecks.get(keep.path);
          if (!state || "problem" in state || !stillSame(fs, root, keep.path, state.stats)) {
            report.refused.push({ path, reason: `the copy to keep, “${keep.path}”, changed while the others moved` });
            break;
          }
        }
        try {
          journal ??= openJournal(fs, root);
        } catch (error) {
          report.failed.push({ path, reason: `the trash journal cannot be written (${describeError(error)})` });
          break;
        }
        const at = new Date().toISOString();
        const record = {
          v: 1,
          batch: report.batch,
          at,
          by: "cli",
          op: "trash",
          path,
          trashPath,
          size: file.size,
          mtime: file.mtime,
          hash: file.hash,
        } as const;
        try {
          journal.append(record);
        } catch (error) {
          report.failed.push({ path, reason: `the trash journal cannot be written (${describeError(error)})` });
          break;
        }
        try {
          moveFile(fs, inRoot(root, path), inRoot(root, trashPath));
          report.moved.push({ ...entry, trashPath });
        } catch (error) {
          report.failed.push({ path, reason: describeError(error) });
          // The write-ahead record now names a move that never happened.
          cancelWriteAhead(journal, report.batch, at, path);
          break;
        }
      }
    }
  } finally {
    journal?.close();
  }
  return report;
}

export function outsideNote(outside: number): string {
  return `no space is freed: this file has ${outside === 1 ? "1 other name" : `${outside} other names`} outside the folder (hard links), which keep its bytes`;
}
