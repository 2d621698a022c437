/**
 * Spec §2 Insights → Overview: every figure from the user's own snapshots, events and streak.
 * Storage is told as it is: what sits in the CleanSpace trash is reclaimable
 * (and undoable); only what was deleted for good is freed.
 */
import { Activity, Archive, Flame, HardDrive, Trash2 } from "lucide-react";
import { formatCount, formatBytes } from "../../../../domain/format";
import type { Insights } from "../../../../domain/schemas/insights";
import { AchievementsList } from "./achievements-list";
import { CategoryProgressCard } from "./category-progress-card";
import { ProgressVisualization } from "./progress-visualization";
import { StatTile } from "./stat-tile";
import { WeeklyProgressCard } from "./weekly-progress-card";

const days = (n: number) => `${n} ${n === 1 ? "day" : "days"}`;

export function OverviewTab({ data }: { data: Insights }) {
  const t = data.totals;
  const freed = t.bytesFreed + t.estimatedBytesFreed;
  return (
    // Two columns on a desktop: the week and its figures first, then history and achievements.
    <div className="grid gap-4 lg:grid-cols-2 lg:items-start">
      <WeeklyProgressCard weekly={data.weekly} />
      <dl className="grid grid-cols-2 gap-3">
        <StatTile
          icon={Activity}
          label="Average Health Score"
          value={data.weekly.average ?? "—"}
          detail={data.weekly.average === null ? "No data yet" : "Last 7 days"}
        />
        <StatTile
          icon={HardDrive}
          label="Storage Freed"
          value={`${t.estimatedBytesFreed > 0 ? "≈" : ""}${formatBytes(freed)}`}
          detail={
            t.estimatedBytesFreed > 0
              ? `${formatBytes(t.bytesFreed)} measured + ≈${formatBytes(t.estimatedBytesFreed)} estimated (${t.estimatedItems} items × 2.5 MB)`
              : t.bytesFreed === 0
                ? t.reclaimableBytes > 0
                  ? "Empty the trash to free it"
                  : "No cleanups yet"
                : "Deleted for good, measured"
          }
        />
        <StatTile
          icon={Archive}
          label="In the Trash"
          value={formatBytes(t.reclaimableBytes)}
          detail={t.reclaimableBytes > 0 ? "Reclaimable: restore or delete it in Organize" : "Nothing waiting in the trash"}
        />
        <StatTile
          icon={Trash2}
          label="Items Deleted"
          value={formatCount(t.itemsDeleted)}
          detail={`${formatCount(t.itemsProcessed)} items in ${formatCount(t.actions)} ${t.actions === 1 ? "cleanup" : "cleanups"}`}
        />
      </dl>
      <CategoryProgressCard categories={data.categories} />
      <section aria-labelledby="streak-stats-title" className="grid gap-2 rounded-card border border-border bg-card p-5 shadow-sm">
        <h2 id="streak-stats-title" className="flex items-center gap-2 text-lg font-semibold">
          <Flame className="size-5 text-accent" aria-hidden /> Streak Stats
        </h2>
        <dl className="grid grid-cols-2 gap-3 text-center">
          <div className="rounded-panel bg-muted/60 p-3">
            <dt className="text-sm text-muted-foreground">Current streak</dt>
            <dd className="text-xl font-bold tabular-nums">{days(data.streak.current)}</dd>
          </div>
          <div className="rounded-panel bg-muted/60 p-3">
            <dt className="text-sm text-muted-foreground">Longest streak</dt>
            <dd className="text-xl font-bold tabular-nums">{days(data.streak.longest)}</dd>
          </div>
        </dl>
      </section>
      <AchievementsList achievements={data.achievements} />
      <ProgressVisualization data={data} />
    </div>
  );
}
