/**
 * A consistent Insights answer for component tests, made by the same domain rules the
 * server runs, from a small history: three scans in a week, three cleanups, a streak.
 */
import { computeAchievements } from "../../../../domain/achievements";
import { scoreSummary } from "../../../../domain/health-score";
import { InsightsSchema, type Insights } from "../../../../domain/schemas/insights";
import type { ScanSummary } from "../../../../domain/schemas/scan-summary";
import { addDays } from "../../../../domain/dates";
import { suggestCleanups } from "../../../../domain/suggestions";
import { buildSummary as buildSharedSummary } from "../../../../domain/testing/build-summary";
import { cleanupTotals } from "../../../../domain/cleanup-ledger";
import { buildTimeline, categoryProgress, weeklyProgress, type EventPoint, type SnapshotPoint } from "../../../../domain/timeline";
import { computeWellness } from "../../../../domain/wellness";

export const TODAY = "2026-05-20";

/** The shared factory with this history's shape: 2 MB per photo, 300 KB per document. */
export function buildSummary(over: Partial<Omit<ScanSummary, "categories">> & { photos?: number; docs?: number } = {}): ScanSummary {
  const { photos = 400, docs = 600, ...rest } = over;
  return buildSharedSummary({
    categories: { photo: { count: photos, bytes: photos * 2_000_000 }, document: { count: docs, bytes: docs * 300_000 } },
    emptyFiles: 0,
    skipped: 0,
    scannedAt: "2026-05-20T10:00:00.000Z",
    ...rest,
  });
}

function snapshot(daysAgo: number, s: ScanSummary): SnapshotPoint {
  const localDate = addDays(TODAY, -daysAgo);
  return {
    localDate,
    takenAt: `${localDate}T12:00:00.000Z`,
    healthScore: scoreSummary(s).score,
    summary: { ...s, scannedAt: `${localDate}T12:00:00.000Z` },
  };
}

export interface FixtureInput {
  snapshots?: SnapshotPoint[];
  events?: EventPoint[];
  streakHistory?: string[];
  longestStreak?: number;
  dismissed?: string[];
}

export const HISTORY: Required<Omit<FixtureInput, "dismissed">> = {
  snapshots: [
    snapshot(
      6,
      buildSummary({
        duplicateFiles: 120,
        photosDuplicates: 80,
        oldFiles: 400,
        appsCount: 20,
        appsUnused: 8,
        emailCount: 400,
        emailUnread: 300,
      }),
    ),
    snapshot(
      3,
      buildSummary({
        duplicateFiles: 90,
        photosDuplicates: 60,
        oldFiles: 300,
        appsCount: 20,
        appsUnused: 8,
        emailCount: 400,
        emailUnread: 250,
      }),
    ),
    snapshot(
      0,
      buildSummary({
        duplicateFiles: 40,
        photosDuplicates: 25,
        photosDuplicateBytes: 62_500_000,
        oldFiles: 250,
        largeFiles: 7,
        appsCount: 20,
        appsUnused: 6,
        emailCount: 400,
        emailUnread: 180,
      }),
    ),
  ],
  events: [
    {
      localDate: addDays(TODAY, -5),
      createdAt: `${addDays(TODAY, -5)}T10:00:00.000Z`,
      category: "photos",
      action: "trash",
      items: 20,
      bytesFreed: 300_000_000,
    },
    {
      localDate: addDays(TODAY, -3),
      createdAt: `${addDays(TODAY, -3)}T10:00:00.000Z`,
      category: "photos",
      action: "delete",
      items: 12,
      bytesFreed: 200_000_000,
    },
    {
      localDate: addDays(TODAY, -2),
      createdAt: `${addDays(TODAY, -2)}T10:00:00.000Z`,
      category: "apps",
      action: "quick-action",
      items: 4,
      bytesFreed: 0,
    },
    {
      localDate: addDays(TODAY, -1),
      createdAt: `${addDays(TODAY, -1)}T10:00:00.000Z`,
      category: "files",
      action: "review",
      items: 10,
      bytesFreed: 0,
    },
  ],
  streakHistory: [0, 1, 2, 3].map((d) => addDays(TODAY, -d)),
  longestStreak: 5,
};

/** The Insights answer for `input` (defaults: the week above), validated by the wire schema. */
export function buildInsights(input: FixtureInput = HISTORY, userId = 7): Insights {
  const snapshots = input.snapshots ?? [];
  const events = input.events ?? [];
  const history = input.streakHistory ?? [];
  const latest = snapshots[snapshots.length - 1];
  const s = latest?.summary;
  const score = latest?.healthScore ?? 0;
  const filesCount = s ? s.totalFiles - s.categories.photo.count : 0;
  const timeline = buildTimeline(snapshots, events, TODAY);
  const current = history.length;
  const insights: Insights = {
    userId,
    today: TODAY,
    hasScanned: s !== undefined,
    scannedAt: s?.scannedAt ?? null,
    aggregates: {
      healthScore: score,
      photosCount: s?.photosCount ?? 0,
      photosDuplicates: s?.photosDuplicates ?? 0,
      filesCount,
      filesLarge: s?.largeFiles ?? 0,
      appsCount: s?.appsCount ?? 0,
      appsUnused: s?.appsUnused ?? 0,
      emailCount: s?.emailCount ?? 0,
      emailUnread: s?.emailUnread ?? 0,
      totalBytes: s?.totalBytes ?? 0,
    },
    timeline,
    weekly: weeklyProgress(timeline),
    totals: cleanupTotals(events),
    categories: categoryProgress(snapshots, TODAY),
    streak: { current, longest: Math.max(current, input.longestStreak ?? 0) },
    achievements: computeAchievements({
      streakHistory: history,
      longestStreak: input.longestStreak ?? 0,
      lastActiveDate: history[history.length - 1] ?? null,
      snapshots,
      events,
    }),
    suggestions: suggestCleanups(
      {
        hasScanned: s !== undefined,
        healthScore: score,
        photosDuplicates: s?.photosDuplicates ?? 0,
        filesLarge: s?.largeFiles ?? 0,
        appsUnused: s?.appsUnused ?? 0,
        emailUnread: s?.emailUnread ?? 0,
        duplicateFiles: s?.duplicateFiles,
        duplicateBytes: s?.duplicateBytes,
        photosDuplicateBytes: s?.photosDuplicateBytes,
        largeBytes: s?.largeBytes,
        oldFiles: s?.oldFiles,
        oldBytes: s?.oldBytes,
      },
      4,
      2026,
      input.dismissed ?? [],
    ),
    wellness: s
      ? computeWellness({
          healthScore: score,
          photosCount: s.photosCount,
          filesCount,
          appsCount: s.appsCount,
          appsUnused: s.appsUnused,
          emailUnread: s.emailUnread,
          streak: current,
        })
      : null,
    scans: snapshots.map((p) => ({
      date: p.localDate,
      healthScore: p.healthScore,
      totalBytes: p.summary.totalBytes,
      photosCount: p.summary.photosCount,
      filesCount: p.summary.totalFiles - p.summary.categories.photo.count,
      emailCount: p.summary.emailCount,
      emailUnread: p.summary.emailUnread,
    })),
    counts: { snapshots: snapshots.length, events: events.length },
  };
  return InsightsSchema.parse(insights);
}

export const EMPTY_INSIGHTS = () => buildInsights({});
