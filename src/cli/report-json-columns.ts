import { SCAN_CATEGORIES, type ScanCategory, fileExtension, isLargeFile, isOldFile } from "../domain/scan-rules";
import type { ScanCategoryTotals, ScanSummary } from "../domain/schemas/scan-summary";
import { classifyEntry, kindOf } from "../scan/classify";
import { markGroups } from "../scan/find-duplicates";
import { countSkipped } from "../scan/summarize";
import type { ScanItem } from "../scan/types";
import { isoUtc } from "./iso-time";
import { type CliJsonReport, orderByTimeThenPath } from "./report-json";
import type { FileTable } from "./scan/file-table";
import type { SideWork } from "./scan/hash-pass";
import type { ScannedTree } from "./scan/scanned-tree";

/** Files per slice of WalkFacts' work: well under a millisecond each, so the batches a worker has in flight (hash-pass.ts) outlast a slice. */
const SLICE = 512;

/**
 * The parts of the JSON report that need the walk alone — category totals, large, old and
 * empty files, the last three already as JSON text — made in slices (SideWork): the main
 * thread makes them between the batches it hands the workers in a first pass, where they
 * cost half their time, instead of after the last key, where the workers were idle (decision
 * 016, session 12). `finish()` makes whatever is left.
 */
export class WalkFacts implements SideWork {
  readonly count = new Float64Array(SCAN_CATEGORIES.length);
  readonly bytes = new Float64Array(SCAN_CATEGORIES.length);
  totalBytes = 0;
  largeBytes = 0;
  oldBytes = 0;
  large: { path: string; size: number }[] = [];
  /** Old files: only their count is kept as a number, the entries only as JSON text (oldParts). */
  oldCount = 0;
  empty: string[] = [];
  largeJson = "";
  /**
   * The old files' entries as JSON, a slice of them per part, without the brackets and the
   * commas between parts: never joined into one string, the report writes them one by one
   * (the joined text and the report around it made 2 MB more of old-generation strings on
   * c20k, enough to start a full collection in the last milliseconds of a rescan).
   */
  readonly oldParts: string[] = [];
  emptyJson = "";
  private readonly categoryByExtension = new Map<string, number>();
  private readonly oldFiles: number[] = [];
  private readonly oldTimes: number[] = [];
  private oldOrder: Int32Array | null = null;
  /** 0: summing items, 1: ordering old files, 2: making old entries, 3: large and empty, 4: done. */
  private stage = 0;
  private at = 0;

  constructor(
    private readonly table: FileTable,
    private readonly itemFiles: Int32Array,
    private readonly nowMs: number,
  ) {}

  get done(): boolean {
    return this.stage === 4;
  }

  finish(): this {
    while (this.step());
    return this;
  }

  step(): boolean {
    if (this.stage === 0) this.sumItems();
    else if (this.stage === 1) this.orderOld();
    else if (this.stage === 2) this.makeOld();
    else if (this.stage === 3) this.largeAndEmpty();
    return this.stage !== 4;
  }

  private sumItems(): void {
    const { table, itemFiles, count, bytes, categoryByExtension, nowMs } = this;
    const end = Math.min(itemFiles.length, this.at + SLICE);
    for (let p = this.at; p < end; p++) {
      const f = itemFiles[p] as number;
      const size = table.size[f] ?? 0;
      const modified = table.mtime[f] ?? 0;
      const name = table.names[f] as string;
      const extension = fileExtension(name);
      // Per category index (SCAN_CATEGORIES order): a category depends on the extension alone (kindOf's own cache key).
      let c = categoryByExtension.get(extension);
      if (c === undefined) {
        c = SCAN_CATEGORIES.indexOf(kindOf("", name).category);
        categoryByExtension.set(extension, c);
      }
      count[c] = (count[c] as number) + 1;
      bytes[c] = (bytes[c] as number) + size;
      this.totalBytes += size;
      if (isLargeFile(size)) {
        this.largeBytes += size;
        this.large.push({ path: table.path(f), size });
      }
      if (isOldFile(modified, nowMs)) {
        this.oldBytes += size;
        this.oldFiles.push(f);
        this.oldTimes.push(modified);
      }
      if (size === 0) this.empty.push(table.path(f));
    }
    this.at = end;
    if (end === itemFiles.length) {
      this.stage = 1;
      this.at = 0;
    }
  }

  /** Old files ordered by time, then path, before any object is made for them. */
  private orderOld(): void {
    const { oldFiles, table } = this;
    this.oldOrder = orderByTimeThenPath(this.oldTimes, (k) => table.path(oldFiles[k] as number));
    this.oldCount = this.oldOrder.length;
    this.stage = 2;
  }

  private makeOld(): void {
    const { oldFiles, oldTimes, table } = this;
    const order = this.oldOrder as Int32Array;
    const start = this.at;
    const end = Math.min(order.length, start + SLICE);
    const slice = new Array<{ path: string; size: number; modified: string }>(end - start);
    for (let k = start; k < end; k++) {
      const f = oldFiles[order[k] as number] as number;
      slice[k - start] = { path: table.path(f), size: table.size[f] ?? 0, modified: isoUtc(oldTimes[order[k] as number] as number) };
    }
    // The array's JSON is its items' JSON joined by commas: made a slice at a time, and the
    // objects dropped (kept, 55,000 of them lived through every collection to the end).
    if (end > start) this.oldParts.push(JSON.stringify(slice).slice(1, -1));
    this.at = end;
    if (end === order.length) this.stage = 3;
  }

