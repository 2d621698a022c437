import * as nodeFs from "node:fs";
import { resolve } from "node:path";
import { type IHasher, createXXHash128 } from "hash-wasm";
import { ProgressReporter } from "../../scan/progress";
import { checkRoot, trimSlash } from "./check-root";
import type { ScanCounts, ScanProgress, ScanResult, SkipCounts } from "../../scan/types";
import { resultFromTable } from "./result-from-table";
import { type Crew, OUTSTANDING } from "./crew";
import { FileTable } from "./file-table";
import { EarlyKeys } from "./early-keys";
import { defaultCacheDir } from "../cache-dir";
import { type NodeHashCache, type NodeHashCacheOptions, openNodeHashCache, rememberedFiles } from "./hash-cache-file";
import { findGroups } from "./find-groups";
import type { ScannedTree } from "./scanned-tree";
import { type KeyFs, KeyReader } from "./key-reader";
import { type AsyncKeyFs, ReadMode, hashersFor, readKeys } from "./keys-in-flight";
import { FolderQueue } from "./folder-queue";
import { type WalkFs, createWalker, listFolder } from "./list-folder";
import { type TableParts, fromPayload, mergeTables } from "./merge-tables";
import { type Team, createTeam } from "./team";

export type TreeFs = WalkFs & KeyFs & AsyncKeyFs & Pick<typeof nodeFs, "accessSync">;

export interface TreeScanOptions {
  /** Read no content: duplicates by equal size only, labelled possible duplicates (spec §5). */
  metadataOnly?: boolean;
  /** Reference time for "old" and scannedAt; defaults to the clock. */
  now?: number;
  signal?: AbortSignal;
  onProgress?: (progress: ScanProgress) => void;
  /** Told when each stage ends, with a few figures: for CLEANSPACE_PROFILE. */
  onPhase?: (phase: string) => void;
  /** Threads in all, the main one included; more than 1 needs `workerUrl`. */
  threads?: number;
  /** dist/cli/scan-worker.js; null (running from source) scans on the main thread only. */
  workerUrl?: URL | null;
  /** The hash cache (see hash-cache-file.ts); null: read every candidate. */
  cache?: NodeHashCacheOptions | null;
  /** When workers start (see SHARED_WALK_MIN_FILES, LATE_CREW_MIN_FILES): tests lower them to reach each path on small trees. */
  workerThresholds?: { sharedWalkMinFiles: number; lateCrewMinFiles: number };
  /** Tests fix how the main thread reads keys alone (keys-in-flight.ts ReadMode); else its first files decide. */
  readMode?: "sync" | "in-flight";
  /** Tests fake the file system (EACCES as root) and count reads. */
  fs?: TreeFs;
}

/**
 * The CLI's scan of a folder: the result `runScan` gives for a Node source (same items,
 * groups, summary, skip counts and hard-link rule), built for speed: a
 * synchronous walk into columns (FileTable) shared by the threads folder by folder, size
 * buckets, then first and full keys — each pass split between the threads and looked up
 * in the hash cache first — and one item object per file only at the end.
 */
export async function scanTree(root: string, options: TreeScanOptions = {}): Promise<ScanResult> {
  const scanned = await scanColumns(root, options);
  const result = resultFromTable(scanned);
  options.onPhase?.("result");
  scanned.complete(result.summary.photosCount);
  return result;
}

/** scanTree up to the result: walk, size buckets, both key passes, the hash cache saved. */
export async function scanColumns(root: string, options: TreeScanOptions = {}): Promise<ScannedTree> {
  const fs = options.fs ?? nodeFs;
  const { signal, onPhase } = options;
  const nowMs = options.now ?? Date.now();
  const metadataOnly = options.metadataOnly ?? false;
  const counts: ScanCounts = { files: 0, photos: 0, apps: 0, email: 0 };
  const reporter = new ProgressReporter(options.onProgress);
  const base = trimSlash(resolve(root));

  signal?.throwIfAborted();
  reporter.enter("permissions", counts);
  checkRoot(fs, root);
  signal?.throwIfAborted();
  reporter.enter("files", counts);

  const threads = options.workerUrl ? Math.max(1, options.threads ?? 1) : 1;
  const hasher = metadataOnly ? null : await createXXHash128();
  const reader = hasher ? new KeyReader(hasher, fs) : null;
  const fullHashers: IHasher[] = [];
  const mode = new ReadMode(options.readMode);
  const team = threads > 1 && options.workerUrl ? createTeam(options.workerUrl, threads, base, !metadataOnly) : null;
  try {
    const cacheOptions = options.cache === null ? null : { ...options.cache, dir: resolve(options.cache?.dir ?? defaultCacheDir()) };
    const remembered = cacheOptions === null || metadataOnly ? null : rememberedFiles(cacheOptions.dir, base);
    // A small tree the cache knows (a rescan of under SHARED_WALK_MIN_FILES candidates): no
    // worker is started before the walk, and one only if the cache leaves many files to read.
    const thresholds = options.workerThresholds ?? { sharedWalkMinFiles: SHARED_WALK_MIN_FILES, lateCrewMinFiles: LATE_CREW_MIN_FILES };
    const lazy = team !== null && remembered !== null && remembered < thresholds.sharedWalkMinFiles;
    if (!lazy) team?.start();
    // Nothing remembered for this folder (a first scan, or --no-cache): the workers read while
    // the main thread walks (early-keys.ts). A large tree the cache knows: they share the walk.
    const early = team !== null && reader !== null && remembered === null && team.closeWalk().length === 0;
    const walked = walkAll(fs, base, early || lazy ? null : team, counts, reporter, signal, early ? team : null);
    const table = walked.table;
    const crew = walked.shared || early ? (team?.crew ?? null) : null;
    // Started on first need (a lazy rescan with files to read): it never walks, it only keys.
    const startCrew =
      lazy && team
        ? (misses: number) => {
            if (misses < thresholds.lateCrewMinFiles) return null;
            team.start();
            team.closeWalk();
            return team.crew;
          }
        : undefined;
    onPhase?.(
      `walk (${table.fileCount} files, ${table.dirCount} folders${walked.shared ? `, ${walked.byWorkers} by workers` : ""}${
        walked.early ? `, ${walked.early.count} first keys by workers meanwhile` : ""
      })`,
    );

    const cache: NodeHashCache | null =
      // The racy window is measured on the clock, not on `now` (a reference time for "old" only).
      metadataOnly || cacheOptions === null ? null : openNodeHashCache(base, table, cacheOptions);
    const found = await findGroups({
      table,
      root: base,
      crew,
      startCrew,
      cache,
      early: walked.early,
      reader: () => reader as KeyReader,
      readAlone: (pass, jobs, out, ok, onDone) =>
        readKeys(pass, jobs, out, ok, reader as KeyReader, mode, () => hashersFor(pass, hasher as IHasher, fullHashers, createXXHash128), {
          fs,
          signal,
          onDone,
        }),
      metadataOnly,
      signal,
      onPhase,
      onProgress: (phase, done, total) => reporter.tick(counts, phase, done, total),
    });
    if (cache) {
      cache.save();
      onPhase?.(`cache (${cache.loaded} loaded, ${cache.stats.hits} hits, ${cache.stats.misses} misses)`);
    }
    const complete = (photos: number): void => {
      counts.photos = photos;
      for (const stage of ["photos", "apps", "email", "complete"] as const) reporter.enter(stage, counts);
    };
    return { table, found, skipped: walked.skipped, metadataOnly, nowMs, complete };
  } finally {
    team?.close();
  }
}

