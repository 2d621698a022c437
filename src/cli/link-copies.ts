/**
 * `cleanspace clean --link`: replaces each planned copy with a hard link to the copy that
 * stays, as rdfind and fclones offer — only on the same file system, only after the two
 * files were compared byte for byte, and journalled so `cleanspace undo` can give the copy
 * its own bytes back.
 */
import { dirname } from "node:path";
import type { CleanupPlan } from "../domain/schemas/cleanup-plan";
import { newBatchId } from "../domain/trash-journal";
import { type ApplyReport, checkFile } from "./apply-plan";
import { sameBytes } from "./file-sha256";
import { type JournalWriter, type TrashFs, cancelWriteAhead, describeError, inRoot, openJournal, realFs } from "./trash-fs";

export interface LinkReport extends Omit<ApplyReport, "moved"> {
  linked: { path: string; target: string; size: number }[];
}

export function linkCopies(root: string, plan: CleanupPlan, options: { dryRun?: boolean; now?: Date; fs?: TrashFs } = {}): LinkReport {
  const fs = options.fs ?? realFs;
  const report: LinkReport = { batch: newBatchId(options.now ?? new Date()), linked: [], refused: [], failed: [] };
  let journal: JournalWriter | null = null;
  try {
    for (const { file, keep } of plan.actions) {
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
      const path = inRoot(root, file.path);
      const [a, b] = [fs.statSync(target), fs.statSync(path)];
      if (a.dev !== b.dev) {
        report.refused.push({ path: file.path, reason: `it is on another file system than “${keep.path}”` });
        continue;
      }
      if (a.ino === b.ino) {
        report.refused.push({ path: file.path, reason: `it is already a link to “${keep.path}”` });
        continue;
      }
      if (!sameBytes(fs, target, path)) {
        report.refused.push({ path: file.path, reason: `its bytes differ from “${keep.path}”` });
        continue;
      }
      if (options.dryRun) {
        report.linked.push({ path: file.path, target: keep.path, size: file.size });
        continue;
      }
      const at = new Date().toISOString();
      try {
        journal ??= openJournal(fs, root);
        journal.append({
          v: 1,
          batch: report.batch,
          at,
          by: "cli",
          op: "link",
          path: file.path,
          target: keep.path,
          size: file.size,
          mtime: file.mtime,
          mode: b.mode & 0o7777,
          hash: file.hash,
        });
      } catch (error) {
        report.failed.push({ path: file.path, reason: `the trash journal cannot be written (${describeError(error)})` });
        continue;
      }
      // Link under a temporary name, then rename over the copy: the name is never missing.
      const temp = `${dirname(path)}/.cleanspace-link-${process.pid}-${report.linked.length}`;
      try {
        fs.linkSync(target, temp);
        fs.renameSync(temp, path);
        report.linked.push({ path: file.path, target: keep.path, size: file.size });
      } catch (error) {
        try {
          fs.unlinkSync(temp);
        } catch {
          // never made
        }
        report.failed.push({ path: file.path, reason: describeError(error) });
        cancelWriteAhead(journal, report.batch, at, file.path);
      }
    }
  } finally {
    journal?.close();
  }
  return report;
}
