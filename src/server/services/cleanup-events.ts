/**
 * Recording one cleanup event (POST /api/cleanup-events). Seven sequential queries before;
 * now two or three prepared statements: one read (zone, streak, score; made with the session
 * lookup), one statement that inserts the event and counts the day, and the streak write for
 * the day's first new event.
 * The zone is written only when it changed: the web app sends it with every event.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { countsTowardGoal, GOAL_ACTIONS } from "../../domain/cleanup-ledger";
import { goalProgress } from "../../domain/goals";
import type { z } from "zod";
import type { CleanupEventResultSchema } from "../../domain/schemas/cleanup-event";
import type { Db } from "../db/client";
import { preparedPerDb } from "../db/prepared";
import { cleanupEvents, digitalData, sessions, streaks, users, userSettings } from "../db/schema";
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
 * Inserts the event (once per client id) and counts the day's cleanups (goal actions only:
 * a review or a restore is not one). The count is read in the insert's own statement,
 * whose snapshot does not yet see the new row: the day holds `before + recorded` cleanups.
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
  return db
    .with(inserted)
    .select({
      recorded: sql`(select count(*) from ${inserted})`.mapWith(Number),
      before: sql`(select count(*) from ${cleanupEvents} where ${and(eq(cleanupEvents.userId, userId), eq(cleanupEvents.localDate, day), inArray(cleanupEvents.action, [...GOAL_ACTIONS]))})`.mapWith(Number),
    })
    .from(users)
    .where(eq(users.id, userId))
    .prepare("cs_cleanup_event_insert");
});

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
  const [counts] = await insertEventAndCount(db).execute({ userId, clientId, category, action, items, bytesFreed, localDate: today });
  const recorded = (counts?.recorded ?? 0) > 0;
  // Only what changes the device moves the goal and the streak (issue 16).
  const counted = recorded && countsTowardGoal(action);

  const streakState = streakStateOf(state?.streak);
  const streak = counted ? await saveActivity(db, userId, streakState, today) : presentStreak(userId, streakState, today);
  const completed = (counts?.before ?? 0) + (counted ? 1 : 0);
  return { recorded, goal: goalProgress(state?.scanned ? (state.healthScore ?? 0) : 100, completed), streak };
}