interface Walked {
  table: FileTable;
  skipped: SkipCounts;
  /** The workers took part and may take key batches too. */
  shared: boolean;
  /** Files the workers listed. */
  byWorkers: number;
  /** First-pass keys the workers made during a walk on the main thread (named by file index: that walk's table is the scan's). */
  early: EarlyKeys | null;
}

/**
 * Below this many remembered files a rescan walks on the main thread alone: a worker's
 * start-up is paid back only by a walk long enough to share (bench/scan-bench.mjs measures it).
 */
const SHARED_WALK_MIN_FILES = 30_000;
/** A rescan that began without workers starts them for a pass with at least this many files to read (a worker's start-up must pay). */
const LATE_CREW_MIN_FILES = 2_000;

/** Walks the tree with the team when there is one; alone again if the shared walk cannot give the single-thread answer. */
function walkAll(
  fs: WalkFs,
  root: string,
  team: Team | null,
  counts: ScanCounts,
  reporter: ProgressReporter,
  signal?: AbortSignal,
  /** Workers that read first-pass keys during this walk (EarlyKeys) instead of sharing it. */
  readers: Team | null = null,
): Walked {
  if (team) {
    const shared = walkShared(fs, root, team.crew, team, counts, reporter, signal);
    if (shared) return { ...shared, shared: true, early: null };
  }
  counts.files = 0;
  const table = new FileTable();
  const walker = createWalker(fs, root, table);
  const early = readers ? new EarlyKeys(readers.crew, 1, table) : null;
  if (early) walker.during = () => early.seen();
  // Smallest path first: the table comes out in mergeTables' order, with nothing to merge.
  const pending = new FolderQueue();
  pending.push("");
  while (pending.length > 0) {
    signal?.throwIfAborted();
    listFolder(walker, pending.pop() as string, pending);
    early?.seen();
    counts.files = table.fileCount;
    reporter.tick(counts, "walk", counts.files);
  }
  early?.drain();
  return { table, skipped: walker.skipped, shared: false, byWorkers: 0, early };
}

function walkShared(
  fs: WalkFs,
  root: string,
  crew: Crew,
  team: Team,
  counts: ScanCounts,
  reporter: ProgressReporter,
  signal?: AbortSignal,
): { table: FileTable; skipped: SkipCounts; byWorkers: number } | null {
  const own = new FileTable();
  const walker = createWalker(fs, root, own);
  const stack = [""];
  const completed = crew.walk(
    stack,
    (rel) => listFolder(walker, rel, stack),
    () => {
      signal?.throwIfAborted();
      counts.files = own.fileCount;
      reporter.tick(counts, "walk", counts.files);
    },
  );
  const tables: TableParts[] = [own];
  const skipped = { ...walker.skipped };
  for (const w of team.closeWalk()) {
    for (;;) {
      const sequence = crew.sequence();
      const got = crew.take(w, "table");
      if (got) {
        tables.push({ ...fromPayload(got.table), thread: w });
        for (const key of Object.keys(skipped) as (keyof SkipCounts)[]) skipped[key] += got.table.skipped[key];
        break;
      }
      if (crew.anyDead()) return null;
      crew.sleep(sequence);
    }
  }
  if (!completed || Atomics.load(crew.ctl, OUTSTANDING) !== 0) return null;
  const table = mergeTables(tables);
  return table ? { table, skipped, byWorkers: table.fileCount - own.fileCount } : null;
}
