import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../domain/messages";
import { mailOutbox, sessions, users } from "../db/schema";
import { as, buildUser, GOOD_PASSWORD, uniqueEmail } from "../test/auth-helpers";
import { createTestApp, SAME_ORIGIN, type TestApp } from "../test/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = SAME_ORIGIN) =>
  t.app.inject({ method: "POST", url, headers, payload: payload as object });

describe("POST /api/users", () => {
  it("creates the account, signs the user in and queues a welcome mail", async () => {
    const email = uniqueEmail("new");
    const res = await post("/api/users", { name: "Ann", email: email.toUpperCase(), password: GOOD_PASSWORD });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number), name: "Ann", email });
    const cookie = res.cookies.find((c) => c.name === "cs_session")!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(cookie.secure).toBeFalsy();
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row!.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const mail = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(mail.map((m) => m.subject)).toEqual(["Welcome to CleanSpace"]);
  });

  it("treats e-mail case-insensitively: a second account with the same address is a 409", async () => {
    const email = uniqueEmail("dupe");
    await buildUser(t.app, { email });
    const res = await post("/api/users", { name: "B", email: email.toUpperCase(), password: GOOD_PASSWORD });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: messages.emailTaken });
  });

  it("refuses one of the 10,000 most common passwords, naming the field", async () => {
    const res = await post("/api/users", { name: "C", email: uniqueEmail(), password: "iloveyou" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: messages.passwordTooCommon, issues: [{ field: "password", message: messages.passwordTooCommon }] });
  });

  it.each([
    [{ name: "D", email: "not-an-email", password: GOOD_PASSWORD }, "email", messages.invalidEmail],
    [{ name: "D", email: "d@example.com", password: "12345" }, "password", messages.passwordTooShort],
    [{ name: "", email: "d@example.com", password: GOOD_PASSWORD }, "name", messages.nameRequired],
    [{ name: "D", email: "d@example.com", password: GOOD_PASSWORD, admin: true }, "", "Unrecognized key"],
    [{ name: 5, email: "d@example.com", password: GOOD_PASSWORD }, "name", ""],
  ])("answers bad input %j with a 400 naming the field", async (payload, field, message) => {
    const res = await post("/api/users", payload);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error).toEqual(expect.any(String));
    if (field) expect(body.issues[0].field).toBe(field);
    if (message) expect(JSON.stringify(body)).toContain(message);
  });

  it("refuses a cross-site registration with 403", async () => {
    const res = await post(
      "/api/users",
      { name: "E", email: uniqueEmail(), password: GOOD_PASSWORD },
      { origin: "https://evil.example", host: "localhost:80" },
    );
    expect(res.statusCode).toBe(403);
  });
});

describe("GET/PATCH /api/users/{id}", () => {
  it("returns the signed-in user's profile without secrets", async () => {
    const u = await buildUser(t.app, { name: "Fay" });
    const res = await t.app.inject({ method: "GET", url: `/api/users/${u.id}`, headers: as(u) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: u.id, name: "Fay", email: u.email, subscriptionStatus: "free", trialEndsAt: null });
    expect(res.body).not.toContain("argon2");
  });

  it("answers 401 without a session and 404 for another user's id", async () => {
    const [a, b] = [await buildUser(t.app), await buildUser(t.app)];
    expect((await t.app.inject({ method: "GET", url: `/api/users/${a.id}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: `/api/users/${b.id}`, headers: as(a) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: `/api/users/999999`, headers: as(a) })).statusCode).toBe(404);
    const patch = await t.app.inject({ method: "PATCH", url: `/api/users/${b.id}`, headers: as(a), payload: { name: "Hacked" } });
    expect(patch.statusCode).toBe(404);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, b.id));
    expect(row!.name).toBe("Test User");
  });

  it("changes the name, but never the sign-in address (that needs the password and both mailboxes, issue 18 #3)", async () => {
    const a = await buildUser(t.app);
    const res = await t.app.inject({ method: "PATCH", url: `/api/users/${a.id}`, headers: as(a), payload: { name: "New Name" } });
    expect(res.json().name).toBe("New Name");
    const sneaky = await t.app.inject({
      method: "PATCH",
      url: `/api/users/${a.id}`,
      headers: as(a),
      payload: { name: "New Name", email: uniqueEmail("takeover") },
    });
    expect(sneaky.statusCode).toBe(400);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, a.id));
    expect(row!.email).toBe(a.email);
    const empty = await t.app.inject({ method: "PATCH", url: `/api/users/${a.id}`, headers: as(a), payload: {} });
    expect(empty.statusCode).toBe(400);
  });
});

describe("DELETE /api/users/{id}", () => {
  it("needs the password again, then deletes the account and everything it owns", async () => {
    const u = await buildUser(t.app);
    const wrong = await t.app.inject({
      method: "DELETE",
      url: `/api/users/${u.id}`,
      headers: as(u),
      payload: { password: "wrong-password" },
    });
    expect(wrong.statusCode).toBe(403);
    const res = await t.app.inject({ method: "DELETE", url: `/api/users/${u.id}`, headers: as(u), payload: { password: u.password } });
    expect(res.statusCode).toBe(204);
    expect(await t.database.db.select().from(users).where(eq(users.id, u.id))).toEqual([]);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, u.id))).toEqual([]);
    expect((await t.app.inject({ method: "GET", url: "/api/auth/me", headers: as(u) })).statusCode).toBe(401);
  });

  it("cannot delete another user's account", async () => {
    const [a, b] = [await buildUser(t.app), await buildUser(t.app)];
    const res = await t.app.inject({ method: "DELETE", url: `/api/users/${b.id}`, headers: as(a), payload: { password: a.password } });
    expect(res.statusCode).toBe(404);
    expect(await t.database.db.select().from(users).where(eq(users.id, b.id))).toHaveLength(1);
  });
});
