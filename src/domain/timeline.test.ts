import { describe, expect, it } from "vitest";
import { buildSummary } from "./testing/build-summary";
import { ESTIMATED_BYTES_PER_ITEM } from "./cleanup-ledger";
import type { ScanSummary } from "./schemas/scan-summary";
import { buildTimeline, categoryProgress, improvementPercent, weeklyProgress, type EventPoint, type SnapshotPoint } from "./timeline";

const TODAY = "2026-11-23"; // a Monday
const snap = (localDate: string, healthScore: number, summary: Partial<ScanSummary> = {}, time = "12:00"): SnapshotPoint => ({
  takenAt: `${localDate}T${time}:00.000Z`,
  localDate,
  healthScore,
  summary: buildSummary(summary),
});
const ev = (localDate: string, items: number, bytesFreed = 0, action = "trash", category = "photos"): EventPoint => ({
  localDate,
  createdAt: `${localDate}T10:00:00.000Z`,
  category,
  action,
  items,
  bytesFreed,
});

describe("buildTimeline (spec §9: 30 days, carried scores)", () => {
  it("covers 30 days ending today, null before the first scan", () => {
    const t = buildTimeline([], [], TODAY);
    expect(t).toHaveLength(30);
    expect(t[0]!.date).toBe("2026-10-25");
    expect(t[29]!.date).toBe(TODAY);
    expect(t.every((d) => d.healthScore === null && d.storageUsed === null && d.carried)).toBe(true);
  });

  it("carries the previous score over days without a scan, including one from before the window", () => {
    const t = buildTimeline(
      [snap("2026-09-01", 50), snap("2026-11-20", 70), snap("2026-11-22", 75, {}, "08:00"), snap("2026-11-22", 78, {}, "20:00")],
      [],
      TODAY,
    );
    const by = Object.fromEntries(t.map((d) => [d.date, d]));
    expect(by["2026-10-25"]).toMatchObject({ healthScore: 50, carried: true });
    expect(by["2026-11-20"]).toMatchObject({ healthScore: 70, carried: false });
    expect(by["2026-11-21"]).toMatchObject({ healthScore: 70, carried: true });
    // The day's last scan wins.
    expect(by["2026-11-22"]).toMatchObject({ healthScore: 78, carried: false });
    expect(by[TODAY]).toMatchObject({ healthScore: 78, carried: true, storageUsed: buildSummary().totalBytes });
  });

  it("counts a day's cleanups: a move to the trash is processed, not freed; a delete frees its bytes; reviews are none", () => {
    const t = buildTimeline(
      [],
      [
        ev(TODAY, 4, 10_000_000),
        ev(TODAY, 4, 10_000_000, "delete", "files"),
        ev(TODAY, 2, 0, "quick-action"),
        ev(TODAY, 9, 0, "review", "files"),
      ],
      TODAY,
    );
    // 4 trashed + 2 quick-action items; the delete is the trashed items' second step, not 4 more.
    expect(t[29]).toMatchObject({
      itemsProcessed: 6,
      bytesFreed: 10_000_000,
      estimatedBytesFreed: 2 * ESTIMATED_BYTES_PER_ITEM,
      category: "photos",
    });
  });
});

describe("weeklyProgress", () => {
  it("takes the last 7 days with weekdays and averages the known scores", () => {
    const w = weeklyProgress(buildTimeline([snap("2026-11-19", 60), snap("2026-11-21", 70), snap(TODAY, 80)], [], TODAY));
    expect(w.days.map((d) => d.weekday)).toEqual(["Tue", "Wed", "Thu", "Fri", "Sat", "Sun", "Mon"]);
    expect(w.days.map((d) => d.score)).toEqual([null, null, 60, 60, 70, 70, 80]);
    // (60 + 60 + 70 + 70 + 80) / 5 = 68
    expect(w).toMatchObject({ average: 68, hasData: true });
  });

  it("says so when there is no data yet", () => {
    expect(weeklyProgress(buildTimeline([], [], TODAY))).toMatchObject({ average: null, hasData: false });
  });
});

describe("categoryProgress", () => {
  it("compares the period's latest snapshot with its first", () => {
    const first = snap("2026-11-01", 60, { photosDuplicates: 40, largeFiles: 2, oldFiles: 18, appsUnused: 0, emailUnread: 10 });
    const latest = snap("2026-11-22", 80, { photosDuplicates: 10, largeFiles: 1, oldFiles: 19, appsUnused: 0, emailUnread: 30 });
    const before = snap("2026-09-01", 10, { photosDuplicates: 400 });
    const p = Object.fromEntries(categoryProgress([before, latest, first], TODAY).map((c) => [c.category, c]));
    expect(p.photos).toMatchObject({ first: 40, latest: 10, improvement: 75, trend: "up" });
    expect(p.files).toMatchObject({ first: 20, latest: 20, improvement: 0, trend: "stable" });
    expect(p.apps).toMatchObject({ first: 0, latest: 0, improvement: 0, trend: "stable" });
    expect(p.email).toMatchObject({ first: 10, latest: 30, improvement: -100, trend: "down" });
  });

  it("knows nothing without a snapshot in the period", () => {
    expect(categoryProgress([snap("2026-09-01", 10)], TODAY).every((c) => c.first === null && c.trend === "stable")).toBe(true);
  });

  it("clamps the improvement percent", () => {
    expect(improvementPercent(0, 5)).toBe(-100);
    expect(improvementPercent(10, 0)).toBe(100);
    expect(improvementPercent(10, 35)).toBe(-100);
    expect(improvementPercent(3, 2)).toBe(33);
  });
});
