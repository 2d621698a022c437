import { availableParallelism } from "node:os";
import { resolve } from "node:path";
import { ScanAccessError } from "../scan/errors";
import type { ScanResult } from "../scan/types";
import { type CliCommand, USAGE, UsageError, parseCliArgs } from "./args";
import { formatBinaryBytes, formatCount, plural } from "./format";
import { createProfile } from "./profile";
import { type ProgressStream, createProgressBar } from "./progress-bar";
import { toJsonReport } from "../scan/core/json-report";
import { formatTextReport } from "./report-text";
import { type TreeScanOptions, scanTree } from "./scan/tree-scan";
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
  let result: ScanResult;
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
    };
    result = await scanTree(root, options);
  } catch (error) {
    bar?.clear();
    if (error instanceof ScanAccessError) {
      io.stderr.write(`cleanspace: ${error.message}\n`);
      return EXIT_FAILURE;
    }
    io.stderr.write(`cleanspace: scan failed: ${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT_FAILURE;
  }
  bar?.clear();
  let photos: PhotoAnalysis | null = null;
  if (command.similar) {
    const photoBar = useBar ? (await import("./photos/photo-progress")).createPhotoProgress(io.stderr) : null;
    photos = await analysePhotos(root, result, command.now ?? Date.now(), command.threads, photoBar?.update);
    photoBar?.clear();
    result = { ...result, summary: { ...result.summary, photoFindings: photos.findings } };
    profile?.mark(`photos (${photos.facts.length} analysed, ${photos.skippedPaths.length} skipped)`);
  }
  const seconds = (performance.now() - started) / 1000;
  if (command.json) {
    const photosJson = photos ? (await import("./photos/photo-report-json")).toJsonPhotos(photos) : undefined;
    const full = toJsonReport(root, result);
    io.stdout.write(`${JSON.stringify(photosJson ? { ...full, photos: photosJson } : full)}\n`);
  } else {
    io.stdout.write(formatTextReport(root, result, seconds));
    if (photos) io.stdout.write(`\n${(await import("./photos/photo-report-text")).formatPhotoReport(photos)}`);
  }
  profile?.mark("report");
  profile?.print();
  if (!useBar && command.progress === "auto") {
    const s = result.summary;
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
