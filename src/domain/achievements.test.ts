import { describe, expect, it } from "vitest";
import { buildSummary } from "./testing/build-summary";
import { computeAchievements, streakRun, type AchievementInputs } from "./achievements";
import type { EventPoint, SnapshotPoint } from "./timeline";

const snap = (localDate: string, healthScore: number, duplicateFiles: number): SnapshotPoint => ({
  takenAt: `${localDate}T12:00:00.000Z`,
  localDate,
  healthScore,
  summary: buildSummary({ duplicateFiles }),
});
const ev = (localDate: string, category: string, items: number, bytesFreed = 0, action = "trash"): EventPoint => ({
  localDate,
  createdAt: `${localDate}T10:00:00.000Z`,
  category,
  action,
  items,
  bytesFreed,
});
const none: AchievementInputs = { streakHistory: [], longestStreak: 0, lastActiveDate: null, snapshots: [], events: [] };
const byId = (input: Partial<AchievementInputs>) => Object.fromEntries(computeAchievements({ ...none, ...input }).map((a) => [a.id, a]));

describe("achievements (spec §9 list, §4 locked until unlocked)", () => {
  it("lists the five spec achievements, all locked at zero, with their tiers", () => {
    const list = computeAchievements(none);
    expect(list.map((a) => [a.id, a.maxProgress, a.type])).toEqual([
      ["streak-7", 7, "silver"],
      ["freed-1gb", 1_000_000_000, "gold"],
      ["health-100", 100, "platinum"],
      ["duplicates-50", 50, "silver"],
      ["apps-10", 10, "bronze"],
    ]);
    expect(list.every((a) => a.unlockedAt === null && a.progress === 0)).toBe(true);
  });

  it("unlocks the 7-day streak on the day the seventh consecutive day was reached", () => {
    const days = [
      "2026-11-01",
      "2026-11-03",
      "2026-11-04",
      "2026-11-05",
      "2026-11-06",
      "2026-11-07",
      "2026-11-08",
      "2026-11-09",
      "2026-11-10",
    ];
    expect(streakRun(days, 7)).toEqual({ reachedOn: "2026-11-09", longest: 8 });
    expect(byId({ streakHistory: days, longestStreak: 8 })["streak-7"]).toMatchObject({ progress: 7, unlockedAt: "2026-11-09" });
    expect(byId({ streakHistory: days.slice(0, 5), longestStreak: 4 })["streak-7"]).toMatchObject({ progress: 4, unlockedAt: null });
  });

  it("unlocks 1 GB freed from bytes deleted for good only (a move to the trash is reclaimable), on the crossing day", () => {
    const events = [
      ev("2026-11-01", "photos", 10, 600_000_000, "delete"),
      ev("2026-11-01", "photos", 10, 900_000_000, "trash"),
      ev("2026-11-02", "files", 500, 0, "quick-action"),
      ev("2026-11-03", "files", 1, 400_000_000, "delete"),
      ev("2026-11-04", "files", 1, 5, "delete"),
    ];
    expect(byId({ events })["freed-1gb"]).toMatchObject({ progress: 1_000_000_000, unlockedAt: "2026-11-03" });
    expect(byId({ events: events.slice(0, 3) })["freed-1gb"]).toMatchObject({ progress: 600_000_000, unlockedAt: null });
  });

  it("unlocks health 100 on the first snapshot that reached it", () => {
    expect(
      byId({ snapshots: [snap("2026-11-01", 88, 0), snap("2026-11-05", 100, 0), snap("2026-11-09", 100, 0)] })["health-100"],
    ).toMatchObject({ progress: 100, unlockedAt: "2026-11-05" });
    expect(byId({ snapshots: [snap("2026-11-01", 91, 0)] })["health-100"]).toMatchObject({ progress: 91, unlockedAt: null });
  });

  it("counts duplicates removed as drops between consecutive scans", () => {
    const snapshots = [snap("2026-11-01", 60, 80), snap("2026-11-02", 62, 50), snap("2026-11-03", 61, 60), snap("2026-11-04", 70, 35)];
    // Drops: 30 on the 2nd, 25 on the 4th: 55 in all, the 50th on the 4th.
    expect(byId({ snapshots })["duplicates-50"]).toMatchObject({ progress: 50, unlockedAt: "2026-11-04" });
    expect(byId({ snapshots: snapshots.slice(0, 3) })["duplicates-50"]).toMatchObject({ progress: 30, unlockedAt: null });
  });

  it("counts apps deleted for good in the apps category; reviews and ignores are none", () => {
    const del = "delete";
    const events = [
      ev("2026-11-01", "apps", 4, 1, del),
      ev("2026-11-02", "apps", 9, 0, "review"),
      ev("2026-11-02", "apps", 9, 0, "ignore"),
      ev("2026-11-03", "photos", 20, 1, del),
      ev("2026-11-04", "apps", 6, 1, del),
    ];
    expect(byId({ events })["apps-10"]).toMatchObject({ progress: 10, unlockedAt: "2026-11-04" });
  });
});
