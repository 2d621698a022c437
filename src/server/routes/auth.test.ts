import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../domain/messages";
import { mailOutbox, passwordResetTokens, sessions } from "../db/schema";
import { as, buildUser, GOOD_PASSWORD, sessionCookie, uniqueEmail } from "../test/auth-helpers";
import { createTestApp, SAME_ORIGIN, type TestApp } from "../test/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const inject = (method: "GET" | "POST", url: string, payload?: object, headers: Record<string, string> = SAME_ORIGIN) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const login = (email: string, password: string, headers: Record<string, string> = SAME_ORIGIN) =>
  inject("POST", "/api/auth/login", { email, password }, headers);

describe("POST /api/auth/login", () => {
  it("returns the user and a new session cookie", async () => {
    const u = await buildUser(t.app, { name: "Gil" });
    const res = await login(u.email.toUpperCase(), u.password);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: { id: u.id, email: u.email, name: "Gil" } });
    const me = await inject("GET", "/api/auth/me", undefined, { cookie: sessionCookie(res) });
    expect(me.json()).toMatchObject({ id: u.id, email: u.email, subscriptionStatus: "free" });
  });

  it("gives the same 401 for a wrong e-mail and a wrong password (no enumeration)", async () => {
    const u = await buildUser(t.app);
    const wrongPassword = await login(u.email, "not-the-password");
    const wrongEmail = await login(uniqueEmail("nobody"), "not-the-password");
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ error: messages.invalidCredentials });
    expect(wrongEmail.body).toBe(wrongPassword.body);
  });

  it("rotates the session at sign-in: the token presented before is ended (no fixation)", async () => {
    const u = await buildUser(t.app);
    const res = await login(u.email, u.password, as(u));
    const fresh = sessionCookie(res);
    expect(fresh).not.toBe(u.cookie);
    expect((await inject("GET", "/api/auth/me", undefined, { cookie: u.cookie })).statusCode).toBe(401);
    expect((await inject("GET", "/api/auth/me", undefined, { cookie: fresh })).statusCode).toBe(200);
  });

  it("never stores the token itself, only its SHA-256", async () => {
    const u = await buildUser(t.app);
    const token = u.cookie.split("=")[1]!;
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, u.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.id).not.toContain(token);
  });

  it("refuses a cross-site sign-in form post", async () => {
    const u = await buildUser(t.app);
    const res = await login(u.email, u.password, { origin: "https://evil.example", host: "localhost" });
    expect(res.statusCode).toBe(403);
  });
});

