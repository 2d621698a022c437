/**
 * Recording one cleanup event (POST /api/cleanup-events) and its undo. Seven sequential
 * queries before; now two or three prepared statements: one read (zone, streak, score; made
 * with the session lookup), one statement that inserts the event and adds it to the day's
 * counter, and the streak write for the day's first new event.
 * The zone is written only when it changed: the web app sends it with every event.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { countsTowardGoal, GOAL_ACTIONS } from "../../domain/cleanup-ledger";
import { goalProgress } from "../../domain/goals";
import type { z } from "zod";
import type { CleanupEventResultSchema } from "../../domain/schemas/dashboard";
import type { Db } from "../db/client";
import { preparedPerDb } from "../db/prepared";
import { cleanupDayCounts, cleanupEvents, digitalData, sessions, streaks, users, userSettings } from "../db/schema";
import { liveSession, sessionColumns, type SessionRead } from "../auth/sessions";
import { presentStreak, saveActivity, streakStateOf, type StreakRow } from "./streaks";
import { isValidTimeZone, localDate } from "../../domain/streak";
import { rememberTimeZone } from "./user-time";

export interface NewCleanupEvent {
  clientId: string;
  category: string;
  action: string;
  items: number;
  bytesFreed: number;
  timezone?: string | undefined;
}

/** Zone, streak and score of the user, in one read. */
const stateColumns = {
  timezone: userSettings.timezone,
  streak: streaks,
  healthScore: digitalData.healthScore,
  scanned: sql<boolean>`${digitalData.summary} is not null`,
};

const eventState = preparedPerDb((db) =>
  db
    .select(stateColumns)
    .from(users)
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .leftJoin(streaks, eq(streaks.userId, users.id))
    .leftJoin(digitalData, eq(digitalData.userId, users.id))
    .where(eq(users.id, sql.placeholder("userId")))
    .prepare("cs_cleanup_event_state"),
);

/** The same read in the session lookup's statement: a round trip fewer per event. */
const eventStateWithSession = preparedPerDb((db) =>
  db
    .select({ session: sessionColumns, ...stateColumns })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .leftJoin(streaks, eq(streaks.userId, users.id))
    .leftJoin(digitalData, eq(digitalData.userId, users.id))
    .where(liveSession())
    .prepare("cs_cleanup_event_state_with_session"),
);

export type EventState = { timezone: string | null; streak: StreakRow | null; healthScore: number | null; scanned: boolean };

export const readEventStateWithSession: SessionRead<EventState> = async (db, sessionId, now) => {
  const [row] = await eventStateWithSession(db).execute({ sessionId, now: now.toISOString() });
  if (!row) return undefined;
  const { session, ...state } = row;
  return { session, joined: state };
};

/**
 * Inserts the event (once per client id) and, for a cleanup, adds it to the day's counter in
 * the same statement: the event and its count commit together, so the counter always equals
 * a recount of the day's cleanups (issue 23; counting the day's events made the POST slower
 * with every event of the day). Concurrent cleanups of one user queue on the counter row and
 * each reads the count with its own event in it. Without a new cleanup (a retry, a review)
 * the count is the statement's snapshot of the counter.
 */
const insertEventAndCount = preparedPerDb((db) => {
  const userId = sql.placeholder("userId");
  const day = sql.placeholder("localDate");
  const inserted = db.$with("inserted").as(
    db
      .insert(cleanupEvents)
      .values({
        userId,
        clientId: sql.placeholder("clientId"),
        category: sql.placeholder("category"),
        action: sql.placeholder("action"),
        items: sql.placeholder("items"),
        bytesFreed: sql.placeholder("bytesFreed"),
        localDate: day,
      })
      .onConflictDoNothing({ target: [cleanupEvents.userId, cleanupEvents.clientId] })
      .returning({ id: cleanupEvents.id }),
  );
  const counted = db.$with("counted").as(
    db
      .insert(cleanupDayCounts)
      .select(sql`select ${userId}::integer, ${day}::text, 1 from ${inserted} where ${sql.placeholder("goal")}::boolean`)
      .onConflictDoUpdate({ target: [cleanupDayCounts.userId, cleanupDayCounts.localDate], set: { cleanups: sql`${cleanupDayCounts.cleanups} + 1` } })
      .returning({ cleanups: cleanupDayCounts.cleanups }),
  );
  return db
    .with(inserted, counted)
    .select({
      recorded: sql`(select count(*) from ${inserted})`.mapWith(Number),
      completed: sql`coalesce((select ${counted.cleanups} from ${counted}), (select ${cleanupDayCounts.cleanups} from ${cleanupDayCounts} where ${and(eq(cleanupDayCounts.userId, userId), eq(cleanupDayCounts.localDate, day))}), 0)`.mapWith(Number),
    })
    .from(users)
    .where(eq(users.id, userId))
    .prepare("cs_cleanup_event_insert");
});

