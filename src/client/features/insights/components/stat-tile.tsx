import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/** One headline figure: a label, the value and an optional detail line. */
export function StatTile({ label, value, detail, icon: Icon }: { label: string; value: ReactNode; detail?: ReactNode; icon: LucideIcon }) {
  return (
    <div className="grid gap-1 rounded-card border border-border bg-card p-4 shadow-sm">
      <dt className="flex items-center gap-2 text-sm text-muted-foreground">
        <Icon className="size-4 text-accent" aria-hidden />
        {label}
      </dt>
      <dd className="text-2xl font-bold tabular-nums">{value}</dd>
      {detail ? <dd className="text-xs text-muted-foreground">{detail}</dd> : null}
    </div>
  );
}