describe("sessions", () => {
  it("GET /api/auth/me is 401 without a session and with a forged cookie", async () => {
    expect((await inject("GET", "/api/auth/me")).statusCode).toBe(401);
    expect((await inject("GET", "/api/auth/me", undefined, { cookie: `cs_session=${"A".repeat(43)}` })).statusCode).toBe(401);
  });

  it("logout ends the session on the server", async () => {
    const u = await buildUser(t.app);
    const out = await inject("POST", "/api/auth/logout", undefined, as(u));
    expect(out.statusCode).toBe(204);
    expect((await inject("GET", "/api/auth/me", undefined, { cookie: u.cookie })).statusCode).toBe(401);
  });

  it("sets a Secure __Host- cookie when the public origin is https, whatever NODE_ENV says (issue 18 #13)", async () => {
    const https = await createTestApp({ NODE_ENV: "development", APP_ORIGIN: "https://app.example" });
    try {
      const headers = { origin: "https://app.example", host: "app.example" };
      const res = await https.app.inject({
        method: "POST",
        url: "/api/users",
        headers,
        payload: { name: "P", email: uniqueEmail(), password: GOOD_PASSWORD },
      });
      const set = res.cookies.find((c) => c.name === "__Host-cs_session");
      expect(set).toMatchObject({ secure: true, httpOnly: true, path: "/", sameSite: "Lax" });
      expect(set).not.toHaveProperty("domain");
      expect(res.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
      // The __Host- cookie is the one read back.
      const me = await https.app.inject({ method: "GET", url: "/api/auth/me", headers: { cookie: `__Host-cs_session=${set!.value}` } });
      expect(me.statusCode).toBe(200);
      const plain = await https.app.inject({ method: "GET", url: "/api/auth/me", headers: { cookie: `cs_session=${set!.value}` } });
      expect(plain.statusCode).toBe(401);
    } finally {
      await https.close();
    }
  });

  it("sets neither Secure nor HSTS over plain http, even with NODE_ENV=production", async () => {
    const http = await createTestApp({ NODE_ENV: "production" });
    try {
      const res = await http.app.inject({
        method: "POST",
        url: "/api/users",
        headers: SAME_ORIGIN,
        payload: { name: "P", email: uniqueEmail(), password: GOOD_PASSWORD },
      });
      expect(res.cookies.find((c) => c.name === "cs_session")?.secure).toBeFalsy();
      expect(res.headers["strict-transport-security"]).toBeUndefined();
    } finally {
      await http.close();
    }
  });
});

describe("POST /api/auth/password", () => {
  it("needs the current password, then ends the user's other sessions but not this one", async () => {
    const u = await buildUser(t.app);
    const other = sessionCookie(await login(u.email, u.password));
    const wrong = await inject("POST", "/api/auth/password", { currentPassword: "nope-nope", newPassword: "another good one" }, as(u));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().issues[0].field).toBe("currentPassword");
    const ok = await inject("POST", "/api/auth/password", { currentPassword: u.password, newPassword: "another good one" }, as(u));
    expect(ok.statusCode).toBe(204);
    expect((await inject("GET", "/api/auth/me", undefined, { cookie: other })).statusCode).toBe(401);
    expect((await inject("GET", "/api/auth/me", undefined, { cookie: u.cookie })).statusCode).toBe(200);
    expect((await login(u.email, "another good one")).statusCode).toBe(200);
  });

  it("answers 401 without a session", async () => {
    expect((await inject("POST", "/api/auth/password", { currentPassword: "x", newPassword: "yyyyyy" })).statusCode).toBe(401);
  });
});

describe("password reset", () => {
  const resetLink = async (email: string) => {
    // The reset is issued after the answer (same time for known and unknown addresses).
    await t.app.mail.idle();
    const all = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.id));
    const reset = all.find((m) => m.subject.startsWith("Reset"));
    return reset ? /token=([A-Za-z0-9_-]+)/.exec(reset.text)![1]! : undefined;
  };

  it("always answers 202 and mails a link only when the account exists", async () => {
    const nobody = uniqueEmail("ghost");
    const res = await inject("POST", "/api/auth/password-reset", { email: nobody });
    expect(res.statusCode).toBe(202);
    expect(await resetLink(nobody)).toBeUndefined();
    const u = await buildUser(t.app);
    expect((await inject("POST", "/api/auth/password-reset", { email: u.email })).statusCode).toBe(202);
    const token = await resetLink(u.email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await t.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, u.id));
    expect(rows[0]!.tokenHash).not.toBe(token);
    expect(rows[0]!.expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
  });

  it("sets the new password once, ends every session, and refuses the token a second time", async () => {
    const u = await buildUser(t.app);
    await inject("POST", "/api/auth/password-reset", { email: u.email });
    const token = (await resetLink(u.email))!;
    const ok = await inject("POST", "/api/auth/password-reset/confirm", { token, password: "brand new secret" });
    expect(ok.statusCode).toBe(204);
    expect((await inject("GET", "/api/auth/me", undefined, { cookie: u.cookie })).statusCode).toBe(401);
    expect((await login(u.email, "brand new secret")).statusCode).toBe(200);
    const again = await inject("POST", "/api/auth/password-reset/confirm", { token, password: "another secret!" });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe("This reset link is invalid or has expired");
  });

  it("refuses an expired token", async () => {
    const u = await buildUser(t.app);
    await inject("POST", "/api/auth/password-reset", { email: u.email });
    const token = (await resetLink(u.email))!;
    await t.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, u.id));
    expect((await inject("POST", "/api/auth/password-reset/confirm", { token, password: "brand new secret" })).statusCode).toBe(400);
  });
});
