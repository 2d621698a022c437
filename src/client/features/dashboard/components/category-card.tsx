import type { LucideIcon } from "lucide-react";
import { ProgressBar } from "../../../components/ui/progress-bar";
import { useLongPress } from "../../../lib/use-long-press";
import { formatCount } from "../../../../domain/format";

export interface CategoryCardProps {
  title: string;
  icon: LucideIcon;
  count: number;
  alertCount: number;
  alertLabel: string;
  /** 0..max share of the scanned storage. */
  storage: number;
  max?: number;
  note?: string;
  onOpen(): void;
  onLongPress(): void;
}

/** Spec §2 "Category card": tap and a 500 ms long-press run separate actions. */
export function CategoryCard({
  title,
  icon: Icon,
  count,
  alertCount,
  alertLabel,
  storage,
  max = 100,
  note,
  onOpen,
  onLongPress,
}: CategoryCardProps) {
  const press = useLongPress(onLongPress, onOpen);
  return (
    <button
      type="button"
      {...press}
      aria-label={`${title}: ${formatCount(count)} items, ${alertCount} ${alertLabel}. Press and hold for quick review.`}
      className="grid w-full select-none gap-2 rounded-card border border-border bg-card p-4 text-left shadow-sm transition hover:border-brand/50"
    >
      <span className="flex items-center gap-3">
        <span className="rounded-panel bg-brand/15 p-2">
          <Icon className="size-5 text-accent" aria-hidden />
        </span>
        <span className="flex-1">
          <span className="block font-semibold">{title}</span>
          <span className="block text-sm text-muted-foreground">{note ?? `${formatCount(count)} items`}</span>
        </span>
        {alertCount > 0 ? (
          <span className="rounded-full bg-warning/15 px-2 py-0.5 text-xs font-medium text-warning">
            {formatCount(alertCount)} {alertLabel}
          </span>
        ) : null}
      </span>
      <span className="flex justify-between text-xs text-muted-foreground">
        <span>Storage used</span>
        <span className="tabular-nums">{Math.round((storage / max) * 100)}%</span>
      </span>
      <ProgressBar value={storage} max={max} label={`${title} storage used`} />
    </button>
  );
}
