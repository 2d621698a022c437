import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InsightsSchema, type Insights } from "../../domain/schemas/insights";
import type { ScanSummary } from "../../domain/schemas/scan-summary";
import { cleanupTotals } from "../../domain/cleanup-ledger";
import { addDays, localDate } from "../../domain/dates";
import { buildTimeline } from "../../domain/timeline";
import { cleanupEvents, scanSnapshots, streaks, userSettings } from "../db/schema";
import { saveSummary } from "../services/digital-data";
import { PHOTO_FINDINGS } from "../../domain/testing/photo-findings";
import { scoreSummary } from "../../domain/health-score";
import { as, buildUser, type TestUser } from "../test/auth-helpers";
import { buildSummary } from "../../domain/testing/build-summary";
import { createTestApp, SAME_ORIGIN, type TestApp } from "../test/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const req = (user: TestUser | null, method: "GET" | "POST", url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method,
    url,
    headers: { ...(user ? as(user) : SAME_ORIGIN), ...headers },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

/** Straight in the database, as the issue asks: a trial that ends tomorrow. */
const makeTrial = (id: number) =>
  t.database.db.execute(sql`update users set subscription_status = 'trial', trial_ends_at = now() + interval '1 day' where id = ${id}`);
const proUser = async () => {
  const u = await buildUser(t.app);
  await makeTrial(u.id);
  return u;
};

const today = () => localDate(new Date(), "UTC");
let seq = 0;

async function seedSnapshot(userId: number, daysAgo: number, summary: ScanSummary) {
  const day = addDays(today(), -daysAgo);
  await t.database.db
    .insert(scanSnapshots)
    .values({ userId, localDate: day, takenAt: new Date(`${day}T12:00:00Z`), healthScore: scoreSummary(summary).score, summary });
}
async function seedEvent(userId: number, daysAgo: number, e: { category: string; action: string; items: number; bytesFreed: number }) {
  const day = addDays(today(), -daysAgo);
  await t.database.db
    .insert(cleanupEvents)
    .values({ userId, clientId: `seed-${++seq}-abcdef`, localDate: day, createdAt: new Date(`${day}T10:00:00Z`), ...e });
}

describe("GET /api/insights/{userId}: gating and ownership", () => {
  it("answers 401 without a session", async () => {
    const u = await buildUser(t.app);
    expect((await req(null, "GET", `/api/insights/${u.id}`)).statusCode).toBe(401);
    expect((await req(null, "POST", `/api/insights/${u.id}/dismiss`, { suggestionId: "unused-apps" })).statusCode).toBe(401);
  });

  it("refuses free users with 403 and serves trial users", async () => {
    const u = await buildUser(t.app);
    const free = await req(u, "GET", `/api/insights/${u.id}`);
    expect(free.statusCode).toBe(403);
    expect(free.json()).toEqual({ error: "This feature needs CleanSpace Pro" });
    expect((await req(u, "POST", `/api/insights/${u.id}/dismiss`, { suggestionId: "unused-apps" })).statusCode).toBe(403);
    await makeTrial(u.id);
    expect((await req(u, "GET", `/api/insights/${u.id}`)).statusCode).toBe(200);
    // A trial that has ended is free again, with no timer.
    await t.database.db.execute(sql`update users set trial_ends_at = now() - interval '1 minute' where id = ${u.id}`);
    expect((await req(u, "GET", `/api/insights/${u.id}`)).statusCode).toBe(403);
  });

  it("answers 404 for another user's id, 400 for bad input, 403 cross-site", async () => {
    const [a, b] = [await proUser(), await proUser()];
    expect((await req(a, "GET", `/api/insights/${b.id}`)).statusCode).toBe(404);
    expect((await req(a, "POST", `/api/insights/${b.id}/dismiss`, { suggestionId: "unused-apps" })).statusCode).toBe(404);
    expect((await req(a, "GET", "/api/insights/abc")).statusCode).toBe(400);
    expect((await req(a, "POST", `/api/insights/${a.id}/dismiss`, { suggestionId: "../etc" })).statusCode).toBe(400);
    expect((await req(a, "POST", `/api/insights/${a.id}/dismiss`, { suggestionId: "unused-apps", extra: 1 })).statusCode).toBe(400);
    expect((await req(a, "POST", `/api/insights/${a.id}/dismiss`, {})).statusCode).toBe(400);
    const cross = await req(
      a,
      "POST",
      `/api/insights/${a.id}/dismiss`,
      { suggestionId: "unused-apps" },
      { origin: "https://evil.example" },
    );
    expect(cross.statusCode).toBe(403);
    const [settings] = await t.database.db.select().from(userSettings).where(eq(userSettings.userId, a.id));
    expect(settings?.dismissedSuggestions ?? []).toEqual([]);
    const [other] = await t.database.db.select().from(userSettings).where(eq(userSettings.userId, b.id));
    expect(other?.dismissedSuggestions ?? []).toEqual([]);
  });
});

