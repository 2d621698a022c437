/**
 * Issue 18 #3: changing the sign-in address needs the current password, tells the old
 * address (with a way back), takes effect only once the new address confirms, and signs
 * other devices out.
 */
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailChanges, mailOutbox, sessions, users } from "../db/schema";
import { as, buildUser, GOOD_PASSWORD, sessionCookie, uniqueEmail, type TestUser } from "../test/auth-helpers";
import { createTestApp, SAME_ORIGIN, type TestApp } from "../test/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PORT: "5211" });
});
afterAll(() => t.close());

const post = (url: string, payload: object, headers: Record<string, string> = SAME_ORIGIN) =>
  t.app.inject({ method: "POST", url, headers, payload });
const emailOf = async (id: number) => (await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0]!.email;

async function linkIn(to: string, action: "confirm" | "undo"): Promise<string> {
  await t.app.mail.idle();
  const rows = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id));
  for (const row of rows) {
    const match = new RegExp(`(http://localhost:5211/email-change\\?action=${action}&token=)([A-Za-z0-9_-]{43})`).exec(row.text);
    if (match) return match[2]!;
  }
  throw new Error(`no ${action} link mailed to ${to}`);
}

async function start(user: TestUser, newEmail: string) {
  return post("/api/auth/email-change", { newEmail, currentPassword: user.password }, as(user));
}

describe("POST /api/auth/email-change", () => {
  it("needs the current password and changes nothing yet", async () => {
    const u = await buildUser(t.app);
    const target = uniqueEmail("new");
    const wrong = await post("/api/auth/email-change", { newEmail: target, currentPassword: "not-my-password" }, as(u));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().issues).toEqual([{ field: "currentPassword", message: "Your current password is incorrect" }]);
    const missing = await post("/api/auth/email-change", { newEmail: target }, as(u));
    expect(missing.statusCode).toBe(400);

    const ok = await start(u, target.toUpperCase());
    expect(ok.statusCode).toBe(202);
    expect(ok.json()).toMatchObject({ pending: { newEmail: target } });
    expect(await emailOf(u.id)).toBe(u.email);
    const pending = await t.app.inject({ method: "GET", url: "/api/auth/email-change", headers: as(u) });
    expect(pending.json()).toMatchObject({ pending: { newEmail: target } });
    // The old address is told at once, with a way back; the new one gets the confirmation.
    expect(await linkIn(u.email, "undo")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await linkIn(target, "confirm")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only hashes at rest.
    const [row] = await t.database.db.select().from(emailChanges).where(eq(emailChanges.userId, u.id));
    expect(row!.confirmTokenHash).not.toBe(await linkIn(target, "confirm"));
  });

  it("refuses the current address and one in use, naming the field", async () => {
    const [a, b] = [await buildUser(t.app), await buildUser(t.app)];
    expect((await start(a, a.email)).json().issues[0].field).toBe("newEmail");
    const taken = await start(a, b.email);
    expect(taken.statusCode).toBe(400);
    expect(taken.json().issues[0].field).toBe("newEmail");
  });

  it("answers 401 without a session and 403 cross-site", async () => {
    const u = await buildUser(t.app);
    expect((await post("/api/auth/email-change", { newEmail: uniqueEmail(), currentPassword: u.password })).statusCode).toBe(401);
    const forged = await post(
      "/api/auth/email-change",
      { newEmail: uniqueEmail(), currentPassword: u.password },
      { ...as(u), origin: "https://evil.example" },
    );
    expect(forged.statusCode).toBe(403);
  });
});

describe("confirming from the new address", () => {
  it("changes the address, marks it verified, and signs other devices out (this one stays)", async () => {
    const u = await buildUser(t.app);
    const other = sessionCookie(await post("/api/auth/login", { email: u.email, password: GOOD_PASSWORD }));
    const target = uniqueEmail("confirmed");
    await start(u, target);
    const res = await post("/api/auth/email-change/confirm", { token: await linkIn(target, "confirm") }, as(u));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: target });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, u.id));
    expect(row).toMatchObject({ email: target });
    expect(row!.emailVerifiedAt).toBeInstanceOf(Date);
    expect((await t.app.inject({ method: "GET", url: "/api/auth/me", headers: { cookie: other } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/api/auth/me", headers: { cookie: u.cookie } })).statusCode).toBe(200);
    // Sign-in now uses the new address; the link works once.
    expect((await post("/api/auth/login", { email: target, password: GOOD_PASSWORD })).statusCode).toBe(200);
    expect((await post("/api/auth/email-change/confirm", { token: await linkIn(target, "confirm") })).statusCode).toBe(400);
  });

  it("refuses an expired link and leaves the address", async () => {
    const u = await buildUser(t.app);
    const target = uniqueEmail("late");
    await start(u, target);
    await t.database.db
      .update(emailChanges)
      .set({ confirmExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChanges.userId, u.id));
    expect((await post("/api/auth/email-change/confirm", { token: await linkIn(target, "confirm") })).statusCode).toBe(400);
    expect(await emailOf(u.id)).toBe(u.email);
  });
});

