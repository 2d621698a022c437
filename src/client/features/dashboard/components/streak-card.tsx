import { Flame } from "lucide-react";
import { lastSevenDays } from "../../../../domain/streak";
import { Card } from "../../../components/ui/card";

const DOT = { done: "bg-green-600", today: "bg-orange-500", missed: "bg-muted" } as const;
const DOT_LABEL = { done: "cleaned up", today: "today", missed: "no cleanup" } as const;

/** Spec §2 "Declutter Streak card": current streak and the last 7 days as dots. */
export function StreakCard({ current, history, today }: { current: number; history: string[]; today: string }) {
  const days = lastSevenDays(history, today);
  return (
    <Card aria-labelledby="streak-title">
      <h2 id="streak-title" className="flex items-center gap-2 text-lg font-semibold">
        <Flame className="size-5 text-orange-500" aria-hidden /> Declutter Streak
      </h2>
      <p className="mt-1 text-3xl font-bold tabular-nums" data-testid="streak-days">
        {current} {current === 1 ? "day" : "days"}
      </p>
      <ol className="mt-3 flex gap-2" aria-label="Last 7 days">
        {days.map((d) => (
          <li
            key={d.date}
            className={`size-6 rounded-full ${DOT[d.state]}`}
            title={d.date}
            aria-label={`${d.date}: ${DOT_LABEL[d.state]}`}
            data-state={d.state}
          />
        ))}
      </ol>
      <p className="mt-3 text-sm text-muted-foreground">Keep it up! You&apos;re building a great habit.</p>
    </Card>
  );
}
