/**
 * The printable reports (Export → Digital Health Report, Email Summary): self-contained
 * HTML pages made on the device from the user's own insights. "Save as PDF" prints the same
 * page through the browser's print dialog. Every value is escaped.
 */
import { formatCount, formatBytes } from "../../../domain/format";
import type { Insights } from "../../../domain/schemas/insights";
import { formatDay } from "./format";

const ESC: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const escapeHtml = (v: string | number) => String(v).replace(/[&<>"']/g, (c) => ESC[c]!);

const STYLE = `body{font:14px/1.5 system-ui,sans-serif;color:#0f172a;max-width:760px;margin:2rem auto;padding:0 1rem}
h1{font-size:1.6rem;margin:0}h2{font-size:1.15rem;margin-top:2rem;border-bottom:1px solid #e2e8f0;padding-bottom:.25rem}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.3rem .5rem;border-bottom:1px solid #e2e8f0}
th{background:#f1f5f9}.muted{color:#475569}.grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(150px,1fr));gap:.75rem}
.tile{border:1px solid #e2e8f0;border-radius:.5rem;padding:.6rem}.tile b{display:block;font-size:1.3rem}
@media print{body{margin:0}}`;

function page(title: string, generated: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><header><h1>${escapeHtml(title)}</h1><p class="muted">CleanSpace · generated ${escapeHtml(generated)}</p></header>
${body}
</body></html>
`;
}

function table(head: string[], rows: (string | number)[][], empty: string): string {
  if (rows.length === 0) return `<p class="muted">${escapeHtml(empty)}</p>`;
  const th = head.map((h) => `<th scope="col">${escapeHtml(h)}</th>`).join("");
  const tr = rows.map((r) => `<tr>${r.map((c) => `<td>${escapeHtml(c)}</td>`).join("")}</tr>`).join("\n");
  return `<table><thead><tr>${th}</tr></thead><tbody>\n${tr}\n</tbody></table>`;
}

const tile = (label: string, value: string) =>
  `<div class="tile"><span class="muted">${escapeHtml(label)}</span><b>${escapeHtml(value)}</b></div>`;

/** Digital Health Report: scores, week, cleanup totals, categories, achievements, wellness. */
export function healthReportHtml(d: Insights, userName: string, generated = new Date()): string {
  const stamp = generated.toISOString().slice(0, 16).replace("T", " ") + " UTC";
  const freed = d.totals.bytesFreed + d.totals.estimatedBytesFreed;
  const body = [
    `<p>Report for ${escapeHtml(userName)}, as of ${escapeHtml(formatDay(d.today))}.</p>`,
    `<section><h2>Summary</h2><div class="grid">`,
    tile("Health score", d.hasScanned ? `${d.aggregates.healthScore} / 100` : "No scan yet"),
    tile("Average this week", d.weekly.average === null ? "No data yet" : `${d.weekly.average} / 100`),
    tile("Storage freed", formatBytes(freed)),
    tile("In the trash (reclaimable)", formatBytes(d.totals.reclaimableBytes)),
    tile("Items deleted", formatCount(d.totals.itemsDeleted)),
    tile("Current streak", `${d.streak.current} days`),
    tile("Longest streak", `${d.streak.longest} days`),
    `</div>`,
    d.totals.estimatedBytesFreed > 0
      ? `<p class="muted">${escapeHtml(formatBytes(d.totals.bytesFreed))} measured, about ${escapeHtml(formatBytes(d.totals.estimatedBytesFreed))} estimated (${d.totals.estimatedItems} items × 2.5 MB).</p>`
      : "",
    `</section>`,
    `<section><h2>Weekly progress</h2>`,
    table(
      ["Day", "Health score"],
      d.weekly.hasData
        ? d.weekly.days.map((w) => [formatDay(w.date), w.score === null ? "—" : `${w.score}${w.carried ? " (no scan, carried)" : ""}`])
        : [],
      "No data yet: run a scan to start your history.",
    ),
    `</section>`,
    `<section><h2>Category progress (30 days)</h2>`,
    table(
      ["Category", "Measure", "First", "Latest", "Improvement"],
      d.categories.filter((c) => c.first !== null).map((c) => [c.category, c.measure, c.first ?? "", c.latest ?? "", `${c.improvement}%`]),
      "No scans in the last 30 days.",
    ),
    `</section>`,
    `<section><h2>Achievements</h2>`,
    table(
      ["Achievement", "Tier", "Status"],
      d.achievements.map((a) => [a.title, a.type, a.unlockedAt ? `Unlocked ${formatDay(a.unlockedAt)}` : "Locked"]),
      "",
    ),
    `</section>`,
    `<section><h2>Digital wellness</h2>`,
    d.wellness
      ? `<p><b>${d.wellness.overall} / 100</b> — ${escapeHtml(d.wellness.message)}</p>` +
        table(
          ["Metric", "Value", "Status"],
          d.wellness.metrics.map((m) => [m.name, m.value, m.status]),
          "",
        )
      : `<p class="muted">No data yet: run a scan to measure your digital wellness.</p>`,
    `</section>`,
  ].join("\n");
  return page("Digital Health Report", stamp, body);
}

/** Email Summary: the inbox figures of the latest scan and of each scanned day. */
export function emailSummaryHtml(d: Insights, userName: string, generated = new Date()): string {
  const stamp = generated.toISOString().slice(0, 16).replace("T", " ") + " UTC";
  const body = [
    `<p>Email summary for ${escapeHtml(userName)}, as of ${escapeHtml(formatDay(d.today))}.</p>`,
    `<section><h2>Latest scan</h2><div class="grid">`,
    tile("E-mails", formatCount(d.aggregates.emailCount)),
    tile("Unread", formatCount(d.aggregates.emailUnread)),
    `</div>`,
    d.aggregates.emailCount === 0
      ? `<p class="muted">No mailbox has been listed yet: connect one in Organize → Email to include it.</p>`
      : "",
    `</section><section><h2>History (30 days)</h2>`,
    table(
      ["Day", "E-mails", "Unread"],
      d.scans.map((s) => [formatDay(s.date), s.emailCount, s.emailUnread]),
      "No scans in the last 30 days.",
    ),
    `</section>`,
  ].join("\n");
  return page("Email Summary", stamp, body);
}
