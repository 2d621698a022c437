import { existsSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { resolve } from "node:path";
import { ScanAccessError } from "../scan/errors";
import { runScan } from "../scan/run-scan";
import { withHashCache } from "../scan/cached-hasher";
import { createNodeFsSource } from "../scan/sources/node-fs";
import type { ScanResult } from "../scan/types";
import { type CliCommand, USAGE, UsageError, parseCliArgs } from "./args";
import { formatBinaryBytes, formatCount, plural } from "./format";
import { openNodeHashCache } from "./hash-cache-file";
import type { ParallelHasher } from "./parallel-hasher";
import { type ProgressStream, createProgressBar } from "./progress-bar";
import { toJsonReport } from "./report-json";
import { formatTextReport } from "./report-text";
import { createSequentialHasher } from "./sequential-hasher";
import type { PhotoAnalysis } from "./photos/analyse-photo-files";

/** Exit codes, documented in docs/cli.md. */
export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

export const CLI_VERSION = "1.0.0";

export interface CliIo {
  stdout: { write(text: string): unknown };
  stderr: ProgressStream;
  /** Hash worker script; defaults to hash-worker.js beside this bundle (absent when run from source). */
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
  const threads = command.threads ?? defaultThreads();
  const workerUrl = io.workerUrl === undefined ? defaultWorkerUrl() : io.workerUrl;
  const rawHasher = command.metadataOnly ? undefined : await createHasher(root, workerUrl, threads);
  const cache = rawHasher && command.cache ? openNodeHashCache(root, { dir: io.cacheDir }) : null;
  const hasher = rawHasher && cache ? withHashCache(rawHasher, cache, cache.stats) : rawHasher;
  let result: ScanResult;
  try {
    result = await runScan(createNodeFsSource(root), {
      metadataOnly: command.metadataOnly,
      now: command.now,
      hasher,
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
  } finally {
    await rawHasher?.close();
  }
  cache?.save();
  if (cache) profile?.mark(`cache (${cache.loaded} loaded, ${cache.stats.hits} hits, ${cache.stats.misses} misses)`);
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
    const report = toJsonReport(root, result);
    const photosJson = photos ? (await import("./photos/photo-report-json")).toJsonPhotos(photos) : undefined;
    io.stdout.write(`${JSON.stringify(photosJson ? { ...report, photos: photosJson } : report)}\n`);
  } else {
    io.stdout.write(formatTextReport(root, result, seconds));
    if (photos) io.stdout.write(`\n${(await import("./photos/photo-report-text")).formatPhotoReport(photos)}`);
  }
  profile?.mark("report");
  profile?.print();
  if (!useBar && command.progress === "auto") {
    const s = result.summary;
    const dupes = result.metadataOnly ? "possible duplicate" : "duplicate";
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
 * CLEANSPACE_PROFILE=1: each phase's milliseconds on stderr (bench/scan-bench.mjs --phases
 * prints them); start-up is the time from the process's start to the scan's.
 */
function createProfile(stderr: ProgressStream): { mark: (phase: string) => void; print: () => void } {
  const marks: [string, number][] = [["start-up", performance.now()]];
  let last = performance.now();
  return {
    mark: (phase) => {
      const now = performance.now();
      marks.push([phase, now - last]);
      last = now;
    },
    print: () => stderr.write(`cleanspace profile: ${marks.map(([p, ms]) => `${p} ${ms.toFixed(0)} ms`).join(", ")}\n`),
  };
}

/**
 * One thread: a plain loop on the main thread. More: the shared queue with worker threads
 * (a worker costs ~0.1–0.2 s of CPU to start and feed, repaid only on an idle core).
 */
async function createHasher(root: string, workerUrl: URL | null, threads: number): Promise<ParallelHasher> {
  if (threads <= 1 || workerUrl === null) {
    return createSequentialHasher(root, async () => (await import("./load-xxhash")).createXXHash128());
  }
  const { createParallelHasher } = await import("./parallel-hasher");
  return createParallelHasher({ root, workerUrl, workers: threads - 1 });
}

function defaultWorkerUrl(): URL | null {
  const url = new URL("./hash-worker.js", import.meta.url);
  return url.protocol === "file:" && existsSync(url) ? url : null;
}
