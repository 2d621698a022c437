/** `cleanspace clean DIR [--keep RULE]… [--protect FOLDER]… [--yes] [--link] [--dry-run]` (docs/cli.md). */
import { resolve, sep } from "node:path";
import { buildCleanupPlan, planBytes, type HashedFile } from "../../domain/cleanup-plan";
import { DEFAULT_KEEP_POLICY, type KeepPolicy, type KeepRule, keepRuleLabel, parseKeepRule } from "../../domain/keep-rules";
import { UsageError } from "../args";
import { applyPlan } from "../apply-plan";
import { sha256File } from "../file-sha256";
import { displayPath, formatBinaryBytes as formatBytes, plural } from "../format";
import { linkCopies } from "../link-copies";
import { resolveFolder, samePlaceFolders } from "../protected-folders";
import type { CliIo } from "../main";
import { scanTree } from "../scan/tree-scan";
import { defaultThreads } from "../threads";
import { tidyJournalLeftovers } from "../journal-leftovers";
import { inRoot, realFs } from "../trash-fs";
import { EXIT_FAILURE, EXIT_OK, nameOfNote, parseCommand, printOutcomes, printTidied, rootProblem, runUsage, summaryLine } from "./shared";

export const CLEAN_USAGE = `Usage: cleanspace clean DIR [options]

Finds the duplicates in DIR, picks the copy to keep by the keep-rules, shows the plan and
asks before acting. Copies move into DIR/.cleanspace-trash ('cleanspace undo DIR' puts them
back), or with --link are replaced by hard links to the kept copy.

Options:
  --keep RULE       which copy stays; repeat to break ties, first rule first:
                    oldest, newest, shortest-path, inside:FOLDER, outside:FOLDER
                    (default: --keep oldest --keep shortest-path)
  --protect FOLDER  never propose a file inside FOLDER (relative to DIR; repeatable)
  --yes, -y         act without asking
  --link            replace copies by hard links (same file system, compared byte for byte first)
  --dry-run         show the plan only

FOLDER matches at any depth ("Downloads"), or from DIR's top with a leading "/" ("/Downloads").
Exit codes: 0 done (or nothing to do), 1 the scan failed, not confirmed, or some copies were refused/failed, 2 usage error.
`;

