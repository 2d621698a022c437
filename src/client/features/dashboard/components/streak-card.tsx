import { Flame } from "lucide-react";
import { lastSevenDays } from "../../../../domain/streak";
import { Card } from "../../../components/ui/card";
import { DAY_MARK_CLASS, DAY_MARK_LABEL } from "./day-marks";

/** Spec §2 "Declutter Streak card": current streak and the last 7 days as dots. */
export function StreakCard({ current, history, today }: { current: number; history: string[]; today: string }) {
  const days = lastSevenDays(history, today);
  return (
    <Card aria-labelledby="streak-title">
      <h2 id="streak-title" className="flex items-center gap-2 text-lg font-semibold">
        <Flame className="size-5 text-streak-today" aria-hidden /> Declutter Streak
      </h2>
      <p className="mt-1 text-3xl font-bold tabular-nums" data-testid="streak-days">
        {current} {current === 1 ? "day" : "days"}
      </p>
      <ol className="mt-3 flex gap-2" aria-label="Last 7 days">
        {days.map((d) => (
          <li
            key={d.date}
            className={`size-6 rounded-full ${DAY_MARK_CLASS[d.state]}`}
            title={d.date}
            aria-label={`${d.date}: ${DAY_MARK_LABEL[d.state]}`}
            data-date={d.date}
            data-state={d.state}
          />
        ))}
      </ol>
      <p className="mt-3 text-sm text-muted-foreground">Keep it up! You&apos;re building a great habit.</p>
    </Card>
  );
}
