import { classifyEntry } from "../../scan/classify";
import { buildResult } from "../../scan/core/build-result";
import { markGroups } from "../../scan/core/mark-groups";
import type { ScanItem, ScanResult } from "../../scan/types";
import type { ScannedTree } from "./scanned-tree";

export type ResultFromTableInput = Pick<ScannedTree, "table" | "found" | "skipped" | "metadataOnly" | "nowMs">;

/** The core's ScanResult from the columns: one item per position (id = position + 1), then the core marks the groups and sums up. */
export function resultFromTable({ table, found, skipped, metadataOnly, nowMs }: ResultFromTableInput): ScanResult {
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
  return buildResult({
    items,
    duplicates,
    skipped,
    unreadable: found.unreadable,
    hardLinks: found.hardLinks,
    apps: [],
    metadataOnly,
    nowMs,
  });
}
