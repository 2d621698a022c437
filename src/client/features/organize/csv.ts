/**
 * "Download list" (issue 7): the selection as CSV, made on this device and never uploaded.
 * RFC 4180 quoting; a cell that a spreadsheet would run as a formula is prefixed with '.
 */
import { formatBytes } from "../../../domain/format";
import type { OrganizeItem } from "./organize-item";

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function statusOf(item: OrganizeItem): string {
  const parts: string[] = [];
  if (item.duplicateGroup !== null) parts.push(item.isOriginal ? "original" : item.possibleDuplicate ? "possible duplicate" : "duplicate copy");
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
  return [CSV_HEADER, ...rows].map((r) => r.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

/** Saves the CSV through a local object URL (revoked straight after the click). */
export function downloadCsv(csv: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob(["\uFEFF", csv], { type: "text/csv;charset=utf-8" }));
  try {
    const a = document.createElement("a");
    a.href = url;
    a.download = fileName;
    a.click();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
