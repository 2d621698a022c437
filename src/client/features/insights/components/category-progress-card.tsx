/** Spec §2 Overview: category progress (photos, files, apps, email) with improvement percent and trend, over 30 days. */
import { Minus, TrendingDown, TrendingUp } from "lucide-react";
import type { Insights } from "../../../../domain/schemas/insights";
import { Card, CardTitle } from "../../../components/ui/card";
import { cn } from "../../../lib/cn";
import { formatCount } from "../../../../domain/format";

const NAMES = { photos: "Photos", files: "Files", apps: "Apps", email: "Email" } as const;
const TREND = {
  up: { icon: TrendingUp, text: "Improving", tone: "text-success" },
  down: { icon: TrendingDown, text: "Getting worse", tone: "text-danger" },
  stable: { icon: Minus, text: "No change", tone: "text-muted-foreground" },
} as const;

export function CategoryProgressCard({ categories }: { categories: Insights["categories"] }) {
  return (
    <Card className="grid gap-3" role="region" aria-labelledby="categories-title">
      <CardTitle id="categories-title">Category Progress</CardTitle>
      <ul className="grid gap-2">
        {categories.map((c) => {
          const t = TREND[c.trend];
          const Icon = t.icon;
          return (
            <li key={c.category} className="flex items-center justify-between gap-3 rounded-panel bg-muted/60 px-3 py-2">
              <div className="grid">
                <span className="font-medium">{NAMES[c.category]}</span>
                <span className="text-xs text-muted-foreground">
                  {c.first === null
                    ? "No scans in the last 30 days"
                    : `${c.measure}: ${formatCount(c.first)} → ${formatCount(c.latest ?? 0)}`}
                </span>
              </div>
              <span className={cn("flex items-center gap-1 text-sm font-semibold tabular-nums", t.tone)}>
                <Icon className="size-4" aria-hidden />
                {c.improvement > 0 ? "+" : ""}
                {c.improvement}%<span className="sr-only"> ({t.text})</span>
              </span>
            </li>
          );
        })}
      </ul>
      <p className="text-xs text-muted-foreground">
        Improvement: how much less clutter your latest scan found than your first scan in the last 30 days.
      </p>
    </Card>
  );
}
