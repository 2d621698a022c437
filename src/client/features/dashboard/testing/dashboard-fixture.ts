/**
 * Server answers for dashboard component tests, made by the same domain rules the server
 * runs (score, goal) from one scan summary, and validated by the wire schemas.
 */
import { goalProgress } from "../../../../domain/goals";
import { scoreSummary } from "../../../../domain/health-score";
import { DigitalDataSchema, type DigitalData } from "../../../../domain/schemas/digital-data";
import type { ScanSummary } from "../../../../domain/schemas/scan-summary";
import { StreakSchema, type Streak } from "../../../../domain/schemas/streak";
import { addDays } from "../../../../domain/dates";
import { buildSummary } from "../../../../domain/testing/build-summary";

export const TODAY = "2026-05-20";

/** 1,234 photos (30 of them copies, 45 MB), 600 documents, 24 apps of which 6 unused. */
export const SUMMARY: ScanSummary = buildSummary({
  categories: { photo: { count: 1234, bytes: 2_468_000_000 }, document: { count: 600, bytes: 200_000_000 } },
  photosDuplicates: 30,
  photosDuplicateBytes: 45_000_000,
  appsCount: 24,
  appsUnused: 6,
  scannedAt: `${TODAY}T09:00:00.000Z`,
});

/** The GET /api/digital-data/{id} answer for `summary`; `over` replaces any figure. */
export function buildDigitalData(summary: ScanSummary | null = SUMMARY, over: Partial<DigitalData> = {}, userId = 7): DigitalData {
  const scored = summary ? scoreSummary(summary) : null;
  const healthScore = over.healthScore ?? scored?.score ?? 0;
  return DigitalDataSchema.parse({
    userId,
    hasScanned: summary !== null,
    healthScore,
    photosCount: summary?.photosCount ?? 0,
    photosDuplicates: summary?.photosDuplicates ?? 0,
    photosStorage: 0,
    filesCount: summary ? summary.totalFiles - summary.photosCount : 0,
    filesLarge: summary?.largeFiles ?? 0,
    filesStorage: 0,
    appsCount: summary?.appsCount ?? 0,
    appsUnused: summary?.appsUnused ?? 0,
    appsStorage: 0,
    emailCount: 2500,
    emailUnread: 120,
    emailStorage: 0.5,
    updatedAt: summary?.scannedAt ?? null,
    summary,
    scoreFactors: scored?.factors ?? [],
    goal: goalProgress(healthScore, 1),
    today: TODAY,
    ...over,
  });
}

/** The GET /api/streaks/{id} answer: active on the last `days` days up to today. */
export function buildStreak(days = 3, userId = 7): Streak {
  const history = Array.from({ length: days }, (_, i) => addDays(TODAY, i - days + 1));
  return StreakSchema.parse({
    userId,
    currentStreak: days,
    longestStreak: Math.max(days, 5),
    lastActiveDate: history.at(-1) ?? null,
    streakHistory: history,
    today: TODAY,
  });
}
