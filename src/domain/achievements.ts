/**
 * Achievements (spec §3 "Achievement", §4 "locked until an unlock date exists", §9 list:
 * 7-day streak, 1 GB freed, health 100, remove 50 duplicates, remove 10 unused apps).
 * Progress and the unlock day come from the user's own history, never from a clock:
 * - streak: consecutive days in the streak history (the longest streak as a floor);
 * - 1 GB: bytes freed for good, as measured (deleted from the trash; a move to the trash is only
 *   reclaimable, and the 2.5 MB-per-item estimate never unlocks it);
 * - health 100: the best score a scan snapshot recorded;
 * - duplicates: drops in duplicate copies between consecutive scans (removal the next scan
 *   confirmed; scans never count the CleanSpace trash, so a copy in the trash is removed);
 * - apps: apps deleted for good (cleanup-ledger.ts).
 * Each carries a tier (bronze, silver, gold, platinum) by how hard it is to reach.
 */
import { effectOf } from "./cleanup-ledger";
import { sortSnapshots, type EventPoint, type SnapshotPoint } from "./timeline";
import { addDays } from "./dates";

export const ACHIEVEMENT_TIERS = ["bronze", "silver", "gold", "platinum"] as const;
export type AchievementTier = (typeof ACHIEVEMENT_TIERS)[number];
export const ACHIEVEMENT_ICONS = ["flame", "hard-drive", "heart", "copy", "smartphone"] as const;
export type AchievementIcon = (typeof ACHIEVEMENT_ICONS)[number];
export const ACHIEVEMENT_UNITS = ["days", "bytes", "points", "items"] as const;
export type AchievementUnit = (typeof ACHIEVEMENT_UNITS)[number];

export interface Achievement {
  id: string;
  title: string;
  description: string;
  icon: AchievementIcon;
  /** YYYY-MM-DD of the user's day it was reached; null while locked. */
  unlockedAt: string | null;
  progress: number;
  maxProgress: number;
  type: AchievementTier;
  unit: AchievementUnit;
}

export const STREAK_GOAL_DAYS = 7;
export const FREED_GOAL_BYTES = 1_000_000_000;
export const HEALTH_GOAL = 100;
export const DUPLICATES_GOAL = 50;
export const APPS_GOAL = 10;

export interface AchievementInputs {
  streakHistory: readonly string[];
  longestStreak: number;
  lastActiveDate: string | null;
  snapshots: readonly SnapshotPoint[];
  events: readonly EventPoint[];
}

/** The day a run of `goal` consecutive dates was first completed, and the longest run. */
export function streakRun(history: readonly string[], goal: number): { reachedOn: string | null; longest: number } {
  const dates = [...new Set(history)].sort();
  let run = 0;
  let longest = 0;
  let reachedOn: string | null = null;
  let prev: string | null = null;
  for (const d of dates) {
    run = prev !== null && addDays(prev, 1) === d ? run + 1 : 1;
    longest = Math.max(longest, run);
    if (reachedOn === null && run >= goal) reachedOn = d;
    prev = d;
  }
  return { reachedOn, longest };
}

/** First day a running total of `amounts` reaches `goal`, and the total (capped at goal). */
function crossing(amounts: readonly { date: string; amount: number }[], goal: number): { progress: number; reachedOn: string | null } {
  let total = 0;
  for (const a of amounts) {
    total += a.amount;
    if (total >= goal) return { progress: goal, reachedOn: a.date };
  }
  return { progress: total, reachedOn: null };
}

function eventsInOrder(events: readonly EventPoint[]): EventPoint[] {
  return [...events].sort((a, b) => a.localDate.localeCompare(b.localDate) || a.createdAt.localeCompare(b.createdAt));
}

/** Duplicate copies removed: each drop between two consecutive scans, with the later scan's day. */
export function duplicateDrops(snapshots: readonly SnapshotPoint[]): { date: string; amount: number }[] {
  const ordered = sortSnapshots(snapshots);
  const drops: { date: string; amount: number }[] = [];
  for (let i = 1; i < ordered.length; i++) {
    const drop = ordered[i - 1]!.summary.duplicateFiles - ordered[i]!.summary.duplicateFiles;
    if (drop > 0) drops.push({ date: ordered[i]!.localDate, amount: drop });
  }
  return drops;
}

export function computeAchievements(input: AchievementInputs): Achievement[] {
  const run = streakRun(input.streakHistory, STREAK_GOAL_DAYS);
  const bestStreak = Math.max(run.longest, input.longestStreak);
  const streakUnlocked = run.reachedOn ?? (bestStreak >= STREAK_GOAL_DAYS ? input.lastActiveDate : null);

  const events = eventsInOrder(input.events);
  const freed = crossing(
    events.map((e) => ({ date: e.localDate, amount: effectOf(e).freed })).filter((a) => a.amount > 0),
    FREED_GOAL_BYTES,
  );
  const apps = crossing(
    events
      .filter((e) => e.category === "apps")
      .map((e) => ({ date: e.localDate, amount: effectOf(e).itemsDeleted }))
      .filter((a) => a.amount > 0),
    APPS_GOAL,
  );
  const ordered = sortSnapshots(input.snapshots);
  const perfect = ordered.find((s) => s.healthScore >= HEALTH_GOAL);
  const bestScore = ordered.reduce((m, s) => Math.max(m, s.healthScore), 0);
  const dups = crossing(duplicateDrops(ordered), DUPLICATES_GOAL);

  return [
    {
      id: "streak-7",
      title: "Week Warrior",
      description: "Keep a 7-day declutter streak",
      icon: "flame",
      unlockedAt: streakUnlocked,
      progress: Math.min(STREAK_GOAL_DAYS, bestStreak),
      maxProgress: STREAK_GOAL_DAYS,
      type: "silver",
      unit: "days",
    },
    {
      id: "freed-1gb",
      title: "Space Saver",
      description: "Free 1 GB of storage (measured)",
      icon: "hard-drive",
      unlockedAt: freed.reachedOn,
      progress: freed.progress,
      maxProgress: FREED_GOAL_BYTES,
      type: "gold",
      unit: "bytes",
    },
    {
      id: "health-100",
      title: "Perfect Health",
      description: "Reach a Digital Health Score of 100",
      icon: "heart",
      unlockedAt: perfect ? perfect.localDate : null,
      progress: Math.min(HEALTH_GOAL, bestScore),
      maxProgress: HEALTH_GOAL,
      type: "platinum",
      unit: "points",
    },
    {
      id: "duplicates-50",
      title: "Duplicate Hunter",
      description: "Remove 50 duplicate copies (confirmed by your next scan)",
      icon: "copy",
      unlockedAt: dups.reachedOn,
      progress: dups.progress,
      maxProgress: DUPLICATES_GOAL,
      type: "silver",
      unit: "items",
    },
    {
      id: "apps-10",
      title: "App Minimalist",
      description: "Remove 10 unused apps",
      icon: "smartphone",
      unlockedAt: apps.reachedOn,
      progress: apps.progress,
      maxProgress: APPS_GOAL,
      type: "bronze",
      unit: "items",
    },
  ];
}
