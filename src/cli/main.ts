import { resolve } from "node:path";
import { ScanAccessError } from "../scan/errors";
import type { ScanResult } from "../scan/types";
import { type CliCommand, USAGE, UsageError, parseCliArgs } from "./args";
import { formatBinaryBytes, plural } from "./format";
import { createProfile } from "./profile";
import { type ProgressStream, createProgressBar } from "./progress-bar";
import { toJsonReport } from "./report-json";
import { formatTextReport } from "./report-text";
import { scanTree } from "./scan/tree-scan";
import { defaultThreads } from "./threads";

/** Exit codes, documented in docs/cli.md. */
export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

export const CLI_VERSION = "1.0.0";

export interface CliIo {
  stdout: { write(text: string): unknown };
  stderr: ProgressStream;
  /** Scan worker script (bin/cleanspace.cjs passes dist/cli/scan-worker.cjs); without it the scan runs on this thread only. */
  workerUrl?: URL | null;
  signal?: AbortSignal;
  /** Asks a yes/no question (`clean` before acting); defaults to the terminal, if any. */
  confirm?: (question: string) => Promise<boolean>;
  /** Hash cache folder; defaults to the user cache directory (CLEANSPACE_CACHE_DIR overrides it). */
  cacheDir?: string;
}

/** `cleanspace …`: returns the exit code; never calls process.exit, so piped output is flushed. */
export async function runCli(argv: readonly string[], io: CliIo = { stdout: process.stdout, stderr: process.stderr }): Promise<number> {
  // The trash commands load only their own code (a chunk of their own in the bundle).
  const verb = argv.find((arg) => !arg.startsWith("-"));
  if (verb === "apply") return (await import("./commands/apply")).runApply(argv, io);
  if (verb === "undo") return (await import("./commands/undo")).runUndo(argv, io);
  if (verb === "clean") return (await import("./commands/clean")).runClean(argv, io);
  let command: CliCommand;
  try {
    command = parseCliArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr.write(`cleanspace: ${error.message}\n\n${USAGE}`);
    return EXIT_USAGE;
  }
  if (command.command === "help") {
    io.stdout.write(USAGE);
    return EXIT_OK;
  }
  if (command.command === "version") {
    io.stdout.write(`cleanspace ${CLI_VERSION}\n`);
    return EXIT_OK;
  }
  const root = resolve(command.dir);
  const started = performance.now();
  const profile = process.env.CLEANSPACE_PROFILE ? createProfile(io.stderr) : null;
  const useBar = command.progress === "auto" && io.stderr.isTTY === true;
  const bar = useBar ? createProgressBar(io.stderr) : null;
  let result: ScanResult;
  try {
    result = await scanTree(root, {
      metadataOnly: command.metadataOnly,
      now: command.now,
      threads: command.threads ?? defaultThreads(),
      workerUrl: io.workerUrl ?? null,
      cache: command.cache ? { dir: io.cacheDir } : null,
      signal: io.signal,
      onProgress: bar ? (p) => bar.update(p) : undefined,
      onPhase: profile?.mark,
    });
  } catch (error) {
    bar?.clear();
    if (error instanceof ScanAccessError) {
      io.stderr.write(`cleanspace: ${error.message}\n`);
      return EXIT_FAILURE;
    }
    io.stderr.write(`cleanspace: scan failed: ${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT_FAILURE;
  }
  const seconds = (performance.now() - started) / 1000;
  bar?.clear();
  if (command.json) io.stdout.write(`${JSON.stringify(toJsonReport(root, result))}\n`);
  else io.stdout.write(formatTextReport(root, result, seconds));
  profile?.mark("report");
  profile?.print();
  if (!useBar && command.progress === "auto") {
    const s = result.summary;
    const dupes = result.metadataOnly ? "possible duplicate" : "duplicate";
    io.stderr.write(
      `cleanspace: ${plural(s.totalFiles, "file")} (${formatBinaryBytes(s.totalBytes)}) scanned in ${seconds.toFixed(2)} s; ` +
        `${plural(s.duplicateGroups, `${dupes} group`)}, ${formatBinaryBytes(s.duplicateBytes)} to free\n`,
    );
  }
  return EXIT_OK;
}
