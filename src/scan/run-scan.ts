import type { DetectedApp } from "./apps";
import { collectFiles } from "./collect-files";
import { buildResult } from "./core/build-result";
import { createSourceHasher } from "./content-hasher";
import { findDuplicates } from "./find-duplicates";
import { IMAGE_HEADER_BYTES, readImageSize } from "./image-size";
import { ProgressReporter, type ProgressThrottle } from "./progress";
import type { ContentHasher, PhotoAnalyser, ScanCounts, ScanEntry, ScanItem, ScanProgress, ScanResult, ScanSource } from "./types";

export interface ScanOptions<Ref> {
  /** Read no content: duplicates by equal size only, labelled possible duplicates (spec §5). */
  metadataOnly?: boolean;
  /** Reference time for "old" and scannedAt; defaults to the clock. */
  now?: number;
  signal?: AbortSignal;
  onProgress?: (progress: ScanProgress) => void;
  progressThrottle?: Partial<ProgressThrottle>;
  /** Content hasher; defaults to one that reads through the source. The caller closes its own. */
  hasher?: ContentHasher<Ref>;
  /** Apps the host detected (web: see detectApps); none by default. */
  apps?: readonly DetectedApp[];
  /** Read image headers for width and height (one small read per photo). Off by default. */
  photoDimensions?: boolean;
  /** Decodes and analyses photos in the photos stage (issue 19); none by default. Not run in metadata-only mode. */
  photos?: PhotoAnalyser<Ref>;
  /** Told when each stage of the files work ends ("walk", "first-pass", "full-pass", "summary"): for profiling. */
  onPhase?: (phase: ScanPhase) => void;
}

export type ScanPhase = "walk" | "first-pass" | "full-pass" | "summary";

const DIMENSION_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp", "image/bmp"]);

/**
 * One scan through the spec §4 stages: permissions, files, photos, apps, email, complete.
 * Cancellable at every folder and every hashed file through `signal`.
 */
export async function runScan<Ref>(source: ScanSource<Ref>, options: ScanOptions<Ref> = {}): Promise<ScanResult> {
  const { signal } = options;
  const nowMs = options.now ?? Date.now();
  const metadataOnly = options.metadataOnly ?? false;
  const apps = options.apps ?? [];
  const counts: ScanCounts = { files: 0, photos: 0, apps: 0, email: 0 };
  const reporter = new ProgressReporter(options.onProgress, options.progressThrottle);

  signal?.throwIfAborted();
  reporter.enter("permissions", counts);
  await source.checkAccess();

  signal?.throwIfAborted();
  reporter.enter("files", counts);
  const hasher = metadataOnly ? null : (options.hasher ?? (await createSourceHasher(source)));
  const files = await collectFiles(source, { hasher, nowMs, counts, reporter, signal });
  options.onPhase?.("walk");
  // The photos stage starts now, beside the hash passes (its reads overlap theirs); it reports
  // progress, and its findings, once the duplicates are found and its own stage is entered.
  let photosEntered = false;
  let photosDone = 0;
  let duplicatesFound: () => void = () => {};
  const found = new Promise<void>((resolve) => {
    duplicatesFound = resolve;
  });
  const photoRun =
    options.photos && !metadataOnly
      ? options.photos.analyse(source, files.items, files.entries, {
          signal,
          nowMs,
          duplicatesFound: found,
          hashedFirst: (i) => hasher !== null && files.buckets.shares(files.entries[i]?.size ?? 0),
          onProgress: (done) => {
            photosDone = done;
            if (photosEntered) reporter.tick(counts, "photos", done, counts.photos);
          },
        })
      : null;
  // Awaited below; a failure while the duplicates are being found must not go unhandled meanwhile.
  photoRun?.catch(() => {});
  let duplicates: Awaited<ReturnType<typeof findDuplicates>>;
  try {
    duplicates = await findDuplicates({
      items: files.items,
      entries: files.entries,
      buckets: files.buckets,
      hasher,
      metadataOnly,
      signal,
      onProgress: (phase, done, total) => reporter.tick(counts, phase, done, total),
      onPhase: options.onPhase,
    });
  } finally {
    duplicatesFound();
  }

  signal?.throwIfAborted();
  reporter.enter("photos", counts);
  photosEntered = true;
  if (photoRun && photosDone > 0) reporter.tick(counts, "photos", photosDone, counts.photos);
  if (options.photoDimensions && !metadataOnly && !options.photos) await addPhotoDimensions(source, files.items, files.entries, signal);
  const photos = photoRun ? await photoRun : null;

  signal?.throwIfAborted();
  counts.apps = apps.length;
  reporter.enter("apps", counts);

  signal?.throwIfAborted();
  reporter.enter("email", counts); // spec §5: e-mail is never connected; it stays 0

  const result = buildResult({
    items: files.items,
    duplicates: duplicates.groups,
    skipped: source.skipped,
    unreadable: duplicates.unreadable,
    hardLinks: files.hardLinks,
    apps,
    metadataOnly,
    nowMs,
    photos,
  });
  options.onPhase?.("summary");
  reporter.enter("complete", counts);
  return result;
}

async function addPhotoDimensions<Ref>(
  source: ScanSource<Ref>,
  items: ScanItem[],
  entries: readonly ScanEntry<Ref>[],
  signal: AbortSignal | undefined,
): Promise<void> {
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    const entry = entries[i];
    if (!item || !entry || !DIMENSION_TYPES.has(item.type) || item.size === 0) continue;
    signal?.throwIfAborted();
    try {
      const size = readImageSize(await source.slice(entry, 0, Math.min(item.size, IMAGE_HEADER_BYTES)));
      if (size) {
        item.width = size.width;
        item.height = size.height;
      }
    } catch {
      // Dimensions are optional (spec §3): an unreadable header leaves them out.
    }
  }
}
