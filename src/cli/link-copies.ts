/**
 * `cleanspace clean --link`: replaces each planned copy with a hard link to the copy that
 * stays, as rdfind and fclones offer — only on the same file system, only after the two
 * files were compared byte for byte, and journalled so `cleanspace undo` can give the copy
 * its own bytes back.
 *
 * A copy with several names (hard links) is one file: every name of it inside the root is
 * linked, so the whole set joins the kept file's (fclones' test_hard_link_merges_subgroups_of_hard_links),
 * and its bytes are freed only when no name outside the root still holds them.
 * Each temporary link name is journalled before it is made (a `temp` record): a run killed
 * between the link and the rename leaves a name the next run and undo remove.
 */
import type * as nodeFs from "node:fs";
import type { CleanupPlan } from "../domain/schemas/cleanup-plan";
import { newBatchId } from "../domain/trash-journal";
import { type ApplyReport, checkFile, outsideNote, sameFileProblem } from "./apply-plan";
import { sameBytes } from "./file-sha256";
import { tidyJournalLeftovers } from "./journal-leftovers";
import { fileKey, findNames, linkedKeys } from "./link-sets";
import { type JournalWriter, type TrashFs, cancelWriteAhead, describeError, inRoot, openJournal, realFs } from "./trash-fs";

export interface LinkReport extends Omit<ApplyReport, "moved"> {
  /** `freed` as in ApplyReport: the size on the last name of a file linked, else 0. */
  linked: { path: string; target: string; size: number; freed: number; nameOf?: string }[];
}

export function linkCopies(root: string, plan: CleanupPlan, options: { dryRun?: boolean; now?: Date; fs?: TrashFs } = {}): LinkReport {
  const fs = options.fs ?? realFs;
  const report: LinkReport = { batch: newBatchId(options.now ?? new Date()), linked: [], refused: [], failed: [], notes: [], tidied: [] };
  if (!options.dryRun) report.tidied = tidyJournalLeftovers(fs, root);
  const kept = new Set(plan.actions.flatMap((a) => (a.keep ? [a.keep.path] : [])));
  const done = new Set<string>();
  let names: Map<string, string[]> | null = null;
  let journal: JournalWriter | null = null;
  let temps = 0;
  try {
    for (const { file, keep } of plan.actions) {
      if (done.has(file.path)) continue;
      if (!keep) {
        report.refused.push({ path: file.path, reason: "no copy to link it to" });
        continue;
      }
      const problem = checkFile(fs, root, keep) ?? checkFile(fs, root, file);
      if (problem) {
        report.refused.push({ path: file.path, reason: problem });
        continue;
      }
      const target = inRoot(root, keep.path);
      let b: nodeFs.Stats;
      try {
        const a = fs.lstatSync(target);
        b = fs.lstatSync(inRoot(root, file.path));
        const refusal =
          a.dev !== b.dev
            ? `it is on another file system than “${keep.path}”`
            : a.ino === b.ino
              ? `it is already a link to “${keep.path}”`
              : (sameFileProblem(fs, root, file.path, keep.path) ??
                (sameBytes(fs, target, inRoot(root, file.path)) ? null : `its bytes differ from “${keep.path}”`));
        if (refusal) {
          report.refused.push({ path: file.path, reason: refusal });
          continue;
        }
      } catch (error) {
        report.refused.push({ path: file.path, reason: `it cannot be read (${describeError(error)})` });
        continue;
      }
      let group = [file.path];
      let freed = file.size;
      if (b.nlink > 1) {
        names ??= findNames(root, linkedKeys(fs, root, plan.actions));
        group = names.get(fileKey(b)) ?? [file.path];
        if (!group.includes(file.path)) group = [file.path, ...group];
        const keptName = group.find((name) => kept.has(name));
        if (keptName) {
          report.refused.push({ path: file.path, reason: `another name of this file, “${keptName}”, is a copy the plan keeps` });
          continue;
        }
        if (group.length < b.nlink) {
          freed = 0;
          report.notes.push({ path: file.path, reason: outsideNote(b.nlink - group.length) });
        }
      }
      const ordered = [file.path, ...group.filter((name) => name !== file.path)];
      for (const [i, path] of ordered.entries()) {
        done.add(path);
        const entry = {
          path,
          target: keep.path,
          size: file.size,
          freed: i === ordered.length - 1 ? freed : 0,
          ...(i > 0 ? { nameOf: file.path } : {}),
        };
        if (options.dryRun) {
          report.linked.push(entry);
          continue;
        }
        const now = fs.lstatSync(inRoot(root, path));
        if (now.dev !== b.dev || now.ino !== b.ino) {
          report.refused.push({ path, reason: "it changed while the others were linked" });
          break;
        }
        const at = new Date().toISOString();
        const slash = path.lastIndexOf("/");
        const temp = `${slash < 0 ? "" : path.slice(0, slash + 1)}.cleanspace-link-${report.batch.slice(-6)}-${temps++}`;
        try {
          journal ??= openJournal(fs, root);
          journal.append({
            v: 1,
            batch: report.batch,
            at,
            by: "cli",
            op: "link",
            path,
            target: keep.path,
            size: file.size,
            mtime: file.mtime,
            mode: now.mode & 0o7777,
            hash: file.hash,
            uid: now.uid,
            gid: now.gid,
            ...(i > 0 ? { sameAs: file.path } : {}),
          });
          journal.append({ v: 1, batch: report.batch, at, by: "cli", op: "temp", path: temp, of: keep.path });
        } catch (error) {
          report.failed.push({ path, reason: `the trash journal cannot be written (${describeError(error)})` });
          if (journal) cancelWriteAhead(journal, report.batch, at, path);
          break;
        }
        // Link under a temporary name, then rename over the copy: the name is never missing.
        try {
          fs.linkSync(target, inRoot(root, temp));
          fs.renameSync(inRoot(root, temp), inRoot(root, path));
          report.linked.push(entry);
        } catch (error) {
          try {
            fs.unlinkSync(inRoot(root, temp));
          } catch {
            // never made
          }
          report.failed.push({ path, reason: describeError(error) });
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
