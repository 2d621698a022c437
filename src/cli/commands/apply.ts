/** `cleanspace apply PLAN --root DIR [--dry-run]` (docs/cli.md). */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { CleanupPlanSchema, PLAN_FORMAT, PLAN_VERSION } from "../../domain/schemas/cleanup-plan";
import { UsageError } from "../args";
import { applyPlan } from "../apply-plan";
import { displayPath } from "../format";
import type { CliIo } from "../main";
import { EXIT_FAILURE, EXIT_OK, nameOfNote, parseCommand, printOutcomes, printTidied, rootProblem, runUsage, summaryLine } from "./shared";

export const APPLY_USAGE = `Usage: cleanspace apply PLAN --root DIR [--dry-run]

Carries out a cleanup plan exported from CleanSpace (Organize → Export cleanup plan) on the
folder DIR it was made for. Every file is checked first (size, time, SHA-256, and the copy
that stays); a file that changed, or that is the kept file itself under another name, is
refused and left alone. The rest move into DIR/.cleanspace-trash, each with all its hard
links inside DIR, with a journal: 'cleanspace undo DIR' puts them back.

Options:
  --root DIR    the folder the plan was made for (required)
  --dry-run     check everything and print what would happen; move nothing

Exit codes: 0 every action done, 1 some refused or failed (the rest done), 2 usage error or bad plan.
`;

export async function runApply(argv: readonly string[], io: CliIo): Promise<number> {
  return runUsage(io, APPLY_USAGE, async () => {
    const { values, positionals } = parseCommand(argv, {
      root: { type: "string" },
      "dry-run": { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    });
    if (values.help) {
      io.stdout.write(APPLY_USAGE);
      return EXIT_OK;
    }
    const [, planFile, ...extra] = positionals;
    if (planFile === undefined) throw new UsageError("missing PLAN: which plan file should be applied?");
    if (extra.length > 0) throw new UsageError(`one plan at a time (also got '${extra.join("', '")}')`);
    if (values.root === undefined || values.root === "") throw new UsageError("missing --root DIR: which folder was the plan made for?");
    const root = resolve(values.root);
    const problem = rootProblem(root);
    if (problem) {
      io.stderr.write(`cleanspace: ${problem}\n`);
      return EXIT_FAILURE;
    }
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(planFile, "utf8"));
    } catch (error) {
      io.stderr.write(`cleanspace: cannot read the plan ${planFile}: ${error instanceof Error ? error.message : String(error)}\n`);
      return 2;
    }
    const header = raw as { format?: unknown; version?: unknown } | null;
    if (header?.format === PLAN_FORMAT && typeof header.version === "number" && header.version > PLAN_VERSION) {
      io.stderr.write(
        `cleanspace: the plan is version ${header.version}; this cleanspace reads version ${PLAN_VERSION} — update cleanspace\n`,
      );
      return 2;
    }
    const parsed = CleanupPlanSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      io.stderr.write(
        `cleanspace: ${planFile} is not a CleanSpace cleanup plan: ${issue ? `${issue.path.join(".")}: ${issue.message}` : "invalid"}\n`,
      );
      return 2;
    }
    const dryRun = values["dry-run"];
    const report = applyPlan(root, parsed.data, { dryRun });
    printTidied(io, report.tidied);
    for (const m of report.moved)
      io.stdout.write(`${dryRun ? "would move" : "moved"}  ${displayPath(m.path)} → ${displayPath(m.trashPath)}${nameOfNote(m)}\n`);
    printOutcomes(io, "Refused (left alone)", report.refused);
    printOutcomes(io, "Failed (left in place)", report.failed);
    printOutcomes(io, "Note", report.notes);
    const bytes = report.moved.reduce((sum, m) => sum + m.freed, 0);
    io.stdout.write(
      `${summaryLine(dryRun ? "Would move" : "Moved", report.moved.length, bytes)} to the trash; ${report.refused.length} refused, ${report.failed.length} failed.\n`,
    );
    if (!dryRun && report.moved.length > 0) io.stdout.write(`Undo with: cleanspace undo ${JSON.stringify(root)}\n`);
    return report.refused.length + report.failed.length > 0 ? EXIT_FAILURE : EXIT_OK;
  });
}
