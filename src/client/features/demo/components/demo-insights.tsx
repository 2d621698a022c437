import { HardDrive, Sparkles } from "lucide-react";
import { DEMO_INSIGHTS } from "../demo-data";

const PEAK = Math.max(...DEMO_INSIGHTS.weekly.map((d) => d.items));

/** Demo Insights: storage saved, items organized, a weekly bar per weekday, quick stats. */
export function DemoInsights() {
  return (
    <div className="grid gap-4">
      <h2 className="text-xl font-semibold">Insights</h2>
      <dl className="grid grid-cols-2 gap-3">
        <div className="rounded-card border border-border bg-card p-4">
          <dt className="flex items-center gap-1.5 text-xs text-muted-foreground">
            <HardDrive className="size-4" aria-hidden /> Storage saved
          </dt>
          <dd className="mt-1 text-2xl font-bold">{DEMO_INSIGHTS.storageSaved}</dd>
        </div>
        <div className="rounded-card border border-border bg-card p-4">
          <dt className="flex items-center gap-1.5 text-xs text-muted-foreground">
            <Sparkles className="size-4" aria-hidden /> Items organized
          </dt>
          <dd className="mt-1 text-2xl font-bold">{DEMO_INSIGHTS.itemsOrganized}</dd>
        </div>
      </dl>

      <section aria-labelledby="demo-weekly" className="rounded-card border border-border bg-card p-4">
        <h3 id="demo-weekly" className="font-semibold">
          This week
        </h3>
        <ul aria-label="Items organized per day" className="mt-3 flex h-36 items-end justify-between gap-2">
          {DEMO_INSIGHTS.weekly.map((d) => (
            <li key={d.day} className="flex h-full flex-1 flex-col items-center justify-end gap-1">
              <span className="text-xs font-medium">{d.items}</span>
              <span className="w-full rounded-t-md bg-brand" style={{ height: `${(d.items / PEAK) * 70}%` }} aria-hidden />
              <span className="text-xs text-muted-foreground">{d.day}</span>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="demo-quick-stats" className="rounded-card border border-border bg-card p-4">
        <h3 id="demo-quick-stats" className="font-semibold">
          Quick Stats
        </h3>
        <dl className="mt-2 grid gap-2 text-sm">
          {DEMO_INSIGHTS.quickStats.map((s) => (
            <div key={s.label} className="flex justify-between border-b border-border py-1.5 last:border-0">
              <dt className="text-muted-foreground">{s.label}</dt>
              <dd className="font-semibold">{s.value}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
