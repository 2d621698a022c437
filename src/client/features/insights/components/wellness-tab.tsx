/**
 * Spec §2 Insights → Wellness with Overview, Metrics and Tips tabs; spec §9 metrics, overall
 * status and tip triggers, computed by the server's domain rules from the user's own data.
 */
import { ArrowDown, ArrowUp, Lightbulb, Minus } from "lucide-react";
import type { Insights } from "../../../../domain/schemas/insights";
import { Card, CardTitle } from "../../../components/ui/card";
import { ProgressBar } from "../../../components/ui/progress-bar";
import { cn } from "../../../lib/cn";
import { EmptyNote } from "./empty-note";
import { SubTabs } from "./sub-tabs";

type Wellness = NonNullable<Insights["wellness"]>;
type Metric = Wellness["metrics"][number];

export const STATUS = {
  good: { label: "Good", tone: "bg-success/15 text-success" },
  warning: { label: "Warning", tone: "bg-warning/15 text-warning" },
  critical: { label: "Critical", tone: "bg-danger/15 text-danger" },
} as const;

const TREND = {
  up: { icon: ArrowUp, text: "up" },
  down: { icon: ArrowDown, text: "down" },
  stable: { icon: Minus, text: "stable" },
} as const;

function StatusBadge({ status }: { status: Metric["status"] }) {
  return <span className={cn("rounded-full px-2 py-0.5 text-xs font-medium", STATUS[status].tone)}>{STATUS[status].label}</span>;
}

function Overview({ w }: { w: Wellness }) {
  return (
    <>
      <Card className="grid justify-items-center gap-1 text-center">
        <p className="text-sm text-muted-foreground">Overall Wellness</p>
        <p className="text-4xl font-bold tabular-nums">
          {w.overall}
          <span className="text-base font-medium text-muted-foreground"> / 100</span>
        </p>
        <StatusBadge status={w.status} />
        <p className="font-medium">{w.message}</p>
      </Card>
      <ul className="grid gap-2">
        {w.metrics.map((m) => (
          <li key={m.id} className="flex items-center justify-between gap-2 rounded-panel bg-muted/60 px-3 py-2 text-sm">
            <span>{m.name}</span>
            <span className="flex items-center gap-2 tabular-nums">
              {m.value}
              <StatusBadge status={m.status} />
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}

function Metrics({ w }: { w: Wellness }) {
  return (
    <ul className="grid gap-3">
      {w.metrics.map((m) => {
        const t = TREND[m.trend];
        const Icon = t.icon;
        return (
          <li key={m.id}>
            <Card className="grid gap-2" role="article" aria-label={m.name}>
              <div className="flex items-center justify-between gap-2">
                <h3 className="font-semibold">{m.name}</h3>
                <StatusBadge status={m.status} />
              </div>
              <div className="flex items-center gap-3">
                <ProgressBar value={m.value} label={m.name} className="flex-1" />
                <span className="flex items-center gap-1 text-sm font-semibold tabular-nums">
                  {m.value}
                  <Icon className="size-4" aria-hidden />
                  <span className="sr-only">trend {t.text}</span>
                </span>
              </div>
              <p className="text-sm text-muted-foreground">{m.description}</p>
              <p className="text-sm">
                <span className="font-medium">{m.higherIsBetter ? "Keep going: " : "Try this: "}</span>
                {m.recommendation}
              </p>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}

function Tips({ w }: { w: Wellness }) {
  if (w.tips.length === 0) return <p className="text-sm text-muted-foreground">No tips right now: your figures are in great shape.</p>;
  return (
    <ul className="grid gap-3">
      {w.tips.map((t) => (
        <li key={t.id}>
          <Card className="flex gap-3">
            <Lightbulb className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden />
            <div className="grid gap-1">
              <h3 className="font-semibold">{t.title}</h3>
              <p className="text-sm text-muted-foreground">{t.content}</p>
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}

export function WellnessTab({ data }: { data: Insights }) {
  const w = data.wellness;
  return (
    <section aria-labelledby="wellness-title" className="grid gap-3">
      <CardTitle id="wellness-title">Digital Wellness</CardTitle>
      {w ? (
        <SubTabs
          label="Wellness views"
          tabs={[
            { value: "overview", label: "Overview", content: <Overview w={w} /> },
            { value: "metrics", label: "Metrics", content: <Metrics w={w} /> },
            { value: "tips", label: "Tips", content: <Tips w={w} /> },
          ]}
        />
      ) : (
        <Card>
          <EmptyNote>No data yet: your digital wellness is measured from your scans.</EmptyNote>
        </Card>
      )}
    </section>
  );
}