/**
 * Undo: deletes the user's event and takes it off its day's counter in one statement.
 * False when the user has no event with that client id.
 */
export async function retractCleanupEvent(db: Db, userId: number, clientId: string): Promise<boolean> {
  const removed = db.$with("removed").as(
    db
      .delete(cleanupEvents)
      .where(and(eq(cleanupEvents.userId, userId), eq(cleanupEvents.clientId, clientId)))
      .returning({ localDate: cleanupEvents.localDate, action: cleanupEvents.action }),
  );
  const uncounted = db.$with("uncounted").as(
    db
      .update(cleanupDayCounts)
      .set({ cleanups: sql`${cleanupDayCounts.cleanups} - 1` })
      .where(
        and(
          eq(cleanupDayCounts.userId, userId),
          sql`(${cleanupDayCounts.localDate}, true) in (select ${removed.localDate}, ${inArray(removed.action, [...GOAL_ACTIONS])} from ${removed})`,
        ),
      )
      .returning({ cleanups: cleanupDayCounts.cleanups }),
  );
  const [row] = await db
    .with(removed, uncounted)
    .select({ removed: sql`(select count(*) from ${removed})`.mapWith(Number), uncounted: sql`(select count(*) from ${uncounted})`.mapWith(Number) })
    .from(sql`(select 1) as one`);
  return (row?.removed ?? 0) > 0;
}

/**
 * Inserts events as they are (the test seed's history): each cleanup is added to its day's
 * counter in the same statement, as recordCleanupEvent does.
 */
export async function insertCleanupEventRows(db: Db, rows: (typeof cleanupEvents.$inferInsert)[]): Promise<void> {
  for (const row of rows) {
    const inserted = db.$with("inserted").as(db.insert(cleanupEvents).values(row).returning({ userId: cleanupEvents.userId, localDate: cleanupEvents.localDate }));
    await db
      .with(inserted)
      .insert(cleanupDayCounts)
      .select(sql`select ${inserted.userId}, ${inserted.localDate}, 1 from ${inserted} where ${countsTowardGoal(row.action)}`)
      .onConflictDoUpdate({ target: [cleanupDayCounts.userId, cleanupDayCounts.localDate], set: { cleanups: sql`${cleanupDayCounts.cleanups} + 1` } });
  }
}

/** `known` is the user's state when the caller read it already (with the session). */
export async function recordCleanupEvent(db: Db, userId: number, event: NewCleanupEvent, now = new Date(), known?: EventState): Promise<z.infer<typeof CleanupEventResultSchema>> {
  const state = known ?? (await eventState(db).execute({ userId }))[0];

  let zone = state?.timezone ?? "UTC";
  if (event.timezone && isValidTimeZone(event.timezone) && event.timezone !== state?.timezone) {
    await rememberTimeZone(db, userId, event.timezone);
    zone = event.timezone;
  }
  const today = localDate(now, zone);

  const { clientId, category, action, items, bytesFreed } = event;
  // Only what changes the device moves the goal and the streak (issue 16).
  const goal = countsTowardGoal(action);
  const [counts] = await insertEventAndCount(db).execute({ userId, clientId, category, action, items, bytesFreed, localDate: today, goal });
  const recorded = (counts?.recorded ?? 0) > 0;
  const counted = recorded && goal;

  const streakState = streakStateOf(state?.streak);
  const streak = counted ? await saveActivity(db, userId, streakState, today) : presentStreak(userId, streakState, today);
  return { recorded, goal: goalProgress(state?.scanned ? (state.healthScore ?? 0) : 100, counts?.completed ?? 0), streak };
}
