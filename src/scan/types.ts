import type { PhotoReport } from "../domain/photos/index";
import type { PhotoFindings, ScanSummary } from "../domain/schemas/scan-summary";
import type { ScanCategory, ScanStage } from "../domain/scan-rules";

/**
 * One file as a source lists it, before classification. `ref` is whatever the source needs
 * to read the bytes later (a File, an absolute path), kept opaque to the engine.
 */
export interface ScanEntry<Ref = unknown> {
  /** Relative to the scanned root, "/"-separated. */
  path: string;
  name: string;
  size: number;
  /** Modification time, ms since the epoch. */
  modified: number;
  /** MIME type when the source knows it, else "". */
  type: string;
  /** Same value for two names of one physical file (hard links): "dev:ino". */
  fileId?: string;
  /**
   * Status-change time (ctime, ms) and inode number when the source has them (Node): with
   * path, size and mtime they say "same bytes as last time" to the hash cache. Any write,
   * even one that puts the mtime back, moves the ctime.
   */
  changed?: number;
  ino?: number;
  ref: Ref;
}

/** Entries the walk passed over, by reason. Never fatal. */
export interface SkipCounts {
  symlinks: number;
  /** FIFOs, sockets, devices: reading them could block or make no sense. */
  special: number;
  /** Folders or files whose metadata or bytes could not be read (permissions, races, too long). */
  unreadable: number;
  /** Folders reached twice (bind-mount loops). */
  loops: number;
}

/**
 * Where the browser's files come from: a folder handle or a File list (the CLI walks with
 * src/cli/scan/list-folder.ts). `walk` yields batches (one per folder) so a source pays one
 * await per folder, not per file.
 */
export interface ScanSource<Ref = unknown> {
  readonly kind: "directory-handle" | "file-list";
  /** Throws when the source cannot be read at all (spec §4 "permissions" stage). */
  checkAccess(): Promise<void>;
  walk(signal?: AbortSignal): AsyncIterable<ScanEntry<Ref>[]>;
  /** Bytes [start, end) of a file; may answer synchronously. */
  slice(entry: ScanEntry<Ref>, start: number, end: number): Uint8Array | Promise<Uint8Array>;
  /** The whole file in chunks of at most `chunkSize` bytes: memory stays bounded. */
  stream(entry: ScanEntry<Ref>, chunkSize: number): AsyncIterable<Uint8Array>;
  readonly skipped: SkipCounts;
}

export interface HashRunOptions {
  signal?: AbortSignal;
  /** Called now and then with how many of the entries are done so far. */
  onProgress?: (done: number) => void;
}

/**
 * Computes content keys for the core's sieve in the browser's adapter (find-duplicates.ts);
 * the default reads through the source (content-hasher.ts). The CLI keys its columns through
 * its own adapter (src/cli/scan/find-groups.ts). Keys are only compared between files of equal size.
 * A null key means the file could not be read; it then takes no part in any group.
 */
export interface ContentHasher<Ref = unknown> {
  /** Heard as soon as a file shares its size with another, so work can start during the walk. */
  prefetch?(entry: ScanEntry<Ref>): void;
  /** Key of the first and last blocks, or of the whole file when it is small (see `isComplete`). */
  firstKeys(entries: readonly ScanEntry<Ref>[], options?: HashRunOptions): Promise<(string | null)[]>;
  /** True when the first key of a file of this size already covers every byte. */
  isComplete(size: number): boolean;
  /** Key of all the bytes, read in bounded chunks. */
  fullKeys(entries: readonly ScanEntry<Ref>[], options?: HashRunOptions): Promise<(string | null)[]>;
  close?(): void | Promise<void>;
}

/** One file in the item index (what the Organize screen lists). Stays on the device. */
export interface ScanItem {
  /** 1-based, stable within one scan. */
  id: number;
  path: string;
  name: string;
  size: number;
  /** MIME type, given by the source or guessed from the extension; "" when unknown. */
  type: string;
  category: ScanCategory;
  modified: number;
  isLarge: boolean;
  isOld: boolean;
  /** Id of the duplicate group, null when the file has no duplicate. */
  duplicateGroup: number | null;
  /** True only for the file kept in a duplicate group; its copies and unique files are false. */
  isOriginal: boolean;
  width?: number;
  height?: number;
  /** What the photo analysis found (issue 19); absent when the photo was not decoded. */
  photo?: PhotoTraits;
}

/** One decoded photo's analysis (src/domain/photos): kept in the item index, on the device. */
export interface PhotoTraits {
  /** 16 hex digits: the 64-bit perceptual hash. */
  hash: string;
  sharpness: number;
  /** Has camera EXIF (Make or Model). */
  camera: boolean;
  /** Issue 37's measures (domain/photos PhotoMeasures); absent in indexes saved before them. */
  turns?: string;
  crops?: string;
  detail?: number;
  clipped?: number;
  graphic?: boolean;
}

/**
 * Decodes and analyses the photos of a scan, after the duplicate pass (spec §4 "photos"
 * stage): sets `width`, `height` and `photo` on the items it decodes. The browser's runs in
 * the scan worker (src/scan/photos); a CLI may plug in its own.
 */
export interface PhotoAnalyser<Ref = unknown> {
  analyse(
    source: ScanSource<Ref>,
    items: ScanItem[],
    entries: readonly ScanEntry<Ref>[],
    options: HashRunOptions & {
      nowMs: number;
      /**
       * Settles once the duplicates are found (the items marked). Given, the analysis starts
       * while they are being found, and reports after: its reads overlap the hash passes.
       */
      duplicatesFound?: Promise<unknown>;
      /** Photos the hash's first pass will read too: analysed only after `duplicatesFound` (their first bytes may settle them). */
      hashedFirst?: (index: number) => boolean;
    },
  ): Promise<PhotoAnalysis>;
}

export interface PhotoAnalysis {
  report: PhotoReport;
  findings: PhotoFindings;
}

export interface DuplicateGroup {
  /** 1-based; groups are sorted by wasted bytes, largest first. */
  id: number;
  size: number;
  /** Item ids, the original first, then the copies by path. */
  itemIds: number[];
  originalId: number;
  /** size × copies. */
  wastedBytes: number;
  /** True in metadata-only mode: equal size, content never compared. */
  possible: boolean;
}

export interface ScanCounts {
  files: number;
  photos: number;
  apps: number;
  email: number;
}

export interface ScanProgress {
  stage: ScanStage;
  /** Spec §4: position / 5, from 0.2 to 1.0. */
  progress: number;
  counts: ScanCounts;
  /** Finer detail for a progress bar inside the files stage. */
  detail?: { phase: "walk" | "hash" | "verify" | "photos"; done: number; total: number };
}

export interface ScanResult {
  items: ScanItem[];
  duplicates: DuplicateGroup[];
  summary: ScanSummary;
  skipped: SkipCounts;
  /** Extra names of files already listed under another name (hard links); not counted twice. */
  hardLinks: number;
  /** Duplicates are "possible duplicates" (same size only). */
  metadataOnly: boolean;
  /** Similar, exact, blurry and screenshot photos, when the scan analysed photos (issue 19). */
  photoReport?: PhotoReport;
}
