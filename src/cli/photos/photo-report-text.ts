import type { PhotoFacts } from "../../domain/photos/index";
import { displayPath, formatBinaryBytes, formatCount, plural } from "../format";
import type { PhotoAnalysis } from "./analyse-photo-files";

/** How many groups or photos each list shows before "… and N more (see --json)". */
const LIST_LIMIT = 10;

/** The `--similar` part of the human report: exact copies, similar groups with the best shot, blurry photos, screenshots. */
export function formatPhotoReport(analysis: PhotoAnalysis): string {
  const { report } = analysis;
  const byId = new Map<number, PhotoFacts>(analysis.facts.map((f) => [f.id, f]));
  const get = (id: number): PhotoFacts | undefined => byId.get(id);
  const bytes = (ids: readonly number[]): string => formatBinaryBytes(ids.reduce((sum, id) => sum + (get(id)?.size ?? 0), 0));
  const line = (f: PhotoFacts | undefined): string =>
    f ? `${`${f.width}×${f.height}`.padStart(11)}  ${formatBinaryBytes(f.size).padStart(10)}  ${displayPath(f.path)}` : "?";
  const lines: string[] = [];

  const skipped = analysis.skippedPaths.length;
  lines.push(
    `Photos: ${formatCount(analysis.facts.length)} analysed${skipped > 0 ? `, ${formatCount(skipped)} skipped (this machine cannot decode them)` : ""}`,
  );
  for (const path of analysis.skippedPaths.slice(0, LIST_LIMIT)) lines.push(`  skipped  ${displayPath(path)}`);
  more(lines, skipped, "photo");
  lines.push("");

  for (const [title, groups, verb] of [
    ["Exact copies", report.exact, "copy "],
    ["Similar photos", report.similar, "trash"],
  ] as const) {
    const extra = groups.flatMap((g) => g.ids.filter((id) => id !== g.keepId));
    lines.push(`${title}: ${plural(groups.length, "group")}, ${formatCount(extra.length)} to trash, ${bytes(extra)} to free`);
    for (const g of groups.slice(0, LIST_LIMIT)) {
      lines.push(`  keep   ${line(get(g.keepId))}`, `         ${g.reason}`);
      for (const id of g.ids.filter((i) => i !== g.keepId)) lines.push(`  ${verb}  ${line(get(id))}`);
    }
    more(lines, groups.length, "group");
    lines.push("");
  }

  lines.push(`Blurry photos: ${formatCount(report.blurry.length)}, ${bytes(report.blurry)}`);
  for (const id of report.blurry.slice(0, LIST_LIMIT)) lines.push(`  ${line(get(id))}`);
  more(lines, report.blurry.length, "photo");
  lines.push("");

  const old = new Set(report.oldScreenshots);
  lines.push(
    `Screenshots: ${formatCount(report.screenshots.length)}, ${bytes(report.screenshots)}; ` +
      `${formatCount(old.size)} older than 30 days, ${bytes(report.oldScreenshots)}`,
  );
  const oldestFirst = [...report.screenshots].sort((a, b) => (get(a)?.modified ?? 0) - (get(b)?.modified ?? 0));
  for (const id of oldestFirst.slice(0, LIST_LIMIT)) {
    const f = get(id);
    lines.push(`  ${f ? new Date(f.modified).toISOString().slice(0, 10) : "?"}  ${old.has(id) ? "old" : "   "}  ${line(f).trimStart()}`);
  }
  more(lines, report.screenshots.length, "screenshot");
  return `${lines.join("\n")}\n`;
}

function more(lines: string[], total: number, noun: string): void {
  if (total > LIST_LIMIT) lines.push(`  … and ${plural(total - LIST_LIMIT, noun)} more (all of them with --json)`);
}
