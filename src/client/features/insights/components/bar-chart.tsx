/**
 * A small hand-rolled SVG bar chart (no chart library: this route stays light). The SVG is
 * one image whose aria-label reads every bar, so screen readers get the figures too.
 */
import { useId } from "react";
import { cn } from "../../../lib/cn";

export interface Bar {
  /** Short axis label (e.g. "Mon"). */
  label: string;
  /** Null draws no bar (no data for that slot). */
  value: number | null;
  /** Drawn lighter (e.g. a score carried from an earlier day). */
  muted?: boolean;
  /** Full text for the image's description (e.g. "Mon, Jan 5: 72, no scan that day"). */
  description: string;
}

export interface BarChartProps {
  bars: Bar[];
  max: number;
  /** What the chart shows, read before the bars. */
  title: string;
  /** Print each bar's value above it. */
  showValues?: boolean;
  /** Label every n-th bar (1 = all). */
  labelEvery?: number;
  format?: (v: number) => string;
  className?: string;
}

const W = 320;
const H = 150;
const TOP = 18;
const BOTTOM = 22;

/** Every n-th label and the last one, skipping an n-th one that would crowd the last. */
function showLabel(i: number, count: number, every: number): boolean {
  if (i === count - 1) return true;
  return i % every === 0 && count - 1 - i >= Math.ceil(every / 2);
}

export function BarChart({ bars, max, title, showValues = true, labelEvery = 1, format = String, className }: BarChartProps) {
  const titleId = useId();
  const slot = W / Math.max(1, bars.length);
  const barW = Math.max(2, slot * 0.62);
  const plot = H - TOP - BOTTOM;
  const description = `${title}. ${bars.map((b) => b.description).join("; ")}.`;
  return (
    <svg
      role="img"
      aria-labelledby={titleId}
      viewBox={`0 0 ${W} ${H}`}
      className={cn("h-auto w-full overflow-visible", className)}
      preserveAspectRatio="xMidYMid meet"
    >
      <title id={titleId}>{description}</title>
      <line x1={0} x2={W} y1={H - BOTTOM} y2={H - BOTTOM} className="stroke-border" strokeWidth={1} />
      {bars.map((b, i) => {
        const x = i * slot + (slot - barW) / 2;
        const h = b.value === null || max <= 0 ? 0 : Math.max(2, (Math.min(b.value, max) / max) * plot);
        const y = H - BOTTOM - h;
        return (
          <g key={`${b.label}-${i}`}>
            {b.value === null ? (
              <rect x={x} y={H - BOTTOM - 2} width={barW} height={2} className="fill-muted-foreground/40" />
            ) : (
              <rect x={x} y={y} width={barW} height={h} rx={3} className={b.muted ? "fill-brand/45" : "fill-brand"} />
            )}
            {showValues && b.value !== null ? (
              <text x={x + barW / 2} y={y - 4} textAnchor="middle" className="fill-current text-[10px] font-medium">
                {format(b.value)}
              </text>
            ) : null}
            {showLabel(i, bars.length, labelEvery) ? (
              <text x={x + barW / 2} y={H - 6} textAnchor="middle" className="fill-current text-[10px] text-muted-foreground">
                {b.label}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}
