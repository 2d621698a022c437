/** `cleanspace undo DIR [--all] [--dry-run]` (docs/cli.md). */
import { resolve } from "node:path";
import { UsageError } from "../args";
import { displayPath } from "../format";
import type { CliIo } from "../main";
import { undoTrash } from "../undo-trash";
import { EXIT_FAILURE, EXIT_OK, parseCommand, printOutcomes, printTidied, rootProblem, runUsage } from "./shared";

export const UNDO_USAGE = `Usage: cleanspace undo DIR [--all] [--dry-run]

Puts back what was last moved to DIR/.cleanspace-trash or hard-linked — by 'cleanspace apply',
'cleanspace clean' or the CleanSpace web app — using the trash journal. A file whose old
place is taken now stays in the trash; nothing is overwritten.

Options:
  --all         undo every batch still in the journal, not only the last one
  --dry-run     print what would be restored; change nothing

Exit codes: 0 all restored (or nothing to undo), 1 some could not be restored, 2 usage error.
`;

export async function runUndo(argv: readonly string[], io: CliIo): Promise<number> {
  return runUsage(io, UNDO_USAGE, async () => {
    const { values, positionals } = parseCommand(argv, {
      all: { type: "boolean", default: false },
      "dry-run": { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    });
    if (values.help) {
      io.stdout.write(UNDO_USAGE);
      return EXIT_OK;
    }
    const [, dir, ...extra] = positionals;
    if (dir === undefined || dir === "") throw new UsageError("missing DIR: which folder's trash should be undone?");
    if (extra.length > 0) throw new UsageError(`one directory at a time (also got '${extra.join("', '")}')`);
    const root = resolve(dir);
    const problem = rootProblem(root);
    if (problem) {
      io.stderr.write(`cleanspace: ${problem}\n`);
      return EXIT_FAILURE;
    }
    const dryRun = values["dry-run"];
    const report = undoTrash(root, { all: values.all, dryRun });
    printTidied(io, report.tidied);
    for (const r of report.restored) io.stdout.write(`${dryRun ? "would restore" : "restored"}  ${displayPath(r.path)}\n`);
    printOutcomes(io, "Not restored", report.failed);
    if (report.skippedLines > 0) io.stderr.write(`cleanspace: ${report.skippedLines} journal line(s) could not be read and were skipped\n`);
    const total = report.restored.length + report.alreadyBack.length + report.failed.length;
    if (total === 0) io.stdout.write(report.tidied.length > 0 ? "Nothing else to undo.\n" : "Nothing to undo.\n");
    else
      io.stdout.write(
        `${dryRun ? "Would restore" : "Restored"} ${report.restored.length}, already in place ${report.alreadyBack.length}, not restored ${report.failed.length}.\n`,
      );
    return report.failed.length > 0 ? EXIT_FAILURE : EXIT_OK;
  });
}
