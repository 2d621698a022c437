/**
 * Declutter streaks (spec §2 "Declutter Streak card", §3 streaks): a day counts in
 * the user's own time zone; consecutive days extend the streak, a gap resets it, the same
 * day twice counts once; the longest is kept; history holds YYYY-MM-DD dates.
 */
import { addDays } from "./dates";

export interface StreakState {
  currentStreak: number;
  longestStreak: number;
  lastActiveDate: string | null;
  streakHistory: string[];
}

export const HISTORY_LIMIT = 400;

/** Records activity on `today`. */
export function recordActivity(s: StreakState, today: string): StreakState {
  if (s.lastActiveDate === today) return s;
  const current = s.lastActiveDate === addDays(today, -1) ? s.currentStreak + 1 : 1;
  const history = [...new Set([...s.streakHistory, today])].sort().slice(-HISTORY_LIMIT);
  return {
    currentStreak: current,
    longestStreak: Math.max(s.longestStreak, current),
    lastActiveDate: today,
    streakHistory: history,
  };
}

/** The streak as it stands today: broken (0) when the last active day is before yesterday. */
export function currentStreakOn(s: StreakState, today: string): number {
  if (!s.lastActiveDate) return 0;
  return s.lastActiveDate === today || s.lastActiveDate === addDays(today, -1) ? s.currentStreak : 0;
}

export type DotState = "done" | "today" | "missed";

/** The last 7 days as dots (spec §2): green if in history, orange if today, else grey. */
export function lastSevenDays(history: string[], today: string): { date: string; state: DotState }[] {
  const seen = new Set(history);
  return Array.from({ length: 7 }, (_, i) => {
    const date = addDays(today, i - 6);
    return { date, state: seen.has(date) ? "done" : date === today ? "today" : "missed" };
  });
}
