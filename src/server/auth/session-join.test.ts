// The hot routes check the session in the same statement that reads their data
// (guard.ts SessionJoin). These pin that the merged statement keeps the guard's meaning:
// 401 before anything else, 404 for another user's id, revocation seen at once by another
// process on the same database, and the sliding expiry.
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { cleanupEvents, sessions } from "../db/schema";
import { as, buildUser, sessionCookie, type TestUser } from "../test/auth-helpers";
import { buildSummary } from "../../domain/testing/build-summary";
import { createTestApp, SAME_ORIGIN, type TestApp } from "../test/test-app";
import { hashToken, SLIDING_MS } from "./sessions";

let t: TestApp;
/** A second server process on the same database. */
let other: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp();
  other = await buildApp({ env: t.env, database: t.database });
});
afterAll(async () => {
  await other.close();
  await t.close();
});

let seq = 0;
const event = () => ({ clientId: `join-${Date.now().toString(36)}-${++seq}`, category: "files", action: "trash", items: 1 });
const get = (app: FastifyInstance, user: TestUser | null, id: number | string) =>
  app.inject({ method: "GET", url: `/api/digital-data/${id}`, headers: user ? as(user) : SAME_ORIGIN });
const post = (app: FastifyInstance, user: TestUser | null, payload: object) =>
  app.inject({ method: "POST", url: "/api/cleanup-events", headers: user ? as(user) : SAME_ORIGIN, payload });
const tokenOf = (user: TestUser) => user.cookie.slice("cs_session=".length);
const eventsOf = (userId: number) => t.database.db.select().from(cleanupEvents).where(eq(cleanupEvents.userId, userId));

describe("routes that read their data with the session", () => {
  it("answer 401 without a live session, before validating params or body", async () => {
    const u = await buildUser(t.app);
    const forged = { ...u, cookie: `cs_session=${"A".repeat(43)}` };
    for (const who of [null, forged]) {
      expect((await get(t.app, who, u.id)).statusCode).toBe(401);
      expect((await get(t.app, who, "not-a-number")).statusCode).toBe(401);
      expect((await post(t.app, who, event())).statusCode).toBe(401);
      expect((await post(t.app, who, { items: "bad" })).statusCode).toBe(401);
    }
    expect(await eventsOf(u.id)).toEqual([]);
  });

  it("answer 404 for another user's id, whether it exists or not, with none of their data", async () => {
    const [a, b] = [await buildUser(t.app), await buildUser(t.app)];
    await t.app.inject({ method: "POST", url: "/api/real-data/scan", headers: as(b), payload: { userId: b.id, summary: buildSummary() } });
    const theirs = await get(t.app, a, b.id);
    const nobody = await get(t.app, a, 2_000_000_000);
    expect([theirs.statusCode, nobody.statusCode]).toEqual([404, 404]);
    expect(theirs.body).toBe(nobody.body);
    expect((await get(t.app, a, "0")).statusCode).toBe(400);
    const own = await get(t.app, a, a.id);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ userId: a.id, hasScanned: false });
    expect((await get(t.app, b, b.id)).json()).toMatchObject({ userId: b.id, hasScanned: true });
  });

  it("record the event for the session's user and read their state", async () => {
    const u = await buildUser(t.app);
    const first = await post(t.app, u, event());
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ recorded: true, goal: { completed: 1 }, streak: { currentStreak: 1 } });
    expect((await post(t.app, u, event())).json()).toMatchObject({ recorded: true, goal: { completed: 2 }, streak: { currentStreak: 1 } });
    expect(await eventsOf(u.id)).toHaveLength(2);
  });

  it("stop working at once on another process when the session is signed out", async () => {
    const u = await buildUser(t.app);
    expect((await get(other, u, u.id)).statusCode).toBe(200);
    expect((await post(other, u, event())).statusCode).toBe(200);
    expect((await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: as(u) })).statusCode).toBeLessThan(300);
    expect((await get(other, u, u.id)).statusCode).toBe(401);
    expect((await post(other, u, event())).statusCode).toBe(401);
    expect(await eventsOf(u.id)).toHaveLength(1);
  });

  it("refuse an expired session", async () => {
    const u = await buildUser(t.app);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, hashToken(tokenOf(u))));
    expect((await get(t.app, u, u.id)).statusCode).toBe(401);
    expect((await post(t.app, u, event())).statusCode).toBe(401);
  });

  it("slide the session's expiry when it was last seen over an hour ago", async () => {
    const u = await buildUser(t.app);
    const id = hashToken(tokenOf(u));
    for (const call of [() => get(t.app, u, u.id), () => post(t.app, u, event())]) {
      const twoHoursAgo = new Date(Date.now() - 2 * 3600 * 1000);
      await t.database.db
        .update(sessions)
        .set({ lastSeenAt: twoHoursAgo, expiresAt: new Date(twoHoursAgo.getTime() + SLIDING_MS) })
        .where(eq(sessions.id, id));
      const before = Date.now();
      const res = await call();
      expect(res.statusCode).toBe(200);
      expect(sessionCookie(res)).toBe(u.cookie);
      const [row] = await t.database.db.select().from(sessions).where(eq(sessions.id, id));
      expect(row!.lastSeenAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(row!.expiresAt.getTime()).toBeGreaterThanOrEqual(before + SLIDING_MS - 1000);
    }
  });
});
