import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { computeWellness, streakAsOf, wellnessStatus, wellnessTips, wellnessValues, type WellnessInputs } from "./wellness";

const base: WellnessInputs = {
  healthScore: 72,
  photosCount: 1234,
  filesCount: 566,
  appsCount: 48,
  appsUnused: 2,
  emailUnread: 240,
  streak: 4,
};

describe("wellness (spec §9)", () => {
  it("computes the five metrics with their caps", () => {
    expect(wellnessValues(base)).toEqual({ clutter: 28, storage: 18, apps: 24, email: 48, consistency: 40 });
    expect(
      wellnessValues({ ...base, photosCount: 20_000, filesCount: 1, appsCount: 500, emailUnread: 9_999, streak: 30, healthScore: 100 }),
    ).toEqual({
      clutter: 0,
      storage: 100,
      apps: 100,
      email: 100,
      consistency: 100,
    });
  });

  it("overall is the mean goodness: 100 - value for strain metrics, the value itself for consistency", () => {
    // (72 + 82 + 76 + 52 + 40) / 5 = 64.4
    const w = computeWellness(base);
    expect(w.overall).toBe(64);
    expect(w.status).toBe("warning");
    expect(w.message).toBe("Good digital wellness with room for improvement");
    // A longer streak can only raise wellness.
    expect(computeWellness({ ...base, streak: 10 }).overall).toBeGreaterThan(w.overall);
  });

  it("uses the spec's bands and messages", () => {
    expect(wellnessStatus(80)).toBe("good");
    expect(wellnessStatus(79)).toBe("warning");
    expect(wellnessStatus(60)).toBe("warning");
    expect(wellnessStatus(59)).toBe("critical");
    const clean = computeWellness({
      healthScore: 100,
      photosCount: 0,
      filesCount: 0,
      appsCount: 0,
      appsUnused: 0,
      emailUnread: 0,
      streak: 10,
    });
    expect(clean).toMatchObject({ overall: 100, status: "good", message: "Excellent digital wellness!" });
    const bad = computeWellness({
      healthScore: 10,
      photosCount: 9000,
      filesCount: 9000,
      appsCount: 300,
      appsUnused: 40,
      emailUnread: 900,
      streak: 0,
    });
    expect(bad).toMatchObject({ status: "critical", message: "Digital wellness needs attention" });
  });

  it("gives each metric a trend from the previous snapshot and a status", () => {
    const w = computeWellness(base, { ...base, healthScore: 60, emailUnread: 100, streak: 4 });
    const by = Object.fromEntries(w.metrics.map((m) => [m.id, m]));
    expect(by.clutter).toMatchObject({ name: "Digital Clutter", value: 28, trend: "down", status: "warning" });
    expect(by.email).toMatchObject({ name: "Email Anxiety", value: 48, trend: "up", status: "critical" });
    expect(by.consistency).toMatchObject({
      name: "Maintenance Consistency",
      value: 40,
      trend: "stable",
      status: "critical",
      higherIsBetter: true,
    });
    expect(computeWellness(base).metrics.every((m) => m.trend === "stable")).toBe(true);
    expect(w.metrics.every((m) => m.description && m.recommendation)).toBe(true);
  });

  it("triggers tips at healthScore < 70, unused apps > 5, unread > 50, photos > 1000, streak < 3", () => {
    const none = { healthScore: 70, photosCount: 1000, filesCount: 0, appsCount: 0, appsUnused: 5, emailUnread: 50, streak: 3 };
    expect(wellnessTips(none)).toEqual([]);
    const all = { healthScore: 69, photosCount: 1001, filesCount: 0, appsCount: 0, appsUnused: 6, emailUnread: 51, streak: 2 };
    expect(wellnessTips(all).map((t) => t.id)).toEqual(["health", "apps", "email", "photos", "streak"]);
  });

  it("keeps every value within 0..100 for any input", () => {
    const n = fc.integer({ min: 0, max: 10_000_000 });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100 }),
        n,
        n,
        n,
        n,
        n,
        fc.integer({ min: 0, max: 1000 }),
        (healthScore, photosCount, filesCount, appsCount, appsUnused, emailUnread, streak) => {
          const w = computeWellness({ healthScore, photosCount, filesCount, appsCount, appsUnused, emailUnread, streak });
          return w.overall >= 0 && w.overall <= 100 && w.metrics.every((m) => m.value >= 0 && m.value <= 100);
        },
      ),
    );
  });
});

describe("streakAsOf", () => {
  it("counts consecutive active days ending on the date or the day before", () => {
    const history = ["2026-11-01", "2026-11-03", "2026-11-04", "2026-11-05"];
    expect(streakAsOf(history, "2026-11-05")).toBe(3);
    expect(streakAsOf(history, "2026-11-06")).toBe(3);
    expect(streakAsOf(history, "2026-11-07")).toBe(0);
    expect(streakAsOf(history, "2026-11-02")).toBe(1);
    expect(streakAsOf([], "2026-11-02")).toBe(0);
  });
});
