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
import type { CleanupEventResultSchema } from "../../domain/schemas/cleanup-event";
import type { Db } from "../db/client";
import { preparedPerDb } from "../db/prepared";
import { cleanupDayCounts, cleanupEvents, digitalData, rateLimits, sessions, streaks, users, userSettings } from "../db/schema";
import { tooManyRequests } from "./rate-limit";
import { liveSession, sessionColumns, type SessionRead } from "../auth/sessions";
import { presentStreak, saveActivity, streakStateOf, type StreakRow } from "./streaks";
import { isValidTimeZone, localDate } from "../../domain/dates";
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
 * One statement per new event: counts it against the user's daily quota (the same
 * rate_limits row and fixed window services/rate-limit.ts keeps), inserts it (once per
 * client id, and only within the quota) and, for a cleanup, adds it to the day's counter.
 * The event and its count commit together, so the counter always equals a recount of the
 * day's cleanups (counting the day's events made the POST slower with every event
 * of the day, and the quota's own statement cost a round trip and a commit). Concurrent
 * cleanups of one user queue on the counter row and each reads the count with its own event
 * in it. Without a new cleanup (a retry, a review, a refusal) the count is the statement's
 * snapshot of the counter.
 */
const insertEventAndCount = preparedPerDb((db) => {
  const userId = sql.placeholder("userId");
  const day = sql.placeholder("localDate");
  const window = sql`${sql.placeholder("quotaWindow")}::interval`;
  const quota = db.$with("quota", { hits: sql<number>`count`.as("count"), resetAt: sql<string>`reset_at`.as("reset_at") }).as(
    sql`insert into ${rateLimits} (key, count, reset_at) values (${sql.placeholder("quotaKey")}, 1, now() + ${window})
      on conflict (key) do update set
        count = case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end,
        reset_at = case when ${rateLimits.resetAt} <= now() then now() + ${window} else ${rateLimits.resetAt} end
      returning count, reset_at`,
  );
  const inserted = db.$with("inserted", { id: sql<number>`id`.as("id") }).as(
    sql`insert into ${cleanupEvents} (user_id, client_id, category, action, items, bytes_freed, local_date)
      select ${userId}::integer, ${sql.placeholder("clientId")}::text, ${sql.placeholder("category")}::text, ${sql.placeholder("action")}::text,
        ${sql.placeholder("items")}::integer, ${sql.placeholder("bytesFreed")}::bigint, ${day}::text
      from quota where quota.count <= ${sql.placeholder("quotaMax")}::integer
      on conflict (user_id, client_id) do nothing
      returning id`,
  );
  const counted = db.$with("counted").as(
    db
      .insert(cleanupDayCounts)
      .select(sql`select ${userId}::integer, ${day}::text, 1 from ${inserted} where ${sql.placeholder("goal")}::boolean`)
      .onConflictDoUpdate({
        target: [cleanupDayCounts.userId, cleanupDayCounts.localDate],
        set: { cleanups: sql`${cleanupDayCounts.cleanups} + 1` },
      })
      .returning({ cleanups: cleanupDayCounts.cleanups }),
  );
  return db
    .with(quota, inserted, counted)
    .select({
      hits: sql`(select count from quota)`.mapWith(Number),
      resetAt: sql<string>`(select reset_at from quota)`,
      recorded: sql`(select count(*) from ${inserted})`.mapWith(Number),
      completed:
        sql`coalesce((select ${counted.cleanups} from ${counted}), (select ${cleanupDayCounts.cleanups} from ${cleanupDayCounts} where ${and(eq(cleanupDayCounts.userId, userId), eq(cleanupDayCounts.localDate, day))}), 0)`.mapWith(
          Number,
        ),
    })
    .from(users)
    .where(eq(users.id, userId))
    .prepare("cs_cleanup_event_insert");
});

/** The user's daily quota of new event rows, counted in the insert's statement. */
export interface EventQuota {
  max: number;
  windowMs: number;
}

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
    .select({
      removed: sql`(select count(*) from ${removed})`.mapWith(Number),
      uncounted: sql`(select count(*) from ${uncounted})`.mapWith(Number),
    })
    .from(sql`(select 1) as one`);
  return (row?.removed ?? 0) > 0;
}

/**
 * Inserts events as they are (the test seed's history): each cleanup is added to its day's
 * counter in the same statement, as recordCleanupEvent does.
 */
export async function insertCleanupEventRows(db: Db, rows: (typeof cleanupEvents.$inferInsert)[]): Promise<void> {
  for (const row of rows) {
    const inserted = db
      .$with("inserted")
      .as(db.insert(cleanupEvents).values(row).returning({ userId: cleanupEvents.userId, localDate: cleanupEvents.localDate }));
    await db
      .with(inserted)
      .insert(cleanupDayCounts)
      .select(sql`select ${inserted.userId}, ${inserted.localDate}, 1 from ${inserted} where ${countsTowardGoal(row.action)}`)
      .onConflictDoUpdate({
        target: [cleanupDayCounts.userId, cleanupDayCounts.localDate],
        set: { cleanups: sql`${cleanupDayCounts.cleanups} + 1` },
      });
  }
}

/**
 * `known` is the user's state when the caller read it already (with the session). Past the
 * quota nothing is written but the quota's count, and a 429 is thrown.
 */
export async function recordCleanupEvent(
  db: Db,
  userId: number,
  event: NewCleanupEvent,
  quota: EventQuota,
  now = new Date(),
  known?: EventState,
): Promise<z.infer<typeof CleanupEventResultSchema>> {
  const state = known ?? (await eventState(db).execute({ userId }))[0];

  let zone = state?.timezone ?? "UTC";
  if (event.timezone && isValidTimeZone(event.timezone) && event.timezone !== state?.timezone) {
    await rememberTimeZone(db, userId, event.timezone);
    zone = event.timezone;
  }
  const today = localDate(now, zone);

  const { clientId, category, action, items, bytesFreed } = event;
  // Only what changes the device moves the goal and the streak.
  const goal = countsTowardGoal(action);
  const [counts] = await insertEventAndCount(db).execute({
    userId,
    clientId,
    category,
    action,
    items,
    bytesFreed,
    localDate: today,
    goal,
    quotaKey: `quota:events:${userId}`,
    quotaMax: quota.max,
    quotaWindow: `${Math.max(1, Math.round(quota.windowMs))} milliseconds`,
  });
  if ((counts?.hits ?? 0) > quota.max) throw tooManyRequests(new Date(counts!.resetAt));
  const recorded = (counts?.recorded ?? 0) > 0;
  const counted = recorded && goal;

  const streakState = streakStateOf(state?.streak);
  const streak = counted ? await saveActivity(db, userId, streakState, today) : presentStreak(userId, streakState, today);
  return { recorded, goal: goalProgress(state?.scanned ? (state.healthScore ?? 0) : 100, counts?.completed ?? 0), streak };
}
