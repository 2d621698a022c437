/**
 * From a scan summary to the spec's digital_data columns, and back out as the API's
 * DigitalData (score breakdown and today's goal included).
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { goalProgress } from "../../domain/goals";
import { scoreSummary } from "../../domain/health-score";
import type { DigitalData } from "../../domain/schemas/digital-data";
import { ScanSummarySchema, type ScanSummary } from "../../domain/schemas/scan-summary";
import type { Db } from "../db/client";
import { preparedPerDb } from "../db/prepared";
import { cleanupDayCounts, digitalData, scanSnapshots, sessions, users, userSettings } from "../db/schema";
import { liveSession, sessionColumns, type SessionRead } from "../auth/sessions";
import { daysAroundUtc, localDate } from "../../domain/dates";

const GB = 1e9;
const gb = (bytes: number) => (bytes / GB).toFixed(3);

/** The spec §3 columns: photos are the photo category; files are everything else scanned. */
export function columnsFromSummary(s: ScanSummary) {
  const photoBytes = s.categories.photo.bytes;
  return {
    healthScore: scoreSummary(s).score,
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
    // Bytes are only known to a mailbox listing; a summary carries counts only.
    summary: s,
    updatedAt: new Date(),
  };
}

export async function saveSummary(db: Db, userId: number, summary: ScanSummary): Promise<number> {
  const cols = columnsFromSummary(await withMailboxFigures(db, userId, summary));
  await db
    .insert(digitalData)
    .values({ userId, ...cols })
    .onConflictDoUpdate({ target: digitalData.userId, set: cols });
  return cols.healthScore;
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Records a scan's snapshot (the history Insights reads), keyed on the scan
 * (`summary.scannedAt`): recording the same scan again returns the row it already has. The
 * spec's snapshot route records the stored summary with it, without rewriting the summary.
 */
export async function recordSnapshot(
  db: Db | Tx,
  userId: number,
  summary: ScanSummary,
  healthScore: number,
  localDay: string,
): Promise<number> {
  const [inserted] = await db
    .insert(scanSnapshots)
    .values({ userId, localDate: localDay, healthScore, summary, scanId: summary.scannedAt })
    .onConflictDoNothing({ target: [scanSnapshots.userId, scanSnapshots.scanId] })
    .returning({ id: scanSnapshots.id });
  if (inserted) return inserted.id;
  const [existing] = await db
    .select({ id: scanSnapshots.id })
    .from(scanSnapshots)
    .where(and(eq(scanSnapshots.userId, userId), eq(scanSnapshots.scanId, summary.scannedAt)));
  return existing!.id;
}

/** A finished scan in one write: the summary and its snapshot in one transaction, once per scan. */
export async function saveScanWithSnapshot(
  db: Db,
  userId: number,
  summary: ScanSummary,
  localDay: string,
): Promise<{ healthScore: number; snapshotId: number }> {
  const withMail = await withMailboxFigures(db, userId, summary);
  const cols = columnsFromSummary(withMail);
  return db.transaction(async (tx) => {
    await tx
      .insert(digitalData)
      .values({ userId, ...cols })
      .onConflictDoUpdate({ target: digitalData.userId, set: cols });
    return { healthScore: cols.healthScore, snapshotId: await recordSnapshot(tx, userId, withMail, cols.healthScore, localDay) };
  });
}

/**
 * A device scan cannot count e-mail (its summary says 0); a connected mailbox's saved totals
 * (server/email/aggregates.ts) stay, so a file scan never wipes them out.
 */
async function withMailboxFigures(db: Db, userId: number, summary: ScanSummary): Promise<ScanSummary> {
  if (summary.emailCount !== 0 || summary.emailUnread !== 0) return summary;
  const [row] = await db
    .select({ c: digitalData.emailCount, u: digitalData.emailUnread })
    .from(digitalData)
    .where(eq(digitalData.userId, userId));
  if (!row || row.c === 0) return summary;
  return { ...summary, emailCount: row.c, emailUnread: Math.min(row.u, row.c) };
}

/** The user's cleanups (goal actions) on their local `day`, from the day's counter. */
export async function eventsOn(db: Db, userId: number, day: string): Promise<number> {
  const [row] = await db
    .select({ n: cleanupDayCounts.cleanups })
    .from(cleanupDayCounts)
    .where(and(eq(cleanupDayCounts.userId, userId), eq(cleanupDayCounts.localDate, day)));
  return row?.n ?? 0;
}

type DigitalDataRow = typeof digitalData.$inferSelect;

export async function loadDigitalData(db: Db, userId: number, today: string): Promise<DigitalData> {
  const [row] = await db.select().from(digitalData).where(eq(digitalData.userId, userId));
  return presentDigitalData(userId, row, await eventsOn(db, userId, today), today);
}

/**
 * GET /api/digital-data/{id}'s read: the scan row, the user's zone, and the cleanup counts
 * of the three dates "today" can be in any zone (the day is picked once the zone is known).
 * Run in the session lookup's own statement (digitalDataJoin), so the route costs one round
 * trip: round trips were most of its latency under load. The data joins only when the
 * session's user is the requested one, so another user's id reads nothing of theirs.
 */
const digitalDataWithSession = preparedPerDb((db) => {
  // The day counters (one row per day, not the day's events): the goal's count stays one
  // index read however many cleanups the day holds.
  const perDay = db
    .select({ day: cleanupDayCounts.localDate, n: cleanupDayCounts.cleanups })
    .from(cleanupDayCounts)
    .where(
      and(
        eq(cleanupDayCounts.userId, users.id),
        inArray(cleanupDayCounts.localDate, [sql.placeholder("d0"), sql.placeholder("d1"), sql.placeholder("d2")]),
      ),
    )
    .as("per_day");
  return db
    .select({
      session: sessionColumns,
      timezone: userSettings.timezone,
      data: digitalData,
      events: sql<Record<string, number> | null>`(select json_object_agg(${perDay.day}, ${perDay.n}) from ${perDay})`,
    })
    .from(sessions)
    .leftJoin(users, and(eq(users.id, sessions.userId), eq(users.id, sql.placeholder("userId"))))
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .leftJoin(digitalData, eq(digitalData.userId, users.id))
    .where(liveSession())
    .prepare("cs_digital_data_with_session");
});

export interface DigitalDataRead {
  now: Date;
  timezone: string | null;
  data: DigitalDataRow | null;
  events: Record<string, number> | null;
}

/** The session, and `userId`'s digital data when the session is theirs. */
export function readDigitalDataWithSession(userId: number): SessionRead<DigitalDataRead> {
  return async (db, sessionId, now) => {
    const [d0, d1, d2] = daysAroundUtc(now);
    const [row] = await digitalDataWithSession(db).execute({ sessionId, now: now.toISOString(), userId, d0, d1, d2 });
    return row && { session: row.session, joined: { now, timezone: row.timezone, data: row.data, events: row.events } };
  };
}

/** The user's digital data from what digitalDataJoin read; the caller has checked it is their own. */
export function presentDigitalDataRead(userId: number, read: DigitalDataRead): DigitalData {
  const today = localDate(read.now, read.timezone ?? "UTC");
  return presentDigitalData(userId, read.data ?? undefined, Number(read.events?.[today] ?? 0), today);
}

function presentDigitalData(userId: number, row: DigitalDataRow | undefined, completed: number, today: string): DigitalData {
  const parsed = row?.summary ? ScanSummarySchema.safeParse(row.summary) : undefined;
  const summary = parsed?.success ? parsed.data : null;
  // Score and breakdown both derived from the summary by the one function that stored the
  // column; the column serves history and snapshots, never a second opinion here.
  const scored = summary ? scoreSummary(summary) : null;
  const healthScore = scored?.score ?? row?.healthScore ?? 0;
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
    scoreFactors: scored?.factors ?? [],
    goal: goalProgress(summary ? healthScore : 100, completed),
    today,
  };
}
