/**
 * Loads one user's history (scan snapshots, cleanup events, streak, dismissed suggestions)
 * and hands it to the pure domain rules that turn it into the Insights screen's figures.
 * Nothing here invents a number: no history means empty charts and locked achievements.
 */
import { desc, eq, sql } from "drizzle-orm";
import { computeAchievements } from "../../domain/achievements";
import { cleanupTotals } from "../../domain/cleanup-ledger";
import type { Insights } from "../../domain/schemas/insights";
import { ScanSummarySchema, type ScanSummary } from "../../domain/schemas/scan-summary";
import { addDays } from "../../domain/dates";
import { suggestCleanups } from "../../domain/suggestions";
import {
  buildTimeline,
  categoryProgress,
  sortSnapshots,
  TIMELINE_DAYS,
  weeklyProgress,
  type EventPoint,
  type SnapshotPoint,
} from "../../domain/timeline";
import { computeWellness, streakAsOf, type WellnessInputs } from "../../domain/wellness";
import type { Db } from "../db/client";
import { cleanupEvents, scanSnapshots, userSettings } from "../db/schema";
import { loadDigitalData } from "./digital-data";
import { getStreak } from "./streaks";
import { userToday } from "./user-time";

/** The newest snapshots the history reads: years of daily scans, bounded work per request. */
export const SNAPSHOT_LIMIT = 1000;

export async function loadSnapshots(db: Db, userId: number): Promise<SnapshotPoint[]> {
  const rows = await db
    .select({
      takenAt: scanSnapshots.takenAt,
      localDate: scanSnapshots.localDate,
      healthScore: scanSnapshots.healthScore,
      summary: scanSnapshots.summary,
    })
    .from(scanSnapshots)
    .where(eq(scanSnapshots.userId, userId))
    .orderBy(desc(scanSnapshots.takenAt), desc(scanSnapshots.id))
    .limit(SNAPSHOT_LIMIT);
  const points: SnapshotPoint[] = [];
  for (const row of rows) {
    const parsed = ScanSummarySchema.safeParse(row.summary);
    // A snapshot written under an older summary schema is skipped, never guessed at.
    if (parsed.success)
      points.push({ takenAt: row.takenAt.toISOString(), localDate: row.localDate, healthScore: row.healthScore, summary: parsed.data });
  }
  return sortSnapshots(points);
}

/**
 * The user's cleanup history, summed in SQL per day, category and action: the rows read grow
 * with the days a user cleaned, not with the events they sent. Every rule that
 * reads events (ledger, timeline, achievements) is a per-day sum of per-event effects, so the
 * sums give the same figures. An estimated action's effect depends on whether it carried a
 * byte count, so events with and without bytes stay apart.
 */
export async function loadEvents(db: Db, userId: number): Promise<EventPoint[]> {
  const measured = sql<boolean>`${cleanupEvents.bytesFreed} > 0`;
  const rows = await db
    .select({
      localDate: cleanupEvents.localDate,
      category: cleanupEvents.category,
      action: cleanupEvents.action,
      measured,
      count: sql<number>`count(*)::int`,
      items: sql<string>`sum(${cleanupEvents.items})`,
      bytesFreed: sql<string>`sum(${cleanupEvents.bytesFreed})`,
      createdAt: sql<Date | string>`min(${cleanupEvents.createdAt})`,
    })
    .from(cleanupEvents)
    .where(eq(cleanupEvents.userId, userId))
    .groupBy(cleanupEvents.localDate, cleanupEvents.category, cleanupEvents.action, measured);
  return rows.map((r) => ({
    localDate: r.localDate,
    createdAt: new Date(r.createdAt).toISOString(),
    category: r.category,
    action: r.action,
    count: Number(r.count),
    items: safeSum(r.items),
    bytesFreed: safeSum(r.bytesFreed),
  }));
}

/** A SQL sum (numeric, as text) held at MAX_SAFE_INTEGER, like every total the app shows. */
const safeSum = (v: string | number | null): number => Math.min(Number(v ?? 0), Number.MAX_SAFE_INTEGER);

export async function loadDismissed(db: Db, userId: number): Promise<string[]> {
  const [row] = await db.select({ d: userSettings.dismissedSuggestions }).from(userSettings).where(eq(userSettings.userId, userId));
  return row?.d ?? [];
}

const filesOf = (s: ScanSummary) => s.totalFiles - s.categories.photo.count;

function wellnessInputsOf(s: ScanSummary, healthScore: number, streak: number): WellnessInputs {
  return {
    healthScore,
    photosCount: s.photosCount,
    filesCount: filesOf(s),
    appsCount: s.appsCount,
    appsUnused: s.appsUnused,
    emailUnread: s.emailUnread,
    streak,
  };
}

/**
 * The history with the account's current summary as its newest point, unless the newest
 * snapshot already is that state (same scan, same score).
 */
