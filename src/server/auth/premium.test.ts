import cookie from "@fastify/cookie";
import { eq } from "drizzle-orm";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../db/schema";
import { registerErrorHandling } from "../plugins/errors";
import { as, buildUser } from "../test/auth-helpers";
import { createTestApp, type TestApp } from "../test/test-app";
import { registerSessionLookup } from "./guard";
import { PREMIUM_REQUIRED, requirePremium } from "./premium";

const DAY_MS = 24 * 3600 * 1000;

let t: TestApp;
/** A tiny app sharing the test database, with one Pro-only route, the way feature routes use it. */
let pro: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp();
  pro = Fastify();
  pro.decorate("db", t.database.db);
  pro.decorate("env", t.env);
  pro.decorate("sessionCookie", t.app.sessionCookie);
  registerErrorHandling(pro);
  await pro.register(cookie);
  registerSessionLookup(pro);
  pro.get("/api/pro-only", { config: { auth: true } }, async (request) => {
    await requirePremium(pro, request);
    return { ok: true };
  });
  await pro.ready();
});
afterAll(async () => {
  await pro.close();
  await t.close();
});

const setStatus = (id: number, values: Partial<typeof users.$inferInsert>) =>
  t.database.db.update(users).set(values).where(eq(users.id, id));
const call = (headers: Record<string, string> = {}) => pro.inject({ method: "GET", url: "/api/pro-only", headers });

describe("requirePremium", () => {
  it("answers 401 without a session", async () => {
    expect((await call()).statusCode).toBe(401);
  });

  it("refuses a free user with 403 'This feature needs CleanSpace Pro'", async () => {
    const u = await buildUser(t.app);
    const res = await call(as(u));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: PREMIUM_REQUIRED });
    expect(PREMIUM_REQUIRED).toBe("This feature needs CleanSpace Pro");
  });

  it.each([
    ["trial", { subscriptionStatus: "trial", trialEndsAt: new Date(Date.now() + DAY_MS) }],
    ["active", { subscriptionStatus: "active" }],
    ["active, past due within the 7-day grace", { subscriptionStatus: "active", pastDueSince: new Date(Date.now() - 6 * DAY_MS) }],
    ["lifetime", { subscriptionStatus: "lifetime" }],
  ])("lets a %s user through", async (_label, values) => {
    const u = await buildUser(t.app);
    await setStatus(u.id, values);
    const res = await call(as(u));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });

  it.each([
    ["an ended trial", { subscriptionStatus: "trial", trialEndsAt: new Date(Date.now() - 1000) }],
    ["a trial without an end date", { subscriptionStatus: "trial", trialEndsAt: null }],
    ["past due for more than 7 days", { subscriptionStatus: "active", pastDueSince: new Date(Date.now() - 8 * DAY_MS) }],
    ["an unknown stored status", { subscriptionStatus: "premium" }],
  ])("refuses %s with 403", async (_label, values) => {
    const u = await buildUser(t.app);
    await setStatus(u.id, values);
    expect((await call(as(u))).statusCode).toBe(403);
  });

  it("reads the status at each call: access ends the moment the trial does", async () => {
    const u = await buildUser(t.app);
    await setStatus(u.id, { subscriptionStatus: "trial", trialEndsAt: new Date(Date.now() + DAY_MS) });
    expect((await call(as(u))).statusCode).toBe(200);
    await setStatus(u.id, { trialEndsAt: new Date(Date.now() - 1) });
    expect((await call(as(u))).statusCode).toBe(403);
  });
});
