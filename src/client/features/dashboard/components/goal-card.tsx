import { Target, Trophy, Zap } from "lucide-react";
import { Link } from "wouter";
import type { GoalProgress, QuickWin } from "../../../../domain/goals";
import { streakWeek } from "../../../../domain/streak";
import { Card } from "../../../components/ui/card";
import { ProgressBar } from "../../../components/ui/progress-bar";
import { paths } from "../../../config/paths";
import { DAY_MARK_CLASS, DAY_MARK_LABEL } from "./day-marks";

const WEEKDAYS = ["M", "T", "W", "T", "F", "S", "S"];
const QUICK_WIN_SELECT = { "remove-duplicates": "duplicates", "remove-apps": "unused", "clean-email": "unread" } as const;

interface GoalCardProps {
  goal: GoalProgress;
  quickWins: QuickWin[];
  /** The streak history and the user's day: the grid marks days exactly as the streak card's dots do. */
  history: string[];
  today: string;
}

/** Spec §2 "Today's Goal panel": goal, Quick Wins, and the Streak Progress grid (this week, Monday first). */
export function GoalCard({ goal, quickWins, history, today }: GoalCardProps) {
  const week = streakWeek(history, today);
  const done = week.filter((d) => d.state === "done").length;
  return (
    <Card aria-labelledby="goal-title" className="grid gap-4">
      <div>
        <h2 id="goal-title" className="flex items-center gap-2 text-lg font-semibold">
          <Target className="size-5 text-accent" aria-hidden /> Today&apos;s Goal
        </h2>
        <p className="mt-1 text-sm">
          Complete {goal.target} cleanup {goal.target === 1 ? "action" : "actions"}
        </p>
        <div className="mt-2 flex items-center justify-between text-sm">
          <span data-testid="goal-progress">
            {goal.completed} of {goal.target} completed
          </span>
          <span className="tabular-nums">{goal.percent}%</span>
        </div>
        <ProgressBar className="mt-1" value={Math.min(goal.completed, goal.target)} max={goal.target} label="Today's goal progress" />
        {goal.achieved ? (
          <p className="mt-2 flex items-center gap-2 font-semibold text-success">
            <Trophy className="size-4" aria-hidden /> Goal Achieved!
          </p>
        ) : null}
      </div>
      <div>
        <h3 className="text-sm font-semibold">Quick Wins</h3>
        {quickWins.length === 0 ? (
          <p className="mt-1 text-sm text-muted-foreground">No quick wins right now — your last scan found nothing urgent.</p>
        ) : (
          <ul className="mt-2 grid gap-2">
            {quickWins.map((w) => (
              <li key={w.id}>
                <Link
                  href={paths.organize(w.category, { select: QUICK_WIN_SELECT[w.id] })}
                  className="flex items-center gap-3 rounded-panel border border-border p-3 hover:bg-muted"
                >
                  <Zap className="size-4 text-warning" aria-hidden />
                  <span className="flex-1">
                    <span className="block text-sm font-medium">{w.title}</span>
                    <span className="block text-xs text-muted-foreground">
                      {w.description} · {w.impact} · {w.timeEstimate}
                    </span>
                  </span>
                  <span className="rounded-full bg-brand/15 px-2 py-0.5 text-xs font-medium text-accent">High Impact</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div>
        <h3 className="text-sm font-semibold">Streak Progress</h3>
        <ol className="mt-2 grid grid-cols-7 gap-1 text-center text-xs" aria-label={`Streak progress: ${done} of 7 days`}>
          {week.map((d, i) => (
            <li
              key={d.date}
              className={`rounded-md py-1.5 ${DAY_MARK_CLASS[d.state]}`}
              title={`${d.date}: ${DAY_MARK_LABEL[d.state]}`}
              data-date={d.date}
              data-state={d.state}
            >
              {WEEKDAYS[i]}
            </li>
          ))}
        </ol>
      </div>
    </Card>
  );
}