  /** The old files' JSON array as one string (tests; the report writes oldParts). */
  get oldJson(): string {
    return `[${this.oldParts.join(",")}]`;
  }

  private largeAndEmpty(): void {
    const byPath = (a: { path: string }, b: { path: string }): number => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
    this.large.sort((a, b) => b.size - a.size || byPath(a, b));
    this.empty.sort();
    this.largeJson = JSON.stringify(this.large);
    this.emptyJson = JSON.stringify(this.empty);
    this.stage = 4;
  }
}

/**
 * The text of `toJsonReport(root, buildResult(scanned))`, straight from the columns, for `scan
 * --json` (decision 016, session 8): the report names only duplicates, large, old and empty
 * files, so items are made for the members of duplicate groups alone (markGroups picks
 * originals and orders groups on them, as always) and the summary is summed from the columns,
 * with summarizeScan's rules and key order. 100,000 item objects cost ~50 ms of CPU to make
 * and more to collect. The lists come as the JSON text WalkFacts wrote (`facts`: made during
 * the scan, tree-scan's besideKeys, else here). report-json-columns.test.ts holds the two
 * texts equal.
 */
export function jsonReportText(root: string, scanned: ScannedTree, facts?: WalkFacts | null): JsonReportText {
  const walk = (facts ?? new WalkFacts(scanned.table, scanned.found.itemFiles, scanned.nowMs)).finish();
  const { summary, duplicates, skippedBy } = reportBody(scanned, walk);
  const json = JSON.stringify;
  // CliJsonReport's keys in toJsonReport's order: JSON.stringify writes an object so, with no space.
  const parts = [`{"root":${json(root)},"summary":${json(summary)},"duplicates":${json(duplicates)},"large":${walk.largeJson},"old":[`];
  walk.oldParts.forEach((part, k) => parts.push(k === 0 ? part : `,${part}`));
  parts.push(
    `],"empty":${walk.emptyJson},"skipped":${json(summary.skipped)},` +
      `"skippedBy":${json(skippedBy)},"hardLinks":${json(scanned.found.hardLinks)},"metadataOnly":${json(scanned.metadataOnly)}}`,
  );
  return {
    summary,
    parts,
    get text() {
      return parts.join("");
    },
  };
}

/** The `--json` report: its text in parts, to be written one after the other (`text` joins them). */
export interface JsonReportText {
  summary: ScanSummary;
  parts: readonly string[];
  readonly text: string;
}

/** The summary and the duplicate groups: what needs the keys. */
function reportBody(
  scanned: ScannedTree,
  walk: WalkFacts,
): { summary: ScanSummary; duplicates: CliJsonReport["duplicates"]; skippedBy: CliJsonReport["skippedBy"] } {
  const { table, found, metadataOnly, nowMs } = scanned;
  const { itemFiles } = found;
  const entry = { path: "", name: "", size: 0, modified: 0, type: "" };

  // Duplicate groups: items for their members only, numbered as buildResult numbers every item.
  const members: ScanItem[] = [];
  const groups = found.groups.map((positions) =>
    positions.map((p) => {
      const f = itemFiles[p] as number;
      entry.path = table.path(f);
      entry.name = table.names[f] as string;
      entry.size = table.size[f] ?? 0;
      entry.modified = table.mtime[f] ?? 0;
      members.push(classifyEntry(entry, p + 1, nowMs));
      return members.length - 1;
    }),
  );
  const duplicates = markGroups(members, groups, metadataOnly);
  const pathById = new Map<number, string>();
  let photosDuplicates = 0;
  let photosDuplicateBytes = 0;
  for (const item of members) {
    pathById.set(item.id, item.path);
    if (item.duplicateGroup !== null && !item.isOriginal && item.category === "photo") {
      photosDuplicates++;
      photosDuplicateBytes += item.size;
    }
  }
  const categories = Object.fromEntries(
    SCAN_CATEGORIES.map((category, c) => [category, { count: walk.count[c] as number, bytes: walk.bytes[c] as number }]),
  ) as Record<ScanCategory, ScanCategoryTotals>;
  let duplicateFiles = 0;
  let duplicateBytes = 0;
  for (const group of duplicates) {
    duplicateFiles += group.itemIds.length - 1;
    duplicateBytes += group.wastedBytes;
  }
  const skippedBy = { ...scanned.skipped, unreadable: scanned.skipped.unreadable + found.unreadable };
  // summarizeScan's object, key for key (the JSON's order), apps and e-mail always 0 on the CLI.
  const summary: ScanSummary = {
    schemaVersion: 1,
    categories,
    totalFiles: itemFiles.length,
    totalBytes: walk.totalBytes,
    duplicateGroups: duplicates.length,
    duplicateFiles,
    duplicateBytes,
    largeFiles: walk.large.length,
    largeBytes: walk.largeBytes,
    oldFiles: walk.oldCount,
    oldBytes: walk.oldBytes,
    emptyFiles: walk.empty.length,
    skipped: countSkipped(skippedBy),
    photosCount: categories.photo.count,
    photosDuplicates,
    photosDuplicateBytes,
    appsCount: 0,
    appsUnused: 0,
    emailCount: 0,
    emailUnread: 0,
    metadataOnly,
    scannedAt: new Date(nowMs).toISOString(),
  };
  const pathOf = (id: number): string => pathById.get(id) ?? "";
  return {
    summary,
    duplicates: duplicates.map((group) => ({
      size: group.size,
      wastedBytes: group.wastedBytes,
      possible: group.possible,
      original: pathOf(group.originalId),
      paths: group.itemIds.map(pathOf),
    })),
    skippedBy,
  };
}
