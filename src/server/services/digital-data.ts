/**
 * From a scan summary to the spec's digital_data columns, and back out as the API's
 * DigitalData (score breakdown and today's goal included).
 */
import { and, count, eq, inArray, sql } from "drizzle-orm";
import { goalProgress } from "../../domain/goals";
import { computeHealthScore } from "../../domain/health-score";
import type { DigitalData } from "../../domain/schemas/dashboard";
import { ScanSummarySchema, type ScanSummary } from "../../domain/schemas/scan-summary";
import type { Db } from "../db/client";
import { preparedPerDb } from "../db/prepared";
import { cleanupEvents, digitalData, users, userSettings } from "../db/schema";
import { daysAroundUtc, localDate } from "../../domain/streak";

const GB = 1e9;
const gb = (bytes: number) => (bytes / GB).toFixed(3);

export function scoreOf(s: ScanSummary) {
  return computeHealthScore({
    totalFiles: s.totalFiles,
    totalBytes: s.totalBytes,
    duplicateFiles: s.duplicateFiles,
    largeBytes: s.largeBytes,
    oldFiles: s.oldFiles,
    emptyFiles: s.emptyFiles,
    appsCount: s.appsCount,
    appsUnused: s.appsUnused,
    emailCount: s.emailCount,
    emailUnread: s.emailUnread,
  });
}

/** The spec §3 columns: photos are the photo category; files are everything else scanned. */
export function columnsFromSummary(s: ScanSummary) {
  const photoBytes = s.categories.photo.bytes;
  return {
    healthScore: scoreOf(s).score,
    photosCount: s.photosCount,
    photosDuplicates: s.photosDuplicates,
    photosStorage: gb(photoBytes),
    filesCount: s.totalFiles - s.categories.photo.count,
    filesLarge: s.largeFiles,
    filesStorage: gb(s.totalBytes - photoBytes),
    appsCount: s.appsCount,
    appsUnused: s.appsUnused,
    appsStorage: "0",
    emailCount: s.emailCount,
    emailUnread: s.emailUnread,
    emailStorage: "0",
    summary: s,
    updatedAt: new Date(),
  };
}

export async function saveSummary(db: Db, userId: number, summary: ScanSummary): Promise<number> {
  const cols = columnsFromSummary(summary);
  await db.insert(digitalData).values({ userId, ...cols }).onConflictDoUpdate({ target: digitalData.userId, set: cols });
  return cols.healthScore;
}

export async function eventsOn(db: Db, userId: number, day: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(cleanupEvents).where(and(eq(cleanupEvents.userId, userId), eq(cleanupEvents.localDate, day)));
  return Number(row?.n ?? 0);
}

type DigitalDataRow = typeof digitalData.$inferSelect;

export async function loadDigitalData(db: Db, userId: number, today: string): Promise<DigitalData> {
  const [row] = await db.select().from(digitalData).where(eq(digitalData.userId, userId));
  return presentDigitalData(userId, row, await eventsOn(db, userId, today), today);
}

/**
 * GET /api/digital-data/{id} in one round trip: the scan row, the user's zone, and the
 * cleanup events of the three dates "today" can be in any zone (the day is picked once the
 * zone is known). Four sequential queries before; round trips were most of its latency.
 */
const digitalDataNow = preparedPerDb((db) => {
  const userId = sql.placeholder("userId");
  const perDay = db
    .select({ day: cleanupEvents.localDate, n: count().as("n") })
    .from(cleanupEvents)
    .where(and(eq(cleanupEvents.userId, userId), inArray(cleanupEvents.localDate, [sql.placeholder("d0"), sql.placeholder("d1"), sql.placeholder("d2")])))
    .groupBy(cleanupEvents.localDate)
    .as("per_day");
  return db
    .select({
      timezone: userSettings.timezone,
      data: digitalData,
      events: sql<Record<string, number> | null>`(select json_object_agg(${perDay.day}, ${perDay.n}) from ${perDay})`,
    })
    .from(users)
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .leftJoin(digitalData, eq(digitalData.userId, users.id))
    .where(eq(users.id, userId))
    .prepare("cs_digital_data_now");
});

export async function loadDigitalDataNow(db: Db, userId: number, now = new Date()): Promise<DigitalData> {
  const [d0, d1, d2] = daysAroundUtc(now);
  const [found] = await digitalDataNow(db).execute({ userId, d0, d1, d2 });
  const today = localDate(now, found?.timezone ?? "UTC");
  return presentDigitalData(userId, found?.data ?? undefined, Number(found?.events?.[today] ?? 0), today);
}

function presentDigitalData(userId: number, row: DigitalDataRow | undefined, completed: number, today: string): DigitalData {
  const parsed = row?.summary ? ScanSummarySchema.safeParse(row.summary) : undefined;
  const summary = parsed?.success ? parsed.data : null;
  const healthScore = row?.healthScore ?? 0;
  return {
    userId,
    hasScanned: summary !== null,
    healthScore,
    photosCount: row?.photosCount ?? 0,
    photosDuplicates: row?.photosDuplicates ?? 0,
    photosStorage: Number(row?.photosStorage ?? 0),
    filesCount: row?.filesCount ?? 0,
    filesLarge: row?.filesLarge ?? 0,
    filesStorage: Number(row?.filesStorage ?? 0),
    appsCount: row?.appsCount ?? 0,
    appsUnused: row?.appsUnused ?? 0,
    appsStorage: Number(row?.appsStorage ?? 0),
    emailCount: row?.emailCount ?? 0,
    emailUnread: row?.emailUnread ?? 0,
    emailStorage: Number(row?.emailStorage ?? 0),
    updatedAt: row?.updatedAt ? row.updatedAt.toISOString() : null,
    summary,
    scoreFactors: summary ? scoreOf(summary).factors : [],
    goal: goalProgress(summary ? healthScore : 100, completed),
    today,
  };
}
