/**
 * Spec §2 progress visualization with Overview, Timeline and Achievements tabs; spec §9
 * "Timeline covers 30 days, shows last 7. Storage freed = itemsProcessed x 2.5 MB" (the
 * estimate applies only to deleting actions whose bytes were not measured).
 */
import { formatBytes } from "../../../../domain/format";
import type { Insights } from "../../../../domain/schemas/insights";
import { Card, CardTitle } from "../../../components/ui/card";
import { formatDay } from "../format";
import { BarChart } from "./bar-chart";
import { EmptyNote } from "./empty-note";
import { SubTabs } from "./sub-tabs";

const SHORT: Record<string, string> = {
  "streak-7": "Streak",
  "freed-1gb": "1 GB",
  "health-100": "100",
  "duplicates-50": "Copies",
  "apps-10": "Apps",
};

function ThirtyDays({ data }: { data: Insights }) {
  const scanned = data.timeline.filter((d) => !d.carried).length;
  if (!data.timeline.some((d) => d.healthScore !== null)) return <EmptyNote>No data yet: scan to start your 30-day history.</EmptyNote>;
  const latest = [...data.timeline].reverse().find((d) => d.storageUsed !== null);
  return (
    <>
      <BarChart
        title="Health score over the last 30 days"
        max={100}
        showValues={false}
        labelEvery={7}
        bars={data.timeline.map((d) => ({
          label: formatDay(d.date, { month: "short", day: "numeric" }),
          value: d.healthScore,
          muted: d.carried,
          description: `${formatDay(d.date)}: ${d.healthScore ?? "no data"}`,
        }))}
      />
      <p className="text-sm text-muted-foreground">
        {scanned} {scanned === 1 ? "day" : "days"} with a scan in the last 30 days
        {latest?.storageUsed != null ? ` · ${formatBytes(latest.storageUsed)} scanned in your latest scan` : ""}.
      </p>
    </>
  );
}

function Timeline({ data }: { data: Insights }) {
  const days = data.timeline.slice(-7);
  return (
    <>
      <BarChart
        title="Items processed on each of the last 7 days"
        max={Math.max(1, ...days.map((d) => d.itemsProcessed))}
        bars={days.map((d) => ({
          label: formatDay(d.date, { weekday: "short" }),
          value: d.itemsProcessed,
          description: `${formatDay(d.date)}: ${d.itemsProcessed} items`,
        }))}
      />
      <table className="w-full text-sm">
        <caption className="sr-only">The last 7 days of your 30-day timeline</caption>
        <thead>
          <tr className="text-left text-xs text-muted-foreground">
            <th scope="col" className="py-1 font-medium">
              Day
            </th>
            <th scope="col" className="py-1 font-medium">
              Score
            </th>
            <th scope="col" className="py-1 font-medium">
              Items
            </th>
            <th scope="col" className="py-1 font-medium">
              Freed
            </th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.date} className="border-t border-border">
              <th scope="row" className="py-1 text-left font-normal">
                {formatDay(d.date)}
              </th>
              <td className="py-1 tabular-nums">{d.healthScore ?? "—"}</td>
              <td className="py-1 tabular-nums">{d.itemsProcessed}</td>
              <td className="py-1 tabular-nums">
                {d.bytesFreed + d.estimatedBytesFreed > 0
                  ? `${d.estimatedBytesFreed > 0 ? "≈" : ""}${formatBytes(d.bytesFreed + d.estimatedBytesFreed)}`
                  : "—"}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-xs text-muted-foreground">
        Freed: deleted for good (a move to the trash is not freed yet). ≈: includes an estimate of 2.5 MB per item where the size was not
        measured.
      </p>
    </>
  );
}

function AchievementBars({ data }: { data: Insights }) {
  return (
    <BarChart
      title="Progress towards each achievement, in percent"
      max={100}
      format={(v) => `${v}%`}
      bars={data.achievements.map((a) => {
        const pct = Math.round(Math.min(1, a.progress / a.maxProgress) * 100);
        return {
          label: SHORT[a.id] ?? a.title,
          value: pct,
          muted: a.unlockedAt === null,
          description: `${a.title}: ${pct}%${a.unlockedAt ? ", unlocked" : ", locked"}`,
        };
      })}
    />
  );
}

export function ProgressVisualization({ data }: { data: Insights }) {
  return (
    <Card className="grid gap-3" role="region" aria-labelledby="progress-viz-title">
      <CardTitle id="progress-viz-title">Your Progress</CardTitle>
      <SubTabs
        label="Progress views"
        tabs={[
          { value: "overview", label: "Overview", content: <ThirtyDays data={data} /> },
          { value: "timeline", label: "Timeline", content: <Timeline data={data} /> },
          { value: "achievements", label: "Achievements", content: <AchievementBars data={data} /> },
        ]}
      />
    </Card>
  );
}