export async function runClean(argv: readonly string[], io: CliIo): Promise<number> {
  return runUsage(io, CLEAN_USAGE, async () => {
    const { values, positionals } = parseCommand(argv, {
      keep: { type: "string", multiple: true },
      protect: { type: "string", multiple: true },
      yes: { type: "boolean", short: "y", default: false },
      link: { type: "boolean", default: false },
      "dry-run": { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    });
    if (values.help) {
      io.stdout.write(CLEAN_USAGE);
      return EXIT_OK;
    }
    const [, dir, ...extra] = positionals;
    if (dir === undefined || dir === "") throw new UsageError("missing DIR: which directory should be cleaned?");
    if (extra.length > 0) throw new UsageError(`one directory at a time (also got '${extra.join("', '")}')`);
    const root = resolve(dir);
    const problem = rootProblem(root);
    if (problem) {
      io.stderr.write(`cleanspace: ${problem}\n`);
      return EXIT_FAILURE;
    }
    const { policy: written, protectedKeys } = policyOf(root, values.keep ?? [], values.protect ?? []);
    // What an interrupted earlier run left goes first: the scan must not take a temporary link for a file.
    if (!values["dry-run"]) printTidied(io, tidyJournalLeftovers(realFs, root));
    // No hash cache: what clean acts on is read now (and checked again by SHA-256 below).
    const result = await scanTree(root, { signal: io.signal, cache: null, threads: defaultThreads(), workerUrl: io.workerUrl ?? null });
    const byId = new Map(result.items.map((item) => [item.id, item]));
    const groups: HashedFile[][] = result.duplicates.map((group) =>
      group.itemIds.map((id) => {
        const item = byId.get(id)!;
        let hash: string | null = null;
        try {
          hash = sha256File(realFs, inRoot(root, item.path));
        } catch {
          // unreadable now: it takes no part
        }
        return { path: item.path, size: item.size, modified: item.modified, hash };
      }),
    );
    const policy = {
      ...written,
      protectedFolders: [
        ...new Set([
          ...written.protectedFolders,
          ...samePlaceFolders(
            root,
            groups.flat().map((f) => f.path),
            protectedKeys,
          ),
        ]),
      ],
    };
    const { plan, decisions } = buildCleanupPlan({
      groups,
      policy,
      rootName: root.split(sep).pop() ?? "",
      createdBy: "cli",
      now: new Date(),
    });
    io.stdout.write(`Keep-rules: ${policy.rules.map(keepRuleLabel).join(", ") || "(none: first by name)"}`);
    io.stdout.write(policy.protectedFolders.length > 0 ? `; protected: ${policy.protectedFolders.join(", ")}\n` : "\n");
    const order = { keep: 0, leave: 1, remove: 2 } as const;
    for (const group of decisions) {
      io.stdout.write("\n");
      for (const d of [...group].sort((a, b) => order[a.action] - order[b.action])) {
        const mark = d.action === "keep" ? "keep  " : d.action === "leave" ? "leave " : values.link ? "link  " : "trash ";
        io.stdout.write(`  ${mark} ${displayPath(d.file.path)}\n          ${d.reason}\n`);
      }
    }
    const count = plan.actions.length;
    const bytes = planBytes(plan);
    if (count === 0) {
      io.stdout.write(`\nNothing to clean in ${displayPath(root)}: no duplicate copy to ${values.link ? "link" : "move"}.\n`);
      return EXIT_OK;
    }
    const verb = values.link ? "Replace" : "Move";
    const what = `${plural(count, "copy", "copies")} (${formatBytes(bytes)}) ${values.link ? "by hard links" : "to the trash"}`;
    const question = `${verb} ${what}?`;
    io.stdout.write(`\nPlan: ${verb.toLowerCase()} ${what}.\n`);
    if (values["dry-run"]) return EXIT_OK;
    if (!values.yes) {
      const confirm = io.confirm ?? defaultConfirm();
      if (confirm === null) {
        io.stderr.write("cleanspace: nothing done: no terminal to ask; run again with --yes to act without asking\n");
        return EXIT_FAILURE;
      }
      if (!(await confirm(`${question} [y/N] `))) {
        io.stdout.write("Nothing done.\n");
        return EXIT_FAILURE;
      }
    }
    if (values.link) {
      const report = linkCopies(root, plan);
      printTidied(io, report.tidied);
      for (const l of report.linked) if (l.nameOf !== undefined) io.stdout.write(`linked  ${displayPath(l.path)}${nameOfNote(l)}\n`);
      printOutcomes(io, "Refused (left alone)", report.refused);
      printOutcomes(io, "Failed (left in place)", report.failed);
      printOutcomes(io, "Note", report.notes);
      io.stdout.write(
        `${summaryLine(
          "Linked",
          report.linked.length,
          report.linked.reduce((s, l) => s + l.freed, 0),
        )}. Undo with: cleanspace undo ${JSON.stringify(root)}\n`,
      );
      return report.refused.length + report.failed.length > 0 ? EXIT_FAILURE : EXIT_OK;
    }
    const report = applyPlan(root, plan);
    printTidied(io, report.tidied);
    for (const m of report.moved) if (m.nameOf !== undefined) io.stdout.write(`moved  ${displayPath(m.path)}${nameOfNote(m)}\n`);
    printOutcomes(io, "Refused (left alone)", report.refused);
    printOutcomes(io, "Failed (left in place)", report.failed);
    printOutcomes(io, "Note", report.notes);
    io.stdout.write(
      `${summaryLine(
        "Moved",
        report.moved.length,
        report.moved.reduce((s, m) => s + m.freed, 0),
      )} to ${displayPath(root)}/.cleanspace-trash. Undo with: cleanspace undo ${JSON.stringify(root)}\n`,
    );
    return report.refused.length + report.failed.length > 0 ? EXIT_FAILURE : EXIT_OK;
  });
}

interface CleanPolicy {
  policy: KeepPolicy;
  /** Device and inode of each protected folder found on disk (reached by another path too: a bind mount). */
  protectedKeys: Set<string>;
}

function policyOf(root: string, keep: readonly string[], protect: readonly string[]): CleanPolicy {
  let rules: KeepRule[];
  try {
    rules = keep.length === 0 ? DEFAULT_KEEP_POLICY.rules : keep.map(parseKeepRule);
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  // inside:/outside: name a folder too: by its real path when it is one on disk (never refused: a preference).
  rules = rules.map((rule) =>
    rule.kind === "inside" || rule.kind === "outside"
      ? { ...rule, folder: resolveFolder(root, rule.folder, `--keep ${rule.kind}:`, false).patterns.at(-1)! }
      : rule,
  );
  const protectedKeys = new Set<string>();
  const protectedFolders = protect.flatMap((folder) => {
    const resolved = resolveFolder(root, folder, "--protect", true);
    if (resolved.key) protectedKeys.add(resolved.key);
    return resolved.patterns;
  });
  return { policy: { rules, protectedFolders: [...new Set(protectedFolders)] }, protectedKeys };
}

/** Asks on the terminal; null when there is none to ask on. */
function defaultConfirm(): ((question: string) => Promise<boolean>) | null {
  if (!process.stdin.isTTY) return null;
  return async (question) => {
    const { createInterface } = await import("node:readline/promises");
    const rl = createInterface({ input: process.stdin, output: process.stderr });
    try {
      return /^y(es)?$/i.test((await rl.question(question)).trim());
    } finally {
      rl.close();
    }
  };
}
