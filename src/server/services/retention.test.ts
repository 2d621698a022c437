/**
 * Issue 18 #16: the retention job deletes exactly what its documented periods say, and
 * nothing younger. Rows are written with dates relative to a fixed `now`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  appliedActions,
  emailChanges,
  emailVerificationTokens,
  mailOAuthStates,
  mailOutbox,
  passwordResetTokens,
  processedWebhookEvents,
  rateLimits,
  sessions,
} from "../db/schema";
import { buildUser } from "../test/auth-helpers";
import { createTestApp, type TestApp } from "../test/test-app";
import { runRetention } from "./retention";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NOW = new Date("2030-06-15T12:00:00.000Z");
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const later = (ms: number) => new Date(NOW.getTime() + ms);
const MIN = 60_000;
const DAY = 24 * 60 * MIN;

describe("runRetention", () => {
  it("deletes what has passed its period and keeps the rest", async () => {
    const db = t.database.db;
    const u = await buildUser(t.app);
    await db.delete(sessions);
    await db.delete(mailOutbox);
    await db.delete(rateLimits);
    await db.insert(sessions).values([
      { id: "s-live", userId: u.id, expiresAt: later(DAY), absoluteExpiresAt: later(30 * DAY) },
      { id: "s-slid-out", userId: u.id, expiresAt: ago(MIN), absoluteExpiresAt: later(30 * DAY) },
      { id: "s-absolute", userId: u.id, expiresAt: later(DAY), absoluteExpiresAt: ago(MIN) },
    ]);
    await db.insert(passwordResetTokens).values([
      { tokenHash: "r-live", userId: u.id, expiresAt: later(30 * MIN) },
      { tokenHash: "r-used", userId: u.id, expiresAt: later(30 * MIN), usedAt: ago(MIN) },
      { tokenHash: "r-expired", userId: u.id, expiresAt: ago(MIN) },
    ]);
    await db.delete(emailVerificationTokens);
    await db.insert(emailVerificationTokens).values([
      { tokenHash: "v-live", userId: u.id, email: u.email, expiresAt: later(DAY) },
      { tokenHash: "v-expired", userId: u.id, email: u.email, expiresAt: ago(MIN) },
    ]);
    const change = { userId: u.id, oldEmail: "a@example.com", newEmail: "b@example.com", confirmExpiresAt: ago(6 * DAY) };
    await db.insert(emailChanges).values([
      { ...change, confirmTokenHash: "c1", revertTokenHash: "v1", revertExpiresAt: later(DAY) },
      { ...change, confirmTokenHash: "c2", revertTokenHash: "v2", revertExpiresAt: ago(MIN) },
    ]);
    const oauth = { userId: u.id, sessionId: "s-live", provider: "gmail", codeVerifier: "v", stayConnected: false };
    await db.insert(mailOAuthStates).values([
      { ...oauth, stateHash: "o-live", expiresAt: later(5 * MIN) },
      { ...oauth, stateHash: "o-expired", expiresAt: ago(MIN) },
    ]);
    const mail = { to: "x@example.com", subject: "s", text: "t" };
    await db.insert(mailOutbox).values([
      { ...mail, subject: "sent-6d", status: "sent", createdAt: ago(6 * DAY), sentAt: ago(6 * DAY) },
      { ...mail, subject: "sent-8d", status: "sent", createdAt: ago(8 * DAY), sentAt: ago(8 * DAY) },
      { ...mail, subject: "pending-6d", createdAt: ago(6 * DAY) },
      { ...mail, subject: "failed-8d", status: "failed", createdAt: ago(8 * DAY) },
    ]);
    await db.insert(appliedActions).values([
      { userId: u.id, actionId: "a-29d", collection: "cleanup-events", appliedAt: ago(29 * DAY) },
      { userId: u.id, actionId: "a-31d", collection: "cleanup-events", appliedAt: ago(31 * DAY) },
    ]);
    await db.insert(processedWebhookEvents).values([
      { id: "evt-89d", type: "x", processedAt: ago(89 * DAY) },
      { id: "evt-91d", type: "x", processedAt: ago(91 * DAY) },
    ]);
    await db.insert(rateLimits).values([
      { key: "login:ip:10.0.0.1", count: 3, resetAt: later(MIN) },
      { key: "login:ip:10.0.0.2", count: 3, resetAt: ago(MIN) },
    ]);

    const report = await runRetention(db, NOW);
    expect(report).toEqual({
      sessions: 2,
      resetTokens: 2,
      verificationTokens: 1,
      emailChanges: 1,
      mailOAuthStates: 1,
      mail: 2,
      appliedActions: 1,
      webhookEvents: 1,
      rateLimits: 1,
    });

    expect((await db.select().from(sessions)).map((r) => r.id)).toEqual(["s-live"]);
    expect((await db.select().from(passwordResetTokens)).map((r) => r.tokenHash)).toEqual(["r-live"]);
    expect((await db.select().from(emailVerificationTokens)).map((r) => r.tokenHash)).toEqual(["v-live"]);
    expect((await db.select().from(emailChanges)).map((r) => r.confirmTokenHash)).toEqual(["c1"]);
    expect((await db.select().from(mailOAuthStates)).map((r) => r.stateHash)).toEqual(["o-live"]);
    expect((await db.select().from(mailOutbox)).map((r) => r.subject).sort()).toEqual(["pending-6d", "sent-6d"]);
    expect((await db.select().from(appliedActions)).map((r) => r.actionId)).toEqual(["a-29d"]);
    expect((await db.select().from(processedWebhookEvents)).map((r) => r.id)).toEqual(["evt-89d"]);
    expect((await db.select().from(rateLimits)).map((r) => r.key)).toEqual(["login:ip:10.0.0.1"]);

    // Idempotent: a second run finds nothing more.
    expect(Object.values(await runRetention(db, NOW)).every((n) => n === 0)).toBe(true);
  });
});
