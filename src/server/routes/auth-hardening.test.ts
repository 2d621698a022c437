/**
 * Issue 18 #5, #11, #15 on the auth routes: the reset answer does no account-dependent work;
 * every outstanding reset token dies when the password changes; signed-in answers are not
 * cached; the logs hold no query string and no database parameters.
 */
import { Writable } from "node:stream";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, passwordResetTokens } from "../db/schema";
import { as, buildUser, GOOD_PASSWORD, uniqueEmail } from "../test/auth-helpers";
import { createTestApp, SAME_ORIGIN, type TestApp } from "../test/test-app";
import { safeError, safeRequest } from "../plugins/safe-logging";
import { buildApp } from "../app";
import { openTestDatabase } from "../test/test-database";
import { loadEnv } from "../env";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: object, headers: Record<string, string> = SAME_ORIGIN) =>
  t.app.inject({ method: "POST", url, headers, payload });

async function tokensOf(email: string): Promise<string[]> {
  await t.app.mail.idle();
  const rows = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.id));
  return rows.filter((m) => m.subject.startsWith("Reset")).map((m) => /token=([A-Za-z0-9_-]+)/.exec(m.text)![1]!);
}

describe("POST /api/auth/password-reset answers before any account-dependent work (issue 18 #5)", () => {
  it("known and unknown addresses get the same answer, with the lookup, token and mail deferred", async () => {
    const u = await buildUser(t.app);
    const deferred: (() => Promise<void>)[] = [];
    const original = t.app.mail.later;
    t.app.mail.later = (task) => void deferred.push(task);
    try {
      const known = await post("/api/auth/password-reset", { email: u.email });
      const unknown = await post("/api/auth/password-reset", { email: uniqueEmail("ghost") });
      expect([known.statusCode, unknown.statusCode]).toEqual([202, 202]);
      expect(known.body).toBe(unknown.body);
      // Both requests did the same thing before answering: scheduled one task, wrote no token.
      expect(deferred).toHaveLength(2);
      expect(await t.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, u.id))).toEqual([]);
      for (const task of deferred) await task();
      expect(await t.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, u.id))).toHaveLength(1);
    } finally {
      t.app.mail.later = original;
    }
  });
});

describe("reset tokens die with the password (issue 18 #11)", () => {
  it("a reset voids every other outstanding reset token of the user", async () => {
    const u = await buildUser(t.app);
    await post("/api/auth/password-reset", { email: u.email });
    await post("/api/auth/password-reset", { email: u.email });
    const [newest, older] = await tokensOf(u.email);
    expect((await post("/api/auth/password-reset/confirm", { token: newest!, password: "brand new secret" })).statusCode).toBe(204);
    const reuse = await post("/api/auth/password-reset/confirm", { token: older!, password: "attacker secret" });
    expect(reuse.statusCode).toBe(400);
    expect(await t.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, u.id))).toEqual([]);
  });

  it("a password change in Settings voids every outstanding reset token", async () => {
    const u = await buildUser(t.app);
    await post("/api/auth/password-reset", { email: u.email });
    const [token] = await tokensOf(u.email);
    const changed = await post("/api/auth/password", { currentPassword: GOOD_PASSWORD, newPassword: "another good secret" }, as(u));
    expect(changed.statusCode).toBe(204);
    expect((await post("/api/auth/password-reset/confirm", { token: token!, password: "attacker secret" })).statusCode).toBe(400);
  });
});

describe("signed-in answers are never cached (issue 18 #15)", () => {
  it("every /api answer carries Cache-Control: no-store, signed in or not, errors included", async () => {
    const u = await buildUser(t.app);
    for (const url of [
      "/api/auth/me",
      `/api/users/${u.id}`,
      "/api/settings",
      `/api/digital-data/${u.id}`,
      `/api/streaks/${u.id}`,
      "/api/nope",
      "/api/health",
    ]) {
      const res = await t.app.inject({ method: "GET", url, headers: as(u) });
      expect(res.headers["cache-control"], `${url} → ${res.statusCode}`).toMatch(/no-store/);
    }
    const anonymous = await t.app.inject({ method: "GET", url: "/api/auth/me" });
    expect(anonymous.headers["cache-control"]).toBe("no-store");
  });
});

describe("the logs hold no secrets (issue 18 #11, #17)", () => {
  it("logs request paths without their query string", () => {
    expect(safeRequest({ method: "GET", url: "/reset-password?token=abc123", ip: "10.0.0.1" })).toEqual({
      method: "GET",
      url: "/reset-password",
      remoteAddress: "10.0.0.1",
    });
  });

  it("logs a database error's SQL without its parameters or row details", () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_unique"'), {
      code: "23505",
      detail: "Key (email)=(ann@example.com) already exists.",
    });
    const err = Object.assign(
      new Error(
        'Failed query: insert into "users" ("email", "password") values ($1, $2)\nparams: ann@example.com,$argon2id$v=19$secret-hash',
      ),
      { cause },
    );
    const logged = JSON.stringify(safeError(err));
    expect(logged).toContain("Failed query: insert into");
    expect(logged).toContain("23505");
    expect(logged).not.toMatch(/ann@example\.com|argon2id|secret-hash|params/);
  });

  it("a real failing query in a request logs no parameter (end to end through the app's logger)", async () => {
    const lines: string[] = [];
    const stream = new Writable({ write: (chunk: Buffer, _enc, done) => (lines.push(chunk.toString()), done()) });
    const database = await openTestDatabase();
    const app = await buildApp({ env: loadEnv({ LOG_LEVEL: "info" }), database, logger: { level: "info", stream } as never });
    try {
      const u = await buildUser(app, { email: uniqueEmail("logged") });
      // Break the table under the route, so its query fails with our values as parameters.
      await database.db.execute("alter table users rename column name to name_gone" as never);
      const res = await app.inject({
        method: "PATCH",
        url: `/api/users/${u.id}?token=secret-query-value`,
        headers: as(u),
        payload: { name: "Secret Name Value" },
      });
      expect(res.statusCode).toBe(500);
      const text = lines.join("");
      expect(text).toContain("unhandled error");
      expect(text).toContain("Failed query");
      expect(text).not.toContain("secret-query-value");
      expect(text).not.toContain("Secret Name Value");
      expect(text).not.toMatch(/params:/);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
