/**
 * Recording one cleanup event (POST /api/cleanup-events). Seven sequential queries before;
 * now two or three prepared statements: one read (zone, streak, score), one statement that
 * inserts the event and counts the day, and the streak write for the day's first new event.
 * The zone is written only when it changed: the web app sends it with every event.
 */
import { and, eq, sql } from "drizzle-orm";
import { goalProgress } from "../../domain/goals";
import type { z } from "zod";
import type { CleanupEventResultSchema } from "../../domain/schemas/dashboard";
import type { Db } from "../db/client";
import { preparedPerDb } from "../db/prepared";
import { cleanupEvents, digitalData, streaks, users, userSettings } from "../db/schema";
import { presentStreak, saveActivity, streakStateOf } from "./streaks";
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
const eventState = preparedPerDb((db) =>
  db
    .select({
      timezone: userSettings.timezone,
      streak: streaks,
      healthScore: digitalData.healthScore,
      scanned: sql<boolean>`${digitalData.summary} is not null`,
    })
    .from(users)
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .leftJoin(streaks, eq(streaks.userId, users.id))
    .leftJoin(digitalData, eq(digitalData.userId, users.id))
    .where(eq(users.id, sql.placeholder("userId")))
    .prepare("cs_cleanup_event_state"),
);

/**
 * Inserts the event (once per client id) and counts the day. The count is read in the
 * insert's own statement, whose snapshot does not yet see the new row: the day holds
 * `before + recorded` events.
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
      before: sql`(select count(*) from ${cleanupEvents} where ${and(eq(cleanupEvents.userId, userId), eq(cleanupEvents.localDate, day))})`.mapWith(Number),
    })
    .from(users)
    .where(eq(users.id, userId))
    .prepare("cs_cleanup_event_insert");
});

export async function recordCleanupEvent(db: Db, userId: number, event: NewCleanupEvent, now = new Date()): Promise<z.infer<typeof CleanupEventResultSchema>> {
  const [state] = await eventState(db).execute({ userId });

  let zone = state?.timezone ?? "UTC";
  if (event.timezone && isValidTimeZone(event.timezone) && event.timezone !== state?.timezone) {
    await rememberTimeZone(db, userId, event.timezone);
    zone = event.timezone;
  }
  const today = localDate(now, zone);

  const { clientId, category, action, items, bytesFreed } = event;
  const [counts] = await insertEventAndCount(db).execute({ userId, clientId, category, action, items, bytesFreed, localDate: today });
  const recorded = (counts?.recorded ?? 0) > 0;

  const streakState = streakStateOf(state?.streak);
  const streak = recorded ? await saveActivity(db, userId, streakState, today) : presentStreak(userId, streakState, today);
  const completed = (counts?.before ?? 0) + (recorded ? 1 : 0);
  return { recorded, goal: goalProgress(state?.scanned ? (state.healthScore ?? 0) : 100, completed), streak };
}