describe("undoing from the old address", () => {
  it("restores the old address after a confirmed change, signs every device out and mails a reset link", async () => {
    const u = await buildUser(t.app);
    const target = uniqueEmail("hijack");
    await start(u, target);
    await post("/api/auth/email-change/confirm", { token: await linkIn(target, "confirm") });
    expect(await emailOf(u.id)).toBe(target);
    const res = await post("/api/auth/email-change/undo", { token: await linkIn(u.email, "undo") });
    expect(res.statusCode).toBe(200);
    expect(await emailOf(u.id)).toBe(u.email);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, u.id))).toEqual([]);
    await t.app.mail.idle();
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, u.email));
    expect(mails.some((m) => m.text.includes("http://localhost:5211/reset-password?token="))).toBe(true);
    expect((await post("/api/auth/email-change/undo", { token: await linkIn(u.email, "undo") })).statusCode).toBe(400);
  });

  it("cancels a change still waiting: its confirmation link no longer works", async () => {
    const u = await buildUser(t.app);
    const target = uniqueEmail("cancelled");
    await start(u, target);
    expect((await post("/api/auth/email-change/undo", { token: await linkIn(u.email, "undo") })).statusCode).toBe(200);
    expect((await post("/api/auth/email-change/confirm", { token: await linkIn(target, "confirm") })).statusCode).toBe(400);
    expect(await emailOf(u.id)).toBe(u.email);
  });
});

/** The token of the newest reset link mailed to `to`. */
async function resetLinkIn(to: string): Promise<string> {
  await t.app.mail.idle();
  const rows = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id));
  for (const row of rows) {
    const token = /\/reset-password\?token=([\w-]{43})/.exec(row.text)?.[1];
    if (token) return token;
  }
  throw new Error(`no reset link mailed to ${to}`);
}

describe("a password change or reset ends a pending address change (issue 39 #4)", () => {
  it("after the password is changed in Settings, the earlier change can no longer be confirmed", async () => {
    const u = await buildUser(t.app);
    const target = uniqueEmail("pending");
    expect((await start(u, target)).statusCode).toBe(202);
    const confirm = await linkIn(target, "confirm");
    const changed = await post("/api/auth/password", { currentPassword: u.password, newPassword: "a fresh long passphrase" }, as(u));
    expect(changed.statusCode).toBe(204);
    const res = await post("/api/auth/email-change/confirm", { token: confirm });
    expect(res.statusCode).toBe(400);
    expect(await emailOf(u.id)).toBe(u.email);
    expect((await t.app.inject({ method: "GET", url: "/api/auth/email-change", headers: as(u) })).json()).toEqual({ pending: null });
  });

  it("after a password reset, the earlier change can no longer be confirmed", async () => {
    const u = await buildUser(t.app);
    const target = uniqueEmail("pending");
    expect((await start(u, target)).statusCode).toBe(202);
    const confirm = await linkIn(target, "confirm");
    expect((await post("/api/auth/password-reset", { email: u.email })).statusCode).toBe(202);
    const reset = await post("/api/auth/password-reset/confirm", {
      token: await resetLinkIn(u.email),
      password: "a fresh long passphrase",
    });
    expect(reset.statusCode).toBe(204);
    expect((await post("/api/auth/email-change/confirm", { token: confirm })).statusCode).toBe(400);
    expect(await emailOf(u.id)).toBe(u.email);
  });

  it("a confirmed change keeps its undo link after a password change (it belongs to the old address)", async () => {
    const u = await buildUser(t.app);
    const target = uniqueEmail("moved");
    await start(u, target);
    expect((await post("/api/auth/email-change/confirm", { token: await linkIn(target, "confirm") })).statusCode).toBe(200);
    const undo = await linkIn(u.email, "undo");
    const fresh = await post("/api/auth/login", { email: target, password: u.password });
    const changed = await post(
      "/api/auth/password",
      { currentPassword: u.password, newPassword: "a fresh long passphrase" },
      { ...SAME_ORIGIN, cookie: sessionCookie(fresh) },
    );
    expect(changed.statusCode).toBe(204);
    expect((await post("/api/auth/email-change/undo", { token: undo })).statusCode).toBe(200);
    expect(await emailOf(u.id)).toBe(u.email);
  });
});

describe("a confirmed address change voids reset links mailed to the old address (issue 39 #7)", () => {
  it("the old address's reset link no longer works once the new address confirms", async () => {
    const u = await buildUser(t.app);
    expect((await post("/api/auth/password-reset", { email: u.email })).statusCode).toBe(202);
    const oldLink = await resetLinkIn(u.email);
    const target = uniqueEmail("moved");
    await start(u, target);
    expect((await post("/api/auth/email-change/confirm", { token: await linkIn(target, "confirm") })).statusCode).toBe(200);
    const res = await post("/api/auth/password-reset/confirm", { token: oldLink, password: "an attacker's new passphrase" });
    expect(res.statusCode).toBe(400);
    expect((await post("/api/auth/login", { email: target, password: u.password })).statusCode).toBe(200);
  });
});