describe("GET /api/insights/{userId}: figures from the user's own history", () => {
  it("has no data for a new user: empty week, zero totals, locked achievements, no wellness", async () => {
    const u = await proUser();
    const body = InsightsSchema.parse((await req(u, "GET", `/api/insights/${u.id}`)).json());
    expect(body.hasScanned).toBe(false);
    expect(body.timeline).toHaveLength(30);
    expect(body.weekly).toMatchObject({ average: null, hasData: false });
    expect(body.totals).toMatchObject({ bytesFreed: 0, itemsDeleted: 0 });
    expect(body.achievements.every((a) => a.unlockedAt === null)).toBe(true);
    expect(body.wellness).toBeNull();
    expect(body.suggestions.filter((s) => s.type !== "seasonal")).toEqual([]);
  });

  it("computes the week, totals, categories, achievements, suggestions and wellness", async () => {
    const u = await proUser();
    const first = buildSummary({
      photosDuplicates: 40,
      duplicateFiles: 60,
      duplicateBytes: 120_000_000,
      appsCount: 30,
      appsUnused: 8,
      emailCount: 500,
      emailUnread: 260,
    });
    const latest = buildSummary({
      photosDuplicates: 10,
      duplicateFiles: 10,
      duplicateBytes: 30_000_000,
      largeFiles: 7,
      largeBytes: 900_000_000,
      appsCount: 30,
      appsUnused: 3,
      emailCount: 500,
      emailUnread: 120,
      scannedAt: "2026-11-21T10:00:00.000Z",
    });
    await seedSnapshot(u.id, 5, first);
    await seedSnapshot(u.id, 1, latest);
    await saveSummary(t.database.db, u.id, latest);
    await seedEvent(u.id, 4, { category: "photos", action: "trash", items: 30, bytesFreed: 700_000_000 });
    await seedEvent(u.id, 2, { category: "apps", action: "delete", items: 5, bytesFreed: 0 });
    await seedEvent(u.id, 1, { category: "files", action: "review", items: 9, bytesFreed: 0 });
    await seedEvent(u.id, 1, { category: "photos", action: "delete", items: 12, bytesFreed: 300_000_000 });
    const history = [6, 5, 4, 3, 2, 1, 0].map((d) => addDays(today(), -d));
    await t.database.db.insert(streaks).values({
      userId: u.id,
      currentStreak: 7,
      longestStreak: 7,
      lastActiveDate: new Date(`${today()}T00:00:00Z`),
      streakHistory: history,
    });

    const res = await req(u, "GET", `/api/insights/${u.id}`);
    expect(res.statusCode).toBe(200);
    const body: Insights = InsightsSchema.parse(res.json());
    const s1 = scoreSummary(first).score;
    const s2 = scoreSummary(latest).score;

    // Weekly: no score before the first scan, then carried across days without one.
    expect(body.weekly.days.map((d) => d.score)).toEqual([null, s1, s1, s1, s1, s2, s2]);
    expect(body.weekly.days.map((d) => d.carried)).toEqual([true, false, true, true, true, false, true]);
    expect(body.weekly.average).toBe(Math.round((4 * s1 + 2 * s2) / 6));

    // Totals (issue 16): the trash holds what was moved and not deleted; freed is what was
    // deleted for good, measured; a delete is never estimated; the review counts for nothing.
    expect(body.totals).toEqual({
      reclaimableBytes: 400_000_000,
      bytesFreed: 300_000_000,
      estimatedBytesFreed: 0,
      estimatedItems: 0,
      itemsDeleted: 17,
      // The deleted items were counted when they went to the trash (issue 38: never twice).
      itemsProcessed: 30,
      actions: 3,
    });
    expect(body.timeline.at(-5)).toMatchObject({ itemsProcessed: 30, bytesFreed: 0, category: "photos" });
    expect(body.timeline.at(-2)).toMatchObject({ itemsProcessed: 0, bytesFreed: 300_000_000, category: "photos" });

    const cat = Object.fromEntries(body.categories.map((c) => [c.category, c]));
    expect(cat.photos).toMatchObject({ first: 40, latest: 10, improvement: 75, trend: "up" });
    expect(cat.email).toMatchObject({ first: 260, latest: 120, improvement: 54, trend: "up" });
    expect(body.streak).toEqual({ current: 7, longest: 7 });

    const ach = Object.fromEntries(body.achievements.map((a) => [a.id, a]));
    expect(ach["streak-7"]).toMatchObject({ progress: 7, unlockedAt: today() });
    expect(ach["duplicates-50"]).toMatchObject({ progress: 50, unlockedAt: addDays(today(), -1) });
    expect(ach["freed-1gb"]).toMatchObject({ progress: 300_000_000, unlockedAt: null });
    expect(ach["apps-10"]).toMatchObject({ progress: 5, unlockedAt: null });

    const sug = Object.fromEntries(body.suggestions.map((s) => [s.id, s]));
    expect(sug["duplicate-photos"]!.impact).toMatchObject({ storageFreed: 30_000_000, storageBasis: "scan", itemsAffected: 10 });
    expect(sug["large-files"]!.impact).toMatchObject({ storageFreed: 900_000_000, storageBasis: "scan", itemsAffected: 7 });
    expect(sug["unused-apps"]!.impact).toMatchObject({ storageFreed: 360_000_000, storageBasis: "estimate" });
    expect(sug["email-cleanup"]!.impact).toMatchObject({ storageFreed: 60_000_000, itemsAffected: 120 });

    const w = body.wellness!;
    const by = Object.fromEntries(w.metrics.map((m) => [m.id, m]));
    expect(by.clutter).toMatchObject({ value: 100 - s2, trend: s2 > s1 ? "down" : s2 < s1 ? "up" : "stable" });
    expect(by.email).toMatchObject({ value: 24, trend: "down" });
    expect(by.apps).toMatchObject({ value: 15, trend: "stable" });
    expect(by.storage).toMatchObject({ value: 10 });
    expect(by.consistency).toMatchObject({ value: 70, trend: "up" });
  });

  it("suggests the photo views from the latest scan's photo findings (issue 19)", async () => {
    const u = await proUser();
    await saveSummary(t.database.db, u.id, buildSummary({ photoFindings: PHOTO_FINDINGS }));
    const body = InsightsSchema.parse((await req(u, "GET", `/api/insights/${u.id}`)).json());
    const sug = Object.fromEntries(body.suggestions.map((s) => [s.id, s]));
    expect(sug["similar-photos"]).toMatchObject({
      impact: { storageFreed: 40_000_000, itemsAffected: 20 },
      action: { tab: "photos", view: "similar" },
    });
    expect(sug["old-screenshots"]).toMatchObject({ impact: { storageFreed: 3_000_000 }, action: { view: "screenshots" } });
    expect(sug["blurry-photos"]).toMatchObject({ impact: { storageFreed: 16_000_000 }, action: { view: "blurry" } });
  });

  it("remembers a dismissed suggestion on the server, once", async () => {
    const u = await proUser();
    await saveSummary(t.database.db, u.id, buildSummary({ appsCount: 10, appsUnused: 2 }));
    const ids = async () => InsightsSchema.parse((await req(u, "GET", `/api/insights/${u.id}`)).json()).suggestions.map((s) => s.id);
    expect(await ids()).toContain("unused-apps");
    const first = await req(u, "POST", `/api/insights/${u.id}/dismiss`, { suggestionId: "unused-apps" });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ dismissed: ["unused-apps"] });
    expect((await req(u, "POST", `/api/insights/${u.id}/dismiss`, { suggestionId: "unused-apps" })).json()).toEqual({
      dismissed: ["unused-apps"],
    });
    expect(await ids()).not.toContain("unused-apps");
    expect(await ids()).toContain("duplicate-photos");
  });

  it("sums events in SQL per day, category and action with the figures the per-event rules give (issue 18 #7)", async () => {
    const u = await proUser();
    // Several events per day and action, quick actions with and without a byte count (the
    // ledger estimates only the latter), trash then restore and delete, and a review.
    const events = [
      { daysAgo: 0, category: "files", action: "trash", items: 3, bytesFreed: 300_000_000 },
      { daysAgo: 0, category: "files", action: "trash", items: 2, bytesFreed: 200_000_000 },
      { daysAgo: 0, category: "files", action: "restore", items: 1, bytesFreed: 50_000_000 },
      { daysAgo: 0, category: "photos", action: "delete", items: 4, bytesFreed: 400_000_000 },
      { daysAgo: 1, category: "apps", action: "quick-action", items: 2, bytesFreed: 0 },
      { daysAgo: 1, category: "apps", action: "quick-action", items: 3, bytesFreed: 0 },
      { daysAgo: 1, category: "apps", action: "quick-action", items: 1, bytesFreed: 700_000_000 },
      { daysAgo: 1, category: "files", action: "review", items: 9, bytesFreed: 0 },
      { daysAgo: 2, category: "files", action: "delete", items: 5, bytesFreed: 100_000_000 },
      { daysAgo: 2, category: "files", action: "delete", items: 6, bytesFreed: 110_000_000 },
    ];
    for (const { daysAgo, ...e } of events) await seedEvent(u.id, daysAgo, e);
    const raw = events.map(({ daysAgo, ...e }) => ({
      ...e,
      localDate: addDays(today(), -daysAgo),
      createdAt: `${addDays(today(), -daysAgo)}T10:00:00.000Z`,
    }));

    const body = InsightsSchema.parse((await req(u, "GET", `/api/insights/${u.id}`)).json());
    expect(body.counts.events).toBe(events.length);
    const expected = cleanupTotals(raw);
    expect(body.totals).toMatchObject({ ...expected });
    // Hand-checked too, so the test does not only compare the rules with themselves.
    expect(body.totals).toMatchObject({
      // 500 MB trashed, 50 MB restored, 610 MB deleted (some trashed outside this history): never below 0.
      reclaimableBytes: 0,
      bytesFreed: 400_000_000 + 700_000_000 + 210_000_000,
      estimatedBytesFreed: 5 * 2_500_000,
      actions: 8,
    });
    const timeline = buildTimeline([], raw, today());
    for (const day of body.timeline.slice(-3)) expect(day).toEqual(timeline.find((d) => d.date === day.date));
    const byDay = Object.fromEntries(body.timeline.map((d) => [d.date, d]));
    expect(byDay[addDays(today(), -1)]).toMatchObject({
      itemsProcessed: 6,
      bytesFreed: 700_000_000,
      estimatedBytesFreed: 12_500_000,
      category: "apps",
    });
    expect(body.achievements.find((a) => a.id === "freed-1gb")).toMatchObject({ unlockedAt: today(), progress: 1_000_000_000 });
  });
});
