/**
 * The Insights timeline and weekly progress (spec §2 "Insights → Overview", §3 "Timeline day",
 * §9 "Timeline covers 30 days, shows last 7. Storage freed = itemsProcessed x 2.5 MB").
 * Every figure comes from the user's own scan snapshots and cleanup events; a day without
 * a scan carries the previous score forward. What each event did (trashed, freed, estimated)
 * is the cleanup ledger's rule (cleanup-ledger.ts); reviews are not cleanups.
 */
import { addCapped } from "./limits";
import { countsTowardGoal, effectOf } from "./cleanup-ledger";
import type { ScanSummary } from "./schemas/scan-summary";
import { addDays } from "./dates";

export const TIMELINE_DAYS = 30;
export const TIMELINE_VISIBLE_DAYS = 7;

export const PROGRESS_CATEGORIES = ["photos", "files", "apps", "email"] as const;
export type ProgressCategory = (typeof PROGRESS_CATEGORIES)[number];
export type EventCategory = ProgressCategory | "general";

export interface SnapshotPoint {
  /** ISO timestamp; orders snapshots of one day. */
  takenAt: string;
  /** The user's calendar day, YYYY-MM-DD. */
  localDate: string;
  healthScore: number;
  summary: ScanSummary;
}

export interface EventPoint {
  localDate: string;
  /** The first event's time; a point may stand for several events of one day (see count). */
  createdAt: string;
  category: string;
  action: string;
  items: number;
  bytesFreed: number;
  /** How many events of this day, category and action the point sums (1 when absent). */
  count?: number;
}

export interface TimelineDay {
  date: string;
  /** The day's last score, or the previous one carried forward; null before the first scan. */
  healthScore: number | null;
  /** True when no scan was taken that day (the score is carried). */
  carried: boolean;
  /** Bytes the last scan on or before the day counted; null before the first scan. */
  storageUsed: number | null;
  /** Items of the day's cleanups (reviews are none). */
  itemsProcessed: number;
  /** Bytes freed for good that day (deleted from the trash), as measured. */
  bytesFreed: number;
  /** Spec estimate (items x 2.5 MB) for freeing actions whose bytes are unknown. */
  estimatedBytesFreed: number;
  /** The category with the most items processed that day, if any. */
  category: EventCategory | null;
}

/** Snapshots in time order (a day's last scan wins for that day). */
export function sortSnapshots<T extends Pick<SnapshotPoint, "takenAt">>(snapshots: readonly T[]): T[] {
  return [...snapshots].sort((a, b) => a.takenAt.localeCompare(b.takenAt));
}

function dominantCategory(events: readonly EventPoint[]): EventCategory | null {
  const byCat = new Map<string, number>();
  for (const e of events) byCat.set(e.category, (byCat.get(e.category) ?? 0) + e.items);
  let best: string | null = null;
  for (const [cat, n] of byCat) if (best === null || n > byCat.get(best)!) best = cat;
  return best as EventCategory | null;
}

/** The `days` days ending `today`, oldest first, with scores carried forward. */
export function buildTimeline(
  snapshots: readonly SnapshotPoint[],
  events: readonly EventPoint[],
  today: string,
  days = TIMELINE_DAYS,
): TimelineDay[] {
  const ordered = sortSnapshots(snapshots);
  const eventsByDay = new Map<string, EventPoint[]>();
  for (const e of events) eventsByDay.set(e.localDate, [...(eventsByDay.get(e.localDate) ?? []), e]);

  let cursor = 0;
  let last: SnapshotPoint | null = null;
  const out: TimelineDay[] = [];
  for (let i = days - 1; i >= 0; i--) {
    const date = addDays(today, -i);
    let scannedToday = false;
    while (cursor < ordered.length && ordered[cursor]!.localDate <= date) {
      last = ordered[cursor]!;
      if (last.localDate === date) scannedToday = true;
      cursor++;
    }
    const dayEvents = (eventsByDay.get(date) ?? []).filter((e) => countsTowardGoal(e.action));
    const effects = dayEvents.map(effectOf);
    out.push({
      date,
      healthScore: last ? last.healthScore : null,
      carried: !scannedToday,
      storageUsed: last ? last.summary.totalBytes : null,
      itemsProcessed: effects.reduce((n, f) => addCapped(n, f.itemsProcessed), 0),
      bytesFreed: effects.reduce((n, f) => addCapped(n, f.freed), 0),
      estimatedBytesFreed: effects.reduce((n, f) => addCapped(n, f.estimated), 0),
      category: dominantCategory(dayEvents),
    });
  }
  return out;
}

