/** Spec §2 Overview: weekly progress of the last 7 daily scores (a day without a scan carries the previous score). */
import type { Insights } from "../../../../domain/schemas/insights";
import { Card, CardTitle } from "../../../components/ui/card";
import { formatDay } from "../format";
import { BarChart } from "./bar-chart";
import { EmptyNote } from "./empty-note";

export function WeeklyProgressCard({ weekly }: { weekly: Insights["weekly"] }) {
  return (
    <Card className="grid gap-3" role="region" aria-labelledby="weekly-title">
      <div className="flex items-baseline justify-between gap-2">
        <CardTitle id="weekly-title">Weekly Progress</CardTitle>
        {weekly.average !== null ? <p className="text-sm text-muted-foreground">Average {weekly.average}</p> : null}
      </div>
      {weekly.hasData ? (
        <>
          <BarChart
            title="Health score for each of the last 7 days"
            max={100}
            bars={weekly.days.map((d) => ({
              label: d.weekday,
              value: d.score,
              muted: d.carried,
              description: `${formatDay(d.date)}: ${d.score === null ? "no data" : d.score}${d.score !== null && d.carried ? " (no scan that day, previous score)" : ""}`,
            }))}
          />
          <p className="text-xs text-muted-foreground">Faded bars: no scan that day, so the previous score carries over.</p>
        </>
      ) : (
        <EmptyNote>No data yet: your weekly progress starts with your first scan.</EmptyNote>
      )}
    </Card>
  );
}
