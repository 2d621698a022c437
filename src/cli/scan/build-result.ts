import { classifyEntry } from "../../scan/classify";
import { markGroups } from "../../scan/core/mark-groups";
import { summarizeScan } from "../../scan/core/summarize";
import type { ScanItem, ScanResult } from "../../scan/types";
import type { ScannedTree } from "./scanned-tree";

export type BuildResultInput = Pick<ScannedTree, "table" | "found" | "skipped" | "metadataOnly" | "nowMs">;

/** The engine's ScanResult from the columns: one item per position (id = position + 1), groups marked, summary made. */
export function buildResult({ table, found, skipped, metadataOnly, nowMs }: BuildResultInput): ScanResult {
  const { itemFiles } = found;
  const items = new Array<ScanItem>(itemFiles.length);
  // One reusable entry: classifyEntry copies what it needs, so no object per file is made for it.
  const entry = { path: "", name: "", size: 0, modified: 0, type: "" };
  for (let p = 0; p < itemFiles.length; p++) {
    const f = itemFiles[p] as number;
    entry.path = table.path(f);
    entry.name = table.names[f] as string;
    entry.size = table.size[f] ?? 0;
    entry.modified = table.mtime[f] ?? 0;
    items[p] = classifyEntry(entry, p + 1, nowMs);
  }
  const duplicates = markGroups(items, found.groups, metadataOnly);
  const allSkipped = { ...skipped, unreadable: skipped.unreadable + found.unreadable };
  const summary = summarizeScan({ items, groups: duplicates, skipped: allSkipped, apps: [], metadataOnly, nowMs });
  return { items, duplicates, summary, skipped: allSkipped, hardLinks: found.hardLinks, metadataOnly };
}
