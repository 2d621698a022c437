/**
 * Spec §2/§3/§9 achievements: bronze, silver, gold or platinum; progress from the user's own
 * history; locked until an unlock date exists (spec §4).
 */
import { Copy, Flame, HardDrive, Heart, Lock, Smartphone, Trophy, type LucideIcon } from "lucide-react";
import type { Insights } from "../../../../domain/schemas/insights";
import { ProgressBar } from "../../../components/ui/progress-bar";
import { cn } from "../../../lib/cn";
import { formatDay, formatProgress } from "../format";

type Achievement = Insights["achievements"][number];

const ICONS: Record<Achievement["icon"], LucideIcon> = {
  flame: Flame,
  "hard-drive": HardDrive,
  heart: Heart,
  copy: Copy,
  smartphone: Smartphone,
};
export const TIER_TONE: Record<Achievement["type"], string> = {
  bronze: "bg-tier-bronze/15 text-tier-bronze",
  silver: "bg-tier-silver/15 text-tier-silver",
  gold: "bg-tier-gold/15 text-tier-gold",
  platinum: "bg-tier-platinum/15 text-tier-platinum",
};

export function AchievementsList({ achievements }: { achievements: Achievement[] }) {
  const unlocked = achievements.filter((a) => a.unlockedAt !== null).length;
  return (
    <section aria-labelledby="achievements-title" className="grid gap-3">
      <div className="flex items-baseline justify-between">
        <h2 id="achievements-title" className="flex items-center gap-2 text-lg font-semibold">
          <Trophy className="size-5 text-accent" aria-hidden /> Achievements
        </h2>
        <p className="text-sm text-muted-foreground">
          {unlocked} of {achievements.length} unlocked
        </p>
      </div>
      <ul className="grid gap-2 sm:grid-cols-2">
        {achievements.map((a) => {
          const Icon = ICONS[a.icon];
          const locked = a.unlockedAt === null;
          return (
            <li
              key={a.id}
              aria-label={a.title}
              className={cn("grid gap-2 rounded-card border border-border bg-card p-4", locked && "opacity-90")}
            >
              <div className="flex items-start gap-3">
                <span
                  className={cn(
                    "flex size-10 shrink-0 items-center justify-center rounded-panel",
                    locked ? "bg-muted text-muted-foreground" : TIER_TONE[a.type],
                  )}
                >
                  {locked ? <Lock className="size-5" aria-hidden /> : <Icon className="size-5" aria-hidden />}
                </span>
                <div className="grid flex-1 gap-0.5">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="font-semibold">{a.title}</h3>
                    <span className={cn("rounded-full px-2 py-0.5 text-xs font-medium capitalize", TIER_TONE[a.type])}>{a.type}</span>
                  </div>
                  <p className="text-sm text-muted-foreground">{a.description}</p>
                </div>
              </div>
              <ProgressBar value={a.progress} max={a.maxProgress} label={`${a.title} progress`} />
              <p className="flex justify-between text-xs text-muted-foreground">
                <span>{formatProgress(a.progress, a.maxProgress, a.unit)}</span>
                <span className="font-medium">
                  {locked ? "Locked" : `Unlocked ${formatDay(a.unlockedAt!, { month: "short", day: "numeric", year: "numeric" })}`}
                </span>
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
