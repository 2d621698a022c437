import { availableParallelism, loadavg } from "node:os";
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

const MAX_THREADS = 4;

/**
 * Hashing threads by default: one per core the rest of the machine leaves idle (cores minus
 * the 1-minute load average, rounded), at least 1, at most 4. A hash thread costs ~0.2 s of
 * CPU to start and feed (bench/scan-bench.mjs: 0.87 s CPU with two threads, 0.68 s with one);
 * it pays off only when a core is free — on the busy bench machine one thread was faster
 * every time (20,000 files: 1.13 s against 1.48 s). `--threads N` overrides this.
 */
export function defaultThreads(cores: number = availableParallelism(), load: number = loadavg()[0] ?? 0): number {
  return Math.max(1, Math.min(MAX_THREADS, cores, Math.round(cores - load)));
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
