/**
 * Issue 39 #6 at every place a password is chosen: registration, the Settings change and the
 * reset link. Each refuses breached-list and pattern passwords and the person's context
 * words, names the field with a message that helps, and changes nothing.
 */
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../domain/messages";
import { mailOutbox } from "../db/schema";
import { as, buildUser, uniqueEmail } from "../test/auth-helpers";
import { createTestApp, SAME_ORIGIN, type TestApp } from "../test/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: object, headers: Record<string, string> = SAME_ORIGIN) =>
  t.app.inject({ method: "POST", url, headers, payload });

async function resetToken(email: string): Promise<string> {
  expect((await post("/api/auth/password-reset", { email })).statusCode).toBe(202);
  await t.app.mail.idle();
  const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.id)).limit(1);
  return /token=([\w-]{43})/.exec(row!.text)![1]!;
}

describe("weak passwords are refused wherever a password is chosen (issue 39 #6)", () => {
  it.each(["aaaaaa", "abcdef", "cleanspace", "CleanSpace1", "Password123!", "Qwerty123!"])("registration refuses %j", async (password) => {
    const res = await post("/api/users", { name: "Rae Quill", email: uniqueEmail("weak"), password });
    expect(res.statusCode).toBe(400);
    const [issue] = res.json().issues;
    expect(issue.field).toBe("password");
    expect([messages.passwordTooCommon, messages.passwordPersonal]).toContain(issue.message);
  });

  it("registration refuses the person's own name and address, saying why", async () => {
    for (const password of ["RaeQuill2024", "quill.rae!", "raequill"]) {
      const res = await post("/api/users", { name: "Rae Quill", email: "quill.rae@example.net", password });
      expect(res.json()).toEqual({ error: messages.passwordPersonal, issues: [{ field: "password", message: messages.passwordPersonal }] });
    }
    // The same password is fine for someone else.
    expect((await post("/api/users", { name: "Sol Park", email: uniqueEmail("sol"), password: "RaeQuill2024" })).statusCode).toBe(201);
  });

  it("the Settings password change refuses them, naming newPassword, and keeps the old password", async () => {
    const u = await buildUser(t.app, { name: "Mina Oduya" });
    for (const [newPassword, message] of [
      ["Qwerty123!", messages.passwordTooCommon],
      ["MinaOduya1", messages.passwordPersonal],
    ] as const) {
      const res = await post("/api/auth/password", { currentPassword: u.password, newPassword }, as(u));
      expect(res.statusCode).toBe(400);
      expect(res.json().issues).toEqual([{ field: "newPassword", message }]);
    }
    expect((await post("/api/auth/login", { email: u.email, password: u.password })).statusCode).toBe(200);
  });

  it("the reset link refuses them before it is used up: the same link then takes a good password", async () => {
    const u = await buildUser(t.app, { name: "Ode Lumen" });
    const token = await resetToken(u.email);
    for (const [password, message] of [
      ["Password123!", messages.passwordTooCommon],
      ["OdeLumen!", messages.passwordPersonal],
    ] as const) {
      const res = await post("/api/auth/password-reset/confirm", { token, password });
      expect(res.statusCode).toBe(400);
      expect(res.json().issues).toEqual([{ field: "password", message }]);
    }
    expect((await post("/api/auth/password-reset/confirm", { token, password: "violet lantern orbit" })).statusCode).toBe(204);
    expect((await post("/api/auth/login", { email: u.email, password: "violet lantern orbit" })).statusCode).toBe(200);
  });

  it("the spec's length rule still speaks first (spec §5)", async () => {
    const res = await post("/api/users", { name: "Len Short", email: uniqueEmail("short"), password: "abc" });
    expect(res.json().issues).toEqual([{ field: "password", message: messages.passwordTooShort }]);
  });
});
