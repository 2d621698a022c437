import { parseArgs } from "node:util";

export type CliCommand =
  | { command: "help" }
  | { command: "version" }
  | {
      command: "scan";
      dir: string;
      json: boolean;
      metadataOnly: boolean;
      /** "auto": a bar on stderr when it is a terminal. */
      progress: "auto" | "off";
      /** Threads in all, the main one included; undefined = one per core, at most 4. */
      threads: number | undefined;
      /** Reference time for "old", ms since the epoch. */
      now: number | undefined;
      /** Remember content keys between scans (user cache directory); false: read every candidate. */
      cache: boolean;
      /** Also analyse photos: similar shots, blurry photos, screenshots (issue 19). */
      similar: boolean;
    };

/** A mistake in how the command was called: exit code 2. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

export const USAGE = `Usage: cleanspace scan DIR [options]
       cleanspace clean DIR [--keep RULE] [--protect FOLDER] [--yes] [--link] [--dry-run]
       cleanspace apply PLAN --root DIR [--dry-run]
       cleanspace undo DIR [--all] [--dry-run]
       (cleanspace COMMAND --help for each command's options)

Find what clutters DIR: duplicates, large files, old files, empty files; with --similar,
similar photos, blurry photos and screenshots.
Nothing leaves this machine.

Options:
  --json            print the machine-readable result on stdout
  --metadata-only   read no file content: same-size files are "possible duplicates"
  --similar         also look at the photos: similar shots (with the best one to keep), blurry photos, screenshots
  --no-progress     no progress bar on stderr
  --no-cache        read every candidate file again (default: reuse the keys of files unchanged since the last scan)
  --threads N       threads to hash with, the main one included (default: one per idle core, 1 to 4);
                    with --similar, photos decoded at once (default: one per core, at most 4)
  --now TIME        reference time for "old" files (ISO date or ms since 1970; default: now)
  -h, --help        show this help
  -v, --version     show the version

Exit codes: 0 done, 1 the scan failed (DIR missing, not a directory, unreadable), 2 usage error.
`;

export function parseCliArgs(argv: readonly string[]): CliCommand {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        json: { type: "boolean", default: false },
        "metadata-only": { type: "boolean", default: false },
        "no-progress": { type: "boolean", default: false },
        "no-cache": { type: "boolean", default: false },
        similar: { type: "boolean", default: false },
        threads: { type: "string" },
        now: { type: "string" },
        help: { type: "boolean", short: "h", default: false },
        version: { type: "boolean", short: "v", default: false },
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  if (values.help) return { command: "help" };
  if (values.version) return { command: "version" };
  const [command, dir, ...extra] = positionals;
  if (command === undefined) throw new UsageError("missing command: try 'cleanspace scan DIR'");
  if (command !== "scan") throw new UsageError(`unknown command '${command}': the commands are scan, clean, apply and undo`);
  if (dir === undefined || dir === "") throw new UsageError("missing DIR: which directory should be scanned?");
  if (extra.length > 0) throw new UsageError(`one directory at a time (also got '${extra.join("', '")}')`);
  if (values.similar && values["metadata-only"]) throw new UsageError("--similar reads the photos: it cannot go with --metadata-only");
  return {
    command: "scan",
    dir,
    json: values.json,
    metadataOnly: values["metadata-only"],
    progress: values["no-progress"] ? "off" : "auto",
    threads: values.threads === undefined ? undefined : parseThreads(values.threads),
    now: values.now === undefined ? undefined : parseNow(values.now),
    cache: !values["no-cache"],
    similar: values.similar,
  };
}

function parseThreads(text: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1 || n > 64) throw new UsageError(`--threads wants a whole number from 1 to 64, not '${text}'`);
  return n;
}

function parseNow(text: string): number {
  const ms = /^\d+$/.test(text) ? Number(text) : Date.parse(text);
  if (!Number.isFinite(ms)) throw new UsageError(`--now wants an ISO date or ms since 1970, not '${text}'`);
  return ms;
}
