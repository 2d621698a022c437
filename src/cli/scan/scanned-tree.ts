import type { SkipCounts } from "../../scan/types";
import type { FileTable } from "./file-table";
import type { FoundGroups } from "./find-groups";

/** A finished scan still in columns: what resultFromTable makes the items and the result from. */
export interface ScannedTree {
  table: FileTable;
  found: FoundGroups;
  /** The walk's skip counts (unreadable candidates are in `found`). */
  skipped: SkipCounts;
  metadataOnly: boolean;
  nowMs: number;
  /** Tells the progress listener the scan is complete, with the photo count of the summary. */
  complete(photos: number): void;
}