export interface WeeklyDay {
  date: string;
  /** Short weekday in English, from the date itself (no time zone involved). */
  weekday: string;
  score: number | null;
  carried: boolean;
}

export interface WeeklyProgress {
  days: WeeklyDay[];
  /** Mean of the week's daily scores (carried ones included), rounded; null with no data. */
  average: number | null;
  hasData: boolean;
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
export function weekdayOf(date: string): string {
  return WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()]!;
}

/** Spec §2: the last 7 daily scores and their average. */
export function weeklyProgress(timeline: readonly TimelineDay[]): WeeklyProgress {
  const days = timeline
    .slice(-TIMELINE_VISIBLE_DAYS)
    .map((d) => ({ date: d.date, weekday: weekdayOf(d.date), score: d.healthScore, carried: d.carried }));
  const scores = days.map((d) => d.score).filter((s): s is number => s !== null);
  return {
    days,
    average: scores.length ? Math.round(scores.reduce((a, b) => a + b, 0) / scores.length) : null,
    hasData: scores.length > 0,
  };
}

export type Trend = "up" | "down" | "stable";

export interface CategoryProgress {
  category: ProgressCategory;
  /** What is counted as clutter in this category. */
  measure: string;
  first: number | null;
  latest: number | null;
  /** Percent less clutter than at the period's first scan (negative: more clutter). */
  improvement: number;
  /** "up" = improving (less clutter), "down" = worse, "stable" = unchanged or unknown. */
  trend: Trend;
}

const CLUTTER: Record<ProgressCategory, { measure: string; of(s: ScanSummary): number }> = {
  photos: { measure: "duplicate photos", of: (s) => s.photosDuplicates },
  files: { measure: "large or old files", of: (s) => s.largeFiles + s.oldFiles },
  apps: { measure: "unused apps", of: (s) => s.appsUnused },
  email: { measure: "unread e-mails", of: (s) => s.emailUnread },
};

/** Improvement of `latest` over `first` in percent, clamped to -100..100. */
export function improvementPercent(first: number, latest: number): number {
  if (first === latest) return 0;
  if (first === 0) return -100;
  return Math.max(-100, Math.min(100, Math.round(((first - latest) / first) * 100)));
}

/** Spec §2 category progress: the period's latest snapshot against its first one. */
export function categoryProgress(snapshots: readonly SnapshotPoint[], today: string, days = TIMELINE_DAYS): CategoryProgress[] {
  const start = addDays(today, -(days - 1));
  const inPeriod = sortSnapshots(snapshots).filter((s) => s.localDate >= start && s.localDate <= today);
  const first = inPeriod[0];
  const latest = inPeriod[inPeriod.length - 1];
  return PROGRESS_CATEGORIES.map((category) => {
    const rule = CLUTTER[category];
    if (!first || !latest) return { category, measure: rule.measure, first: null, latest: null, improvement: 0, trend: "stable" as const };
    const a = rule.of(first.summary);
    const b = rule.of(latest.summary);
    const improvement = improvementPercent(a, b);
    return { category, measure: rule.measure, first: a, latest: b, improvement, trend: b < a ? "up" : b > a ? "down" : "stable" };
  });
}