export function withCurrentState(
  snapshots: readonly SnapshotPoint[],
  summary: ScanSummary,
  healthScore: number,
  updatedAt: string | null,
  today: string,
): SnapshotPoint[] {
  const last = snapshots.at(-1);
  if (last && last.summary.scannedAt === summary.scannedAt && last.healthScore === healthScore && sameCounts(last.summary, summary))
    return [...snapshots];
  // After every snapshot, whatever their clocks said: it is the state now.
  const candidate = updatedAt ?? new Date().toISOString();
  const takenAt = last && last.takenAt >= candidate ? new Date(Date.parse(last.takenAt) + 1).toISOString() : candidate;
  return [...snapshots, { takenAt, localDate: today, healthScore, summary }];
}

function sameCounts(a: ScanSummary, b: ScanSummary): boolean {
  return a.totalFiles === b.totalFiles && a.totalBytes === b.totalBytes && a.emailCount === b.emailCount && a.emailUnread === b.emailUnread;
}

export async function loadInsights(db: Db, userId: number): Promise<Insights> {
  const today = await userToday(db, userId);
  const [data, streak, snapshots, events, dismissed] = await Promise.all([
    loadDigitalData(db, userId, today),
    getStreak(db, userId, today),
    loadSnapshots(db, userId),
    loadEvents(db, userId),
    loadDismissed(db, userId),
  ]);
  const summary = data.summary;
  // One score per moment: a cleanup on the device rewrites the summary without a new
  // snapshot (and a mailbox's totals join it), so the current state is today's last point,
  // scored by the same function the dashboard's score comes from.
  const history = summary ? withCurrentState(snapshots, summary, data.healthScore, data.updatedAt, today) : snapshots;
  const timeline = buildTimeline(history, events, today);

  // The previous state for trends: the newest snapshot of an earlier scan than the current one.
  const previous = summary ? [...snapshots].reverse().find((s) => s.summary.scannedAt !== summary.scannedAt) : undefined;
  const wellness = summary
    ? computeWellness(
        wellnessInputsOf(summary, data.healthScore, streak.currentStreak),
        previous ? wellnessInputsOf(previous.summary, previous.healthScore, streakAsOf(streak.streakHistory, previous.localDate)) : null,
      )
    : null;

  const start = addDays(today, -(TIMELINE_DAYS - 1));
  const lastPerDay = new Map<string, SnapshotPoint>();
  for (const s of history) if (s.localDate >= start && s.localDate <= today) lastPerDay.set(s.localDate, s);

  return {
    userId,
    today,
    hasScanned: summary !== null,
    scannedAt: summary?.scannedAt ?? null,
    aggregates: {
      healthScore: data.healthScore,
      photosCount: data.photosCount,
      photosDuplicates: data.photosDuplicates,
      filesCount: data.filesCount,
      filesLarge: data.filesLarge,
      appsCount: data.appsCount,
      appsUnused: data.appsUnused,
      emailCount: data.emailCount,
      emailUnread: data.emailUnread,
      totalBytes: summary?.totalBytes ?? 0,
    },
    timeline,
    weekly: weeklyProgress(timeline),
    totals: cleanupTotals(events),
    categories: categoryProgress(snapshots, today),
    streak: { current: streak.currentStreak, longest: streak.longestStreak },
    achievements: computeAchievements({
      streakHistory: streak.streakHistory,
      longestStreak: streak.longestStreak,
      lastActiveDate: streak.lastActiveDate,
      snapshots,
      events,
    }),
    suggestions: suggestCleanups(
      {
        hasScanned: summary !== null,
        healthScore: data.healthScore,
        photosDuplicates: data.photosDuplicates,
        filesLarge: data.filesLarge,
        appsUnused: data.appsUnused,
        emailUnread: data.emailUnread,
        duplicateFiles: summary?.duplicateFiles,
        duplicateBytes: summary?.duplicateBytes,
        photosDuplicateBytes: summary?.photosDuplicateBytes,
        largeBytes: summary?.largeBytes,
        oldFiles: summary?.oldFiles,
        oldBytes: summary?.oldBytes,
        photoFindings: summary?.photoFindings,
      },
      Number(today.slice(5, 7)) - 1,
      Number(today.slice(0, 4)),
      dismissed,
    ),
    wellness,
    scans: [...lastPerDay.values()].map((s) => ({
      date: s.localDate,
      healthScore: s.healthScore,
      totalBytes: s.summary.totalBytes,
      photosCount: s.summary.photosCount,
      filesCount: filesOf(s.summary),
      emailCount: s.summary.emailCount,
      emailUnread: s.summary.emailUnread,
    })),
    counts: { snapshots: snapshots.length, events: events.reduce((n, e) => n + (e.count ?? 1), 0) },
  };
}
