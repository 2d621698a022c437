/** One smart suggestion (spec §2 Smart, §9 priority colours: high red, medium orange, low blue). */
import { Check, Clock, HardDrive, Layers, X } from "lucide-react";
import { formatCount, formatBytes } from "../../../../domain/format";
import type { Insights } from "../../../../domain/schemas/insights";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { cn } from "../../../lib/cn";
import { formatMinutes, percent } from "../format";

type Suggestion = Insights["suggestions"][number];

const PRIORITY_TONE: Record<Suggestion["priority"], { badge: string; edge: string }> = {
  high: { badge: "bg-danger/15 text-danger", edge: "border-l-danger" },
  medium: { badge: "bg-caution/15 text-caution", edge: "border-l-caution" },
  low: { badge: "bg-info/15 text-info", edge: "border-l-info" },
};

export function SuggestionCard({
  s,
  onApply,
  onDismiss,
  dismissing,
}: {
  s: Suggestion;
  onApply(): void;
  onDismiss(): void;
  dismissing: boolean;
}) {
  const tone = PRIORITY_TONE[s.priority];
  const titleId = `suggestion-${s.id}`;
  return (
    <Card className={cn("grid gap-3 border-l-4", tone.edge)} role="article" aria-labelledby={titleId}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={titleId} className="font-semibold">
          {s.title}
        </h3>
        <div className="flex gap-2 text-xs font-medium">
          <span className={cn("rounded-full px-2 py-0.5 capitalize", tone.badge)}>{s.priority} priority</span>
          <span className="rounded-full bg-muted px-2 py-0.5">{percent(s.confidence)} confidence</span>
        </div>
      </div>
      <p className="text-sm text-muted-foreground">{s.description}</p>
      <dl className="grid grid-cols-3 gap-2 text-sm">
        <div className="rounded-control bg-muted/60 p-2">
          <dt className="flex items-center gap-1 text-xs text-muted-foreground">
            <HardDrive className="size-3.5" aria-hidden /> Storage freed
          </dt>
          <dd className="font-semibold tabular-nums">
            {s.impact.storageBasis === "estimate" ? "≈" : ""}
            {formatBytes(s.impact.storageFreed)}
            <span className="sr-only">{s.impact.storageBasis === "estimate" ? " (estimate)" : " (measured by your scan)"}</span>
          </dd>
        </div>
        <div className="rounded-control bg-muted/60 p-2">
          <dt className="flex items-center gap-1 text-xs text-muted-foreground">
            <Clock className="size-3.5" aria-hidden /> Time needed
          </dt>
          <dd className="font-semibold tabular-nums">{formatMinutes(s.impact.timeToComplete)}</dd>
        </div>
        <div className="rounded-control bg-muted/60 p-2">
          <dt className="flex items-center gap-1 text-xs text-muted-foreground">
            <Layers className="size-3.5" aria-hidden /> Items affected
          </dt>
          <dd className="font-semibold tabular-nums">{formatCount(s.impact.itemsAffected)}</dd>
        </div>
      </dl>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={onApply} aria-describedby={titleId}>
          <Check className="size-4" aria-hidden /> Apply Suggestion
        </Button>
        <Button size="sm" variant="ghost" onClick={onDismiss} disabled={dismissing} aria-label={`Dismiss ${s.title}`}>
          <X className="size-4" aria-hidden /> {dismissing ? "Dismissing..." : "Dismiss"}
        </Button>
      </div>
    </Card>
  );
}
