import { eq } from "drizzle-orm";
import type { Streak } from "../../domain/schemas/streak";
import { currentStreakOn, recordActivity, type StreakState } from "../../domain/streak";
import type { Db } from "../db/client";
import { streaks } from "../db/schema";

export type StreakRow = typeof streaks.$inferSelect;

export function streakStateOf(row: StreakRow | null | undefined): StreakState {
  return {
    currentStreak: row?.currentStreak ?? 0,
    longestStreak: row?.longestStreak ?? 0,
    lastActiveDate: row?.lastActiveDate ? row.lastActiveDate.toISOString().slice(0, 10) : null,
    streakHistory: row?.streakHistory ?? [],
  };
}

async function loadState(db: Db, userId: number): Promise<StreakState> {
  const [row] = await db.select().from(streaks).where(eq(streaks.userId, userId));
  return streakStateOf(row);
}

export function presentStreak(userId: number, s: StreakState, today: string): Streak {
  return { userId, ...s, currentStreak: currentStreakOn(s, today), today };
}

export async function getStreak(db: Db, userId: number, today: string): Promise<Streak> {
  return presentStreak(userId, await loadState(db, userId), today);
}

/** Records activity on the user's `today`; the same day twice counts once. */
export async function touchStreak(db: Db, userId: number, today: string): Promise<Streak> {
  return saveActivity(db, userId, await loadState(db, userId), today);
}

/** touchStreak for a caller that has already read the state. */
export async function saveActivity(db: Db, userId: number, state: StreakState, today: string): Promise<Streak> {
  const next = recordActivity(state, today);
  // Already active today: the stored row is exactly `next` (the day's later events skip a write).
  if (next === state) return presentStreak(userId, next, today);
  // lastActiveDate is a timestamp column (spec §3); we store the local day at UTC midnight.
  const values = {
    currentStreak: next.currentStreak,
    longestStreak: next.longestStreak,
    lastActiveDate: new Date(`${today}T00:00:00Z`),
    streakHistory: next.streakHistory,
  };
  await db
    .insert(streaks)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: streaks.userId, set: values });
  return presentStreak(userId, next, today);
}
