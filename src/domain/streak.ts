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

export type DotState = "done" | "today" | "missed" | "upcoming";

export interface MarkedDay {
  date: string;
  state: DotState;
}

/**
 * How one calendar day is marked (spec §2 "Declutter Streak card"): done if it is in the
 * streak history, today if it is `today` (the user's day, see dates.ts), upcoming if it is
 * after today, else missed. The dots and the week grid both mark days with this one rule,
 * so they always mark the same day. Dates are YYYY-MM-DD, which compare in calendar order.
 */
export function markDay(date: string, history: ReadonlySet<string>, today: string): DotState {
  if (date > today) return "upcoming";
  if (history.has(date)) return "done";
  return date === today ? "today" : "missed";
}

/** The last 7 days as dots (spec §2): green if in history, orange if today, else grey. */
export function lastSevenDays(history: string[], today: string): MarkedDay[] {
  const seen = new Set(history);
  return Array.from({ length: 7 }, (_, i) => {
    const date = addDays(today, i - 6);
    return { date, state: markDay(date, seen, today) };
  });
}

/**
 * The Monday-to-Sunday week holding `today` (spec §2 Today's Goal "Streak Progress": a grid
 * labelled M T W T F S S), each day marked as the dots mark it.
 */
export function streakWeek(history: string[], today: string): MarkedDay[] {
  const seen = new Set(history);
  // getUTCDay: 0 is Sunday; the grid starts on Monday.
  const monday = addDays(today, -((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7));
  return Array.from({ length: 7 }, (_, i) => {
    const date = addDays(monday, i);
    return { date, state: markDay(date, seen, today) };
  });
}
