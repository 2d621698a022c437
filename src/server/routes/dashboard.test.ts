import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scoreSummary } from "../../domain/health-score";
import { GOAL_ACTIONS } from "../../domain/cleanup-ledger";
import { localDate } from "../../domain/dates";
import { cleanupEvents, digitalData, scanSnapshots, streaks } from "../db/schema";
import { as, buildUser, type TestUser } from "../test/auth-helpers";
import { buildSummary } from "../../domain/testing/build-summary";
import { PHOTO_FINDINGS } from "../../domain/testing/photo-findings";
import { createTestApp, SAME_ORIGIN, type TestApp } from "../test/test-app";
import { insertCleanupEventRows } from "../services/cleanup-events";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const req = (user: TestUser | null, method: "GET" | "POST" | "DELETE", url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: user ? as(user) : SAME_ORIGIN, ...(payload !== undefined ? { payload: payload as object } : {}) });

let seq = 0;
const clientId = () => `evt-${Date.now().toString(36)}-${++seq}`;

describe("digital data", () => {
  it("starts empty for a new user", async () => {
    const u = await buildUser(t.app);
    const res = await req(u, "GET", `/api/digital-data/${u.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ userId: u.id, hasScanned: false, summary: null, photosCount: 0, goal: { target: 1, completed: 0 } });
  });

  it("stores a scan summary, computes the score, and records a snapshot", async () => {
    const u = await buildUser(t.app);
    const summary = buildSummary();
    const saved = await req(u, "POST", "/api/real-data/scan", { userId: u.id, summary });
    expect(saved.statusCode).toBe(200);
    const expected = scoreSummary(summary);
    expect(saved.json()).toEqual({ userId: u.id, healthScore: expected.score });
    const data = (await req(u, "GET", `/api/digital-data/${u.id}`)).json();
    expect(data).toMatchObject({
      hasScanned: true,
      healthScore: expected.score,
      photosCount: 400,
      photosDuplicates: 30,
      filesCount: 600,
      filesLarge: 2,
      photosStorage: 0.8,
      filesStorage: 0.2,
    });
    expect(data.scoreFactors.map((f: { key: string }) => f.key)).toEqual(expected.factors.map((f) => f.key));
    const snap = await req(u, "POST", `/api/digital-data/${u.id}/scan`);
    expect(snap.json()).toMatchObject({ userId: u.id, healthScore: expected.score });
    const rows = await t.database.db.select().from(scanSnapshots).where(eq(scanSnapshots.userId, u.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.localDate).toBe(localDate(new Date(), "UTC"));
  });

  it("scores the photo analysis's findings, counts and bytes only (issue 19)", async () => {
    const u = await buildUser(t.app);
    const summary = buildSummary({ photoFindings: PHOTO_FINDINGS });
    const saved = await req(u, "POST", "/api/real-data/scan", { userId: u.id, summary });
    expect(saved.statusCode).toBe(200);
    const expected = scoreSummary(summary);
    expect(saved.json().healthScore).toBe(expected.score);
    expect(expected.score).toBeLessThan(scoreSummary(buildSummary()).score);
    const data = (await req(u, "GET", `/api/digital-data/${u.id}`)).json();
    // 32 of 400 photos proposed: 8% of the 25% saturation of a 10-point factor.
    expect(data.scoreFactors.find((f: { key: string }) => f.key === "photos")).toMatchObject({ penalty: 3.2, maxPenalty: 10 });
    expect(data.summary.photoFindings).toEqual(PHOTO_FINDINGS);

    // A hash, a name or any other field inside the findings is refused: aggregates only.
    for (const extra of [{ hash: "f0e1d2c3b4a59687" }, { names: ["IMG_0001.jpg"] }]) {
      const bad = buildSummary({ photoFindings: { ...PHOTO_FINDINGS, ...extra } as typeof PHOTO_FINDINGS });
      expect((await req(u, "POST", "/api/real-data/scan", { userId: u.id, summary: bad })).statusCode).toBe(400);
    }
  });

  it("saves a finished scan in one write: summary and snapshot together, once per scan however often it is retried", async () => {
    const u = await buildUser(t.app);
    const summary = buildSummary({ scannedAt: "2026-11-21T09:00:00.000Z" });
    const first = await req(u, "POST", "/api/real-data/scan", { userId: u.id, summary, snapshot: true });
    expect(first.statusCode).toBe(200);
    const retried = await req(u, "POST", "/api/real-data/scan", { userId: u.id, summary, snapshot: true });
    expect(retried.json()).toEqual(first.json());
    // The spec's snapshot route records the same scan once too.
    expect((await req(u, "POST", `/api/digital-data/${u.id}/scan`)).json()).toMatchObject({ snapshotId: first.json().snapshotId });
    const rows = await t.database.db.select().from(scanSnapshots).where(eq(scanSnapshots.userId, u.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ scanId: summary.scannedAt, healthScore: first.json().healthScore });
    // A new scan is a new snapshot.
    await req(u, "POST", "/api/real-data/scan", {
      userId: u.id,
      summary: { ...summary, scannedAt: "2026-11-22T09:00:00.000Z" },
      snapshot: true,
    });
    expect(await t.database.db.select().from(scanSnapshots).where(eq(scanSnapshots.userId, u.id))).toHaveLength(2);
    expect((await req(u, "GET", `/api/digital-data/${u.id}`)).json()).toMatchObject({
      hasScanned: true,
      healthScore: first.json().healthScore,
    });
  });

  it("refuses a snapshot before any scan", async () => {
    const u = await buildUser(t.app);
    expect((await req(u, "POST", `/api/digital-data/${u.id}/scan`)).statusCode).toBe(409);
  });

  it("refuses summaries carrying anything but aggregates", async () => {
    const u = await buildUser(t.app);
    const withPath = { ...buildSummary(), largest: "/home/ann/secret.pdf" };
    expect((await req(u, "POST", "/api/real-data/scan", { userId: u.id, summary: withPath })).statusCode).toBe(400);
    const badDate = { ...buildSummary(), scannedAt: "/home/ann/x" };
    expect((await req(u, "POST", "/api/real-data/scan", { userId: u.id, summary: badDate })).statusCode).toBe(400);
    const inconsistent = { ...buildSummary(), totalFiles: 5 };
    expect((await req(u, "POST", "/api/real-data/scan", { userId: u.id, summary: inconsistent })).statusCode).toBe(400);
    const [row] = await t.database.db.select().from(digitalData).where(eq(digitalData.userId, u.id));
    expect(row).toBeUndefined();
  });

  it("answers 401 without a session and 404 for another user's id, changing nothing", async () => {
    const [a, b] = [await buildUser(t.app), await buildUser(t.app)];
    expect((await req(null, "GET", `/api/digital-data/${a.id}`)).statusCode).toBe(401);
    expect((await req(null, "POST", "/api/real-data/scan", { userId: a.id, summary: buildSummary() })).statusCode).toBe(401);
    expect((await req(a, "GET", `/api/digital-data/${b.id}`)).statusCode).toBe(404);
    expect((await req(a, "POST", "/api/real-data/scan", { userId: b.id, summary: buildSummary() })).statusCode).toBe(404);
    expect((await req(a, "POST", `/api/digital-data/${b.id}/scan`)).statusCode).toBe(404);
    expect(await t.database.db.select().from(digitalData).where(eq(digitalData.userId, b.id))).toEqual([]);
  });
});

describe("streaks", () => {
  it("counts today once and reports the last dates", async () => {
    const u = await buildUser(t.app);
    expect((await req(u, "GET", `/api/streaks/${u.id}`)).json()).toMatchObject({ currentStreak: 0, longestStreak: 0, streakHistory: [] });
    const first = (await req(u, "POST", `/api/streaks/${u.id}/update`, {})).json();
    const again = (await req(u, "POST", `/api/streaks/${u.id}/update`, {})).json();
    expect(first.currentStreak).toBe(1);
    expect(again).toEqual(first);
    expect(first.streakHistory).toEqual([first.today]);
  });

  it("extends from yesterday and uses the user's time zone", async () => {
    const u = await buildUser(t.app);
    const zone = "Pacific/Kiritimati"; // UTC+14: often already tomorrow
    const today = localDate(new Date(), zone);
    const yesterday = new Date(`${today}T00:00:00Z`);
    yesterday.setUTCDate(yesterday.getUTCDate() - 1);
    const y = yesterday.toISOString().slice(0, 10);
    await t.database.db
      .insert(streaks)
      .values({ userId: u.id, currentStreak: 4, longestStreak: 9, lastActiveDate: yesterday, streakHistory: [y] });
    const res = (await req(u, "POST", `/api/streaks/${u.id}/update`, { timezone: zone })).json();
    expect(res).toMatchObject({ currentStreak: 5, longestStreak: 9, today, streakHistory: [y, today] });
  });

  it("guards ownership", async () => {
    const [a, b] = [await buildUser(t.app), await buildUser(t.app)];
    expect((await req(a, "GET", `/api/streaks/${b.id}`)).statusCode).toBe(404);
    expect((await req(a, "POST", `/api/streaks/${b.id}/update`, {})).statusCode).toBe(404);
    expect((await req(null, "POST", `/api/streaks/${a.id}/update`, {})).statusCode).toBe(401);
  });
});

describe("cleanup events", () => {
  it("records an event once per client id and moves the goal and the streak", async () => {
    const u = await buildUser(t.app);
    await req(u, "POST", "/api/real-data/scan", { userId: u.id, summary: buildSummary() });
    const id = clientId();
    const event = { clientId: id, category: "photos", action: "trash", items: 12, bytesFreed: 48_000_000 };
    const first = (await req(u, "POST", "/api/cleanup-events", event)).json();
    const retry = (await req(u, "POST", "/api/cleanup-events", event)).json();
    expect(first.recorded).toBe(true);
    expect(retry.recorded).toBe(false);
    expect(first.goal.completed).toBe(1);
    expect(retry.goal.completed).toBe(1);
    expect(first.streak.currentStreak).toBe(1);
    const rows = await t.database.db.select().from(cleanupEvents).where(eq(cleanupEvents.userId, u.id));
    expect(rows).toMatchObject([{ items: 12, bytesFreed: 48_000_000, category: "photos", action: "trash" }]);
  });

  it("counts a second event the same day toward the goal, keeping the day's streak as it is", async () => {
    const u = await buildUser(t.app);
    await req(u, "POST", "/api/real-data/scan", { userId: u.id, summary: buildSummary() });
    const event = { category: "files", action: "delete", items: 1, bytesFreed: 1000 };
    const first = (await req(u, "POST", "/api/cleanup-events", { ...event, clientId: clientId() })).json();
    const second = (await req(u, "POST", "/api/cleanup-events", { ...event, clientId: clientId() })).json();
    expect([first.goal.completed, second.goal.completed]).toEqual([1, 2]);
    expect(second.streak).toEqual(first.streak);
    const stored = await t.database.db.select().from(streaks).where(eq(streaks.userId, u.id));
    expect(stored).toMatchObject([{ currentStreak: 1, longestStreak: 1, streakHistory: [first.streak.today] }]);
  });

  it.each(["Pacific/Kiritimati", "Pacific/Pago_Pago"])(
    "counts the goal on the user's own day in %s, and stores the zone only when it changes",
    async (zone) => {
      const u = await buildUser(t.app);
      await req(u, "POST", "/api/real-data/scan", { userId: u.id, summary: buildSummary() });
      const today = localDate(new Date(), zone);
      const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
      await insertCleanupEventRows(t.database.db, [
        { userId: u.id, clientId: clientId(), category: "files", action: "trash", items: 1, localDate: yesterday },
      ]);
      const first = (
        await req(u, "POST", "/api/cleanup-events", { clientId: clientId(), category: "files", action: "trash", items: 1, timezone: zone })
      ).json();
      expect(first).toMatchObject({ recorded: true, goal: { completed: 1 }, streak: { today } });
      // xmin changes with every write of the row.
      const version = async () =>
        (
          (await t.database.db.execute(sql`select xmin::text as v from user_settings where user_id = ${u.id}`)) as unknown as {
            rows: { v: string }[];
          }
        ).rows[0];
      const stored = await version();
      const second = (
        await req(u, "POST", "/api/cleanup-events", { clientId: clientId(), category: "files", action: "trash", items: 1, timezone: zone })
      ).json();
      expect(second.goal.completed).toBe(2);
      expect(await version()).toEqual(stored);
      const dashboard = (await req(u, "GET", `/api/digital-data/${u.id}`)).json();
      expect(dashboard).toMatchObject({ today, goal: { completed: 2 } });
    },
  );

  it("never moves the goal or the streak for a review, an ignore or a restore (issue 16)", async () => {
    const u = await buildUser(t.app);
    await req(u, "POST", "/api/real-data/scan", { userId: u.id, summary: buildSummary() });
    for (const action of ["review", "ignore", "restore"]) {
      const res = (
        await req(u, "POST", "/api/cleanup-events", { clientId: clientId(), category: "apps", action, items: 3, bytesFreed: 0 })
      ).json();
      expect(res).toMatchObject({ recorded: true, goal: { completed: 0 }, streak: { currentStreak: 0 } });
    }
    expect(await t.database.db.select().from(streaks).where(eq(streaks.userId, u.id))).toEqual([]);
    expect((await req(u, "GET", `/api/digital-data/${u.id}`)).json().goal.completed).toBe(0);
    const trashed = (
      await req(u, "POST", "/api/cleanup-events", { clientId: clientId(), category: "photos", action: "trash", items: 2, bytesFreed: 20 })
    ).json();
    expect(trashed).toMatchObject({ goal: { completed: 1 }, streak: { currentStreak: 1 } });
    expect((await req(u, "GET", `/api/digital-data/${u.id}`)).json().goal.completed).toBe(1);
  });

  it("shows a move to the trash as reclaimable and a delete as freed, once (issue 16)", async () => {
    const u = await buildUser(t.app);
    await t.database.db.execute(
      sql`update users set subscription_status = 'trial', trial_ends_at = now() + interval '1 day' where id = ${u.id}`,
    );
    await req(u, "POST", "/api/real-data/scan", { userId: u.id, summary: buildSummary() });
    const totals = async () => (await req(u, "GET", `/api/insights/${u.id}`)).json().totals;
    await req(u, "POST", "/api/cleanup-events", {
      clientId: clientId(),
      category: "photos",
      action: "trash",
      items: 4,
      bytesFreed: 40_000,
    });
    expect(await totals()).toMatchObject({ reclaimableBytes: 40_000, bytesFreed: 0, estimatedBytesFreed: 0, itemsDeleted: 0 });
    await req(u, "POST", "/api/cleanup-events", {
      clientId: clientId(),
      category: "photos",
      action: "delete",
      items: 4,
      bytesFreed: 40_000,
    });
    expect(await totals()).toMatchObject({ reclaimableBytes: 0, bytesFreed: 40_000, estimatedBytesFreed: 0, itemsDeleted: 4 });
  });

  it("accepts the offline queue's actionId as the client id", async () => {
    const u = await buildUser(t.app);
    const res = await req(u, "POST", "/api/cleanup-events", {
      actionId: "8f0c2a9e-1b2c-4d5e",
      category: "files",
      action: "review",
      items: 1,
    });
    expect(res.json().recorded).toBe(true);
  });

  it("undo retracts the user's own event only", async () => {
    const [a, b] = [await buildUser(t.app), await buildUser(t.app)];
    const id = clientId();
    await req(b, "POST", "/api/cleanup-events", { clientId: id, category: "files", action: "trash", items: 1 });
    expect((await req(a, "DELETE", `/api/cleanup-events/${id}`)).statusCode).toBe(404);
    expect((await req(b, "DELETE", `/api/cleanup-events/${id}`)).statusCode).toBe(204);
    expect(await t.database.db.select().from(cleanupEvents).where(eq(cleanupEvents.userId, b.id))).toEqual([]);
  });

  it.each([
    [{ category: "photos", action: "trash", items: 1 }, "clientId"],
    [{ clientId: "short", category: "photos", action: "trash", items: 1 }, "clientId"],
    [{ clientId: "abcdefgh1", category: "music", action: "trash", items: 1 }, "category"],
    [{ clientId: "abcdefgh2", category: "photos", action: "trash", items: 0 }, "items"],
    [{ clientId: "abcdefgh3", category: "photos", action: "trash", items: 1, bytesFreed: -5 }, "bytesFreed"],
    [{ clientId: "abcdefgh4", category: "photos", action: "trash", items: 1, userId: 1 }, ""],
  ])("refuses %j with a 400", async (payload, field) => {
    const u = await buildUser(t.app);
    const res = await req(u, "POST", "/api/cleanup-events", payload);
    expect(res.statusCode).toBe(400);
    if (field) expect(JSON.stringify(res.json().issues)).toContain(field);
  });

  it("answers 401 without a session", async () => {
    expect(
      (await req(null, "POST", "/api/cleanup-events", { clientId: clientId(), category: "files", action: "trash", items: 1 })).statusCode,
    ).toBe(401);
  });
});

// The per-user, per-day cleanup counter (issue 23) against a recount of the events. On
// PostgreSQL (CI sets DATABASE_URL) the concurrent requests really race.

const postEvent = (u: TestUser, body: object) =>
  t.app.inject({ method: "POST", url: "/api/cleanup-events", headers: as(u), payload: body });
const undoEvent = (u: TestUser, id: string) => t.app.inject({ method: "DELETE", url: `/api/cleanup-events/${id}`, headers: as(u) });
const goalToday = async (u: TestUser) =>
  (await t.app.inject({ method: "GET", url: `/api/digital-data/${u.id}`, headers: as(u) })).json() as {
    today: string;
    goal: { completed: number };
  };

type Day = { day: string; n: number };
const rows = async (query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: Day[] }).rows.map((r) => ({ day: r.day, n: Number(r.n) }));

/** The counters of `userId` (zero rows left out) and a recount of the events, per day. */
async function countersAndRecount(userId: number) {
  const goal = sql.join(
    GOAL_ACTIONS.map((a) => sql`${a}`),
    sql`, `,
  );
  const counters = await rows(
    sql`select local_date as day, cleanups as n from cleanup_day_counts where user_id = ${userId} and cleanups <> 0 order by 1`,
  );
  const recount = await rows(
    sql`select local_date as day, count(*) as n from cleanup_events where user_id = ${userId} and action in (${goal}) group by 1 order by 1`,
  );
  return { counters, recount };
}

async function scannedUser() {
  const u = await buildUser(t.app);
  await t.app.inject({ method: "POST", url: "/api/real-data/scan", headers: as(u), payload: { userId: u.id, summary: buildSummary() } });
  return u;
}

describe("the day's cleanup counter", () => {
  it("equals a recount after inserts, retries, reviews and undos, and the goal reads it", async () => {
    const u = await scannedUser();
    const ids = Array.from({ length: 6 }, clientId);
    for (const [i, id] of ids.entries())
      await postEvent(u, { clientId: id, category: "files", action: i % 3 === 2 ? "review" : "trash", items: 1 });
    await postEvent(u, { clientId: ids[0], category: "files", action: "trash", items: 1 }); // a retry counts once
    expect((await undoEvent(u, ids[1]!)).statusCode).toBe(204); // a cleanup
    expect((await undoEvent(u, ids[2]!)).statusCode).toBe(204); // a review: the count stays
    expect((await undoEvent(u, ids[1]!)).statusCode).toBe(404); // undone already: nothing more comes off
    const { counters, recount } = await countersAndRecount(u.id);
    expect(counters).toEqual(recount);
    expect(recount).toEqual([{ day: expect.any(String) as string, n: 3 }]);
    expect((await goalToday(u)).goal.completed).toBe(3);
    const next = (await postEvent(u, { clientId: clientId(), category: "photos", action: "delete", items: 2 })).json();
    expect(next.goal.completed).toBe(4);
  });

  it("stays exact under concurrent inserts of one user, each answer counting its own event", async () => {
    const u = await scannedUser();
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => postEvent(u, { clientId: clientId(), category: "files", action: "trash", items: 1 })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(30).fill(200));
    const completed = answers.map((a) => (a.json() as { goal: { completed: number } }).goal.completed).sort((a, b) => a - b);
    // Each insert reads the counter after adding itself: 1, 2, …, 30, no two alike.
    expect(completed).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    const { counters, recount } = await countersAndRecount(u.id);
    expect(counters).toEqual(recount);
    expect(recount[0]?.n).toBe(30);
  });

  it("stays exact under concurrent inserts and undos of several users", async () => {
    const users = await Promise.all(Array.from({ length: 5 }, scannedUser));
    const made = users.map(() => Array.from({ length: 6 }, clientId));
    await Promise.all(
      users.flatMap((u, i) => made[i]!.map((id) => postEvent(u, { clientId: id, category: "photos", action: "trash", items: 1 }))),
    );
    // Undo two of each user's while more arrive.
    await Promise.all(
      users.flatMap((u, i) => [
        undoEvent(u, made[i]![0]!),
        undoEvent(u, made[i]![1]!),
        postEvent(u, { clientId: clientId(), category: "files", action: "quick-action", items: 1 }),
        postEvent(u, { clientId: made[i]![2]!, category: "files", action: "trash", items: 1 }), // a retry
      ]),
    );
    for (const u of users) {
      const { counters, recount } = await countersAndRecount(u.id);
      expect(counters).toEqual(recount);
      expect(recount[0]?.n).toBe(5);
      expect((await goalToday(u)).goal.completed).toBe(5);
    }
  });

  it("counts on the user's own day, and an undo takes the event off the day it was made", async () => {
    const zone = "Pacific/Kiritimati"; // UTC+14: its day differs from UTC's for 14 hours of each day
    const u = await scannedUser();
    const today = localDate(new Date(), zone);
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const old = clientId();
    await insertCleanupEventRows(t.database.db, [
      { userId: u.id, clientId: old, category: "files", action: "trash", items: 1, localDate: yesterday },
      { userId: u.id, clientId: clientId(), category: "files", action: "restore", items: 1, localDate: yesterday },
    ]);
    const first = (await postEvent(u, { clientId: clientId(), category: "files", action: "trash", items: 1, timezone: zone })).json();
    expect(first.goal.completed).toBe(1);
    expect(await goalToday(u)).toMatchObject({ today, goal: { completed: 1 } });
    expect((await undoEvent(u, old)).statusCode).toBe(204);
    const { counters, recount } = await countersAndRecount(u.id);
    expect(counters).toEqual(recount);
    expect(recount).toEqual([{ day: today, n: 1 }]);
    expect((await goalToday(u)).goal.completed).toBe(1);
  });
  it("counts the daily quota in the insert's statement: past it, a 429 and nothing written", async () => {
    const u = await scannedUser();
    const max = t.app.limits.cleanupEventsPerDay;
    await postEvent(u, { clientId: clientId(), category: "files", action: "trash", items: 1 });
    expect((await rows(sql`select key as day, count as n from rate_limits where key = ${`quota:events:${u.id}`}`))[0]?.n).toBe(1);
    await t.database.db.execute(sql`update rate_limits set count = ${max} where key = ${`quota:events:${u.id}`}`);
    const refused = await postEvent(u, { clientId: clientId(), category: "files", action: "trash", items: 1 });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(80_000);
    const { counters, recount } = await countersAndRecount(u.id);
    expect(counters).toEqual(recount);
    expect(recount[0]?.n).toBe(1);
  });
});
