import { setFlagsFromString } from "node:v8";
import { availableParallelism } from "node:os";
import { resolve } from "node:path";
import { ScanAccessError } from "../scan/errors";
import type { ScanResult } from "../scan/types";
import { type CliCommand, USAGE, UsageError, parseCliArgs } from "./args";
import { formatBinaryBytes, formatCount, plural } from "./format";
import { createProfile } from "./profile";
import { type ProgressStream, createProgressBar } from "./progress-bar";
import { type JsonReportText, WalkFacts, jsonReportText } from "./report-json-columns";
import { toJsonReport } from "./report-json";
import { formatTextReport } from "./report-text";
import { type TreeScanOptions, scanColumns, scanTree } from "./scan/tree-scan";
import { defaultThreads } from "./threads";
import type { PhotoAnalysis } from "./photos/analyse-photo-files";

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
  let result: ScanResult | null = null;
  let report: JsonReportText | null = null;
  try {
    const threads = command.threads ?? defaultThreads();
    const options: TreeScanOptions = {
      metadataOnly: command.metadataOnly,
      now: command.now,
      threads,
      workerUrl: io.workerUrl ?? null,
      cache: command.cache ? { dir: io.cacheDir } : null,
      signal: io.signal,
      onProgress: bar ? (p) => bar.update(p) : undefined,
      onPhase: profile?.mark,
      earlyWalk: threads > 1 ? QUICK_COMPILERS : undefined,
      walked: quickAfterSmallWalk,
    };
    if (command.json && !command.similar) {
      // The report straight from the columns: no item per file; its walk facts made while the workers read (report-json-columns.ts).
      let facts: WalkFacts | null = null;
      const scanned = await scanColumns(root, {
        ...options,
        besideKeys: (table, itemFiles, nowMs) => (facts = new WalkFacts(table, itemFiles, nowMs)),
      });
      report = jsonReportText(root, scanned, facts);
      profile?.mark("result");
      scanned.complete(report.summary.photosCount);
    } else {
      result = await scanTree(root, options);
    }
  } catch (error) {
    bar?.clear();
    defaultCompilers();
    if (error instanceof ScanAccessError) {
      io.stderr.write(`cleanspace: ${error.message}\n`);
      return EXIT_FAILURE;
    }
    io.stderr.write(`cleanspace: scan failed: ${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT_FAILURE;
  }
  bar?.clear();
  // Photo analysis (--similar) runs pixel loops that need TurboFan.
  defaultCompilers();
  let photos: PhotoAnalysis | null = null;
  if (result && command.similar) {
    const photoBar = useBar ? (await import("./photos/photo-progress")).createPhotoProgress(io.stderr) : null;
    photos = await analysePhotos(root, result, command.now ?? Date.now(), command.threads, photoBar?.update);
    photoBar?.clear();
    result = { ...result, summary: { ...result.summary, photoFindings: photos.findings } };
    profile?.mark(`photos (${photos.facts.length} analysed, ${photos.skippedPaths.length} skipped)`);
  }
  const seconds = (performance.now() - started) / 1000;
  if (report) {
    // In parts: the old files' JSON is never joined into one string (report-json-columns.ts).
    for (const part of report.parts) io.stdout.write(part);
    io.stdout.write("\n");
  } else if (result && command.json) {
    const photosJson = photos ? (await import("./photos/photo-report-json")).toJsonPhotos(photos) : undefined;
    const full = toJsonReport(root, result);
    io.stdout.write(`${JSON.stringify(photosJson ? { ...full, photos: photosJson } : full)}\n`);
  } else if (result) {
    io.stdout.write(formatTextReport(root, result, seconds));
    if (photos) io.stdout.write(`\n${(await import("./photos/photo-report-text")).formatPhotoReport(photos)}`);
  }
  profile?.mark("report");
  profile?.print();
  const summary = report?.summary ?? result?.summary;
  if (!useBar && command.progress === "auto" && summary) {
    const s = summary;
    const dupes = s.metadataOnly ? "possible duplicate" : "duplicate";
    io.stderr.write(
      `cleanspace: ${plural(s.totalFiles, "file")} (${formatBinaryBytes(s.totalBytes)}) scanned in ${seconds.toFixed(2)} s; ` +
        `${plural(s.duplicateGroups, `${dupes} group`)}, ${formatBinaryBytes(s.duplicateBytes)} to free` +
        (s.photoFindings
          ? `; ${plural(s.photoFindings.analysed, "photo")} analysed: ${plural(s.photoFindings.similarGroups, "similar group")}, ` +
            `${formatCount(s.photoFindings.blurry)} blurry, ${plural(s.photoFindings.screenshots, "screenshot")}`
          : "") +
        "\n",
    );
  }
  return EXIT_OK;
}

/** Photos decoded at once with --similar: one per core (at most 4) unless --threads says otherwise. */
const MAX_PHOTO_LANES = 4;

/**
 * `--similar`: decodes and analyses the scan's photos (loaded on demand, with sharp).
 * Decoding runs on libuv's thread pool, which costs nothing to start, so unlike hashing it
 * takes every core by default. CLEANSPACE_PHOTO_DECODE=full decodes every pixel instead of
 * at reduced size (bench/photos/photo-speed.mjs measures the difference).
 */
async function analysePhotos(
  root: string,
  result: ScanResult,
  nowMs: number,
  threads: number | undefined,
  onProgress?: (done: number, total: number) => void,
): Promise<PhotoAnalysis> {
  const { analysePhotoFiles } = await import("./photos/analyse-photo-files");
  return analysePhotoFiles(root, result.items, {
    nowMs,
    concurrency: threads ?? Math.min(MAX_PHOTO_LANES, availableParallelism()),
    mode: process.env.CLEANSPACE_PHOTO_DECODE === "full" ? "full" : "reduced",
    onProgress,
  });
}

/**
 * While a worker reads beside the walk (a first scan on 2+ threads, early-keys.ts), V8's
 * optimizing compiler (TurboFan) costs more than it saves: its background threads took a
 * quarter of all CPU samples of a 20,000-file scan on 2 cores and kept the scan's threads
 * waiting for a core. Without it (Ignition, Sparkplug) that scan took 284–299 ms against
 * 317–331. A larger tree runs long enough for TurboFan's code to pay: past 30,000 files it is
 * switched back on (100,000 files without it at all: 1.14 s against 0.95). Process-wide flags,
 * read at each tier-up, so the workers follow (decision 016, session 9).
 */
const QUICK_COMPILERS = {
  started: () => setFlagsFromString("--no-opt"),
  largeTree: 30_000,
  large: () => setFlagsFromString("--opt"),
};

/**
 * After the walk of a small tree, TurboFan is switched off as well: what is left (size buckets,
 * the hash cache's lookups, the report) runs each loop once over a few thousand files, and
 * TurboFan's compile jobs then took the second core and part of the first: a rescan of 20,000
 * files waited 18–22 ms for a core in its report alone (68 ms against 46 of CPU), 50 ms
 * without. The walk itself keeps it (its lstat loop gains). Past QUICK_COMPILERS.largeTree
 * files the later loops are long enough to pay for it (100,000 files, first scan: 1.53 s
 * without against 1.42 s). Decision 016, session 11.
 */
function quickAfterSmallWalk(files: number): void {
  if (files > QUICK_COMPILERS.largeTree) return;
  setFlagsFromString("--no-opt");
  // Nor does V8 start incremental marking: a small scan's old generation ends near the 10 MB
  // where marking starts (9.8 MB at a c20k rescan's exit), so a few hundred KB more or less
  // decided whether a full collection ran in its last milliseconds (~4 ms). Only the hard
  // limit (13 MB at start-up) collects now. c20k: rescan 147.5 → 143.2 ms (21 runs, phase
  // medians), first scan 205 → 200 (15 runs). Decision 016, session 13.
  setFlagsFromString("--no-incremental-marking");
}

/**
 * Back to V8's defaults once the scan is done: photo analysis (--similar) runs pixel loops that
 * need TurboFan and makes garbage that incremental marking should collect, and the code cache
 * saved at exit (bin/cleanspace.cjs) carries a hash of the flags: data made under --no-opt was
 * rejected by the next start, which compiled the CLI again (start-up 50 ms against 33). Small
 * first scans on two threads did that before this.
 */
function defaultCompilers(): void {
  setFlagsFromString("--opt");
  setFlagsFromString("--incremental-marking");
}
