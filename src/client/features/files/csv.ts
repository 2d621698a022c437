/**
 * "Download list": the selection as CSV, made on this device and never uploaded.
 * Written by the one CSV writer (domain/csv.ts: RFC 4180, formulas defused).
 */
import { toCsv } from "../../../domain/csv";
import { formatBytes } from "../../../domain/format";
import type { OrganizeItem } from "../../lib/device-data/organize-item";

function statusOf(item: OrganizeItem): string {
  const parts: string[] = [];
  if (item.duplicateGroup !== null)
    parts.push(item.isOriginal ? "original" : item.possibleDuplicate ? "possible duplicate" : "duplicate copy");
  if (item.isLarge) parts.push("large");
  if (item.isOld) parts.push("old");
  if (item.isUnused) parts.push("unused");
  return parts.join("; ");
}

export const CSV_HEADER = ["Name", "Path", "Type", "Category", "Size (bytes)", "Size", "Modified", "Status"];

export function selectionCsv(items: readonly OrganizeItem[]): string {
  const rows = items.map((i) => [
    i.name,
    i.path,
    i.type,
    i.category,
    i.size,
    formatBytes(i.size),
    i.modified > 0 ? new Date(i.modified).toISOString() : "",
    statusOf(i),
  ]);
  return toCsv(CSV_HEADER, rows);
}
