import { SCAN_CATEGORIES } from "../domain/scan-rules";
import type { ScanItem, ScanResult } from "../scan/types";
import { displayPath, formatBinaryBytes, formatCount, plural } from "./format";

/** How many entries each list shows before "… and N more (see --json)". */
const LIST_LIMIT = 10;

/** The human report on stdout: totals, duplicates by wasted bytes, large files, old files. */
export function formatTextReport(root: string, result: ScanResult, seconds: number): string {
  const s = result.summary;
  const byId = new Map<number, ScanItem>(result.items.map((item) => [item.id, item]));
  const pathOf = (id: number): string => displayPath(byId.get(id)?.path ?? "?");
  const lines: string[] = [];
  lines.push(`CleanSpace scan of ${displayPath(root)}`);
  lines.push(`${plural(s.totalFiles, "file")}, ${formatBinaryBytes(s.totalBytes)}, in ${seconds.toFixed(2)} s`, "");

  lines.push(`${"Category".padEnd(13)}${"Files".padStart(10)}${"Size".padStart(12)}`);
  for (const category of SCAN_CATEGORIES) {
    const t = s.categories[category];
    if (t.count > 0) lines.push(`${category.padEnd(13)}${formatCount(t.count).padStart(10)}${formatBinaryBytes(t.bytes).padStart(12)}`);
  }
  lines.push(`${"total".padEnd(13)}${formatCount(s.totalFiles).padStart(10)}${formatBinaryBytes(s.totalBytes).padStart(12)}`, "");

  const label = result.metadataOnly ? "Possible duplicates (same size; content not compared)" : "Duplicates";
  lines.push(
    `${label}: ${plural(s.duplicateGroups, "group")}, ${plural(s.duplicateFiles, "copy", "copies")}, ${formatBinaryBytes(s.duplicateBytes)} to free`,
  );
  for (const group of result.duplicates.slice(0, LIST_LIMIT)) {
    lines.push(`  ${formatBinaryBytes(group.wastedBytes)} to free: ${group.itemIds.length} × ${formatBinaryBytes(group.size)}`);
    for (const id of group.itemIds) lines.push(`    ${id === group.originalId ? "keep " : "copy "} ${pathOf(id)}`);
  }
  more(lines, result.duplicates.length, "group");
  lines.push("");

  const large = result.items.filter((item) => item.isLarge).sort((a, b) => b.size - a.size);
  lines.push(`Large files (over 100 MiB): ${formatCount(s.largeFiles)}, ${formatBinaryBytes(s.largeBytes)}`);
  for (const item of large.slice(0, LIST_LIMIT)) lines.push(`  ${formatBinaryBytes(item.size).padStart(10)}  ${displayPath(item.path)}`);
  more(lines, large.length, "file");
  lines.push("");

  const old = result.items.filter((item) => item.isOld).sort((a, b) => a.modified - b.modified);
  lines.push(`Old files (not modified for over 6 months): ${formatCount(s.oldFiles)}, ${formatBinaryBytes(s.oldBytes)}`);
  for (const item of old.slice(0, LIST_LIMIT)) {
    lines.push(
      `  ${new Date(item.modified).toISOString().slice(0, 10)}  ${formatBinaryBytes(item.size).padStart(10)}  ${displayPath(item.path)}`,
    );
  }
  more(lines, old.length, "file");
  lines.push("");

  const k = result.skipped;
  lines.push(`Empty files: ${formatCount(s.emptyFiles)}`);
  lines.push(
    `Skipped: ${formatCount(s.skipped)} (${plural(k.symlinks, "symbolic link")}, ${plural(k.unreadable, "unreadable entry", "unreadable entries")}, ` +
      `${plural(k.special, "special file")}, ${plural(k.loops, "folder loop")})`,
  );
  if (result.hardLinks > 0) lines.push(`Hard links counted once: ${formatCount(result.hardLinks)}`);
  return `${lines.join("\n")}\n`;
}

function more(lines: string[], total: number, noun: string): void {
  if (total > LIST_LIMIT) lines.push(`  … and ${plural(total - LIST_LIMIT, noun)} more (all of them with --json)`);
}
