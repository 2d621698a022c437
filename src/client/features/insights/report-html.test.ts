import { describe, expect, it } from "vitest";
import { emailSummaryHtml, escapeHtml, healthReportHtml } from "./report-html";
import { buildInsights, EMPTY_INSIGHTS } from "./testing/insights-fixture";

const AT = new Date("2026-05-20T10:30:00.000Z");

describe("printable reports", () => {
  it("escapes every value", () => {
    expect(escapeHtml(`<script>"x" & 'y'</script>`)).toBe("&lt;script&gt;&quot;x&quot; &amp; &#39;y&#39;&lt;/script&gt;");
    expect(healthReportHtml(EMPTY_INSIGHTS(), "<b>Eve</b>", AT)).toContain("Report for &lt;b&gt;Eve&lt;/b&gt;");
  });

  it("reports the user's own figures", () => {
    const html = healthReportHtml(buildInsights(), "Ada", AT);
    expect(html).toContain("generated 2026-05-20 10:30 UTC");
    expect(html).toContain('<span class="muted">Average this week</span><b>42 / 100</b>');
    expect(html).toContain("<b>210 MB</b>");
    expect(html).toContain('<span class="muted">In the trash (reclaimable)</span><b>100 MB</b>');
    expect(html).toContain("200 MB measured, about 10.0 MB estimated (4 items × 2.5 MB)");
    expect(html).toContain("<td>Wed, May 20</td><td>54</td>");
    expect(html).toContain("<td>Fri, May 15</td><td>36 (no scan, carried)</td>");
    expect(html).toContain("<td>Duplicate Hunter</td><td>silver</td><td>Unlocked Wed, May 20</td>");
    expect(html).toContain("68 / 100</b> — Good digital wellness with room for improvement");
  });

  it("says there is no data yet instead of inventing any", () => {
    const html = healthReportHtml(EMPTY_INSIGHTS(), "Ada", AT);
    expect(html).toContain("No data yet: run a scan to start your history.");
    expect(html).toContain("No data yet: run a scan to measure your digital wellness.");
    for (const sample of ["2.4 GB", "156", "89"]) expect(html).not.toContain(sample);
  });

  it("summarises e-mail figures by scanned day", () => {
    const html = emailSummaryHtml(buildInsights(), "Ada", AT);
    expect(html).toContain('<span class="muted">Unread</span><b>180</b>');
    expect(html).toContain("<td>Thu, May 14</td><td>400</td><td>300</td>");
  });
});
