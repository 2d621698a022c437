/**
 * Issue 39 #8: a display name could carry line breaks into mail sent to anyone ("Your
 * account is on hold. Confirm now at https://…" in a welcome mail to a stranger). Names
 * refuse control characters, and no template puts a name where it reads as ours.
 */
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../domain/messages";
import { NameSchema } from "../../domain/schemas/auth";
import { mailOutbox } from "../db/schema";
import { as, buildUser, GOOD_PASSWORD, uniqueEmail } from "../test/auth-helpers";
import { createTestApp, SAME_ORIGIN, type TestApp } from "../test/test-app";
import * as templates from "./mail-templates";

const PHISH = "Sam. Your account is on hold. Confirm now at https://evil.example/login";

describe("names carry no control characters (issue 39 #8)", () => {
  it.each([
    ["a line feed", "Sam\nYour account is on hold"],
    ["a carriage return", "Sam\r\nConfirm now"],
    ["a tab", "Sam\tx"],
    ["NUL", "Sam\u0000"],
    ["a C1 control (NEL)", "Sam\u0085Confirm"],
    ["a Unicode line separator", "Sam\u2028Confirm"],
    ["a paragraph separator", "Sam\u2029Confirm"],
    ["a right-to-left override", "Sam\u202Emoc.live"],
    ["a bidi isolate", "Sam\u2066x\u2069"],
  ])("refuses %s", (_what, name) => {
    const parsed = NameSchema.safeParse(name);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(messages.nameControlCharacters);
  });

  it.each(["Zoë Ångström", "李小龍", "Jean-Luc O'Neil", "Ana María de la Cruz"])("accepts %j", (name) => {
    expect(NameSchema.parse(name)).toBe(name);
  });
});

describe("no template puts a user's name in the mail", () => {
  const user = { name: PHISH, email: "stranger@example.com" };
  const link = "http://localhost/x?token=abc";
  const all = [
    templates.welcomeMail(user, link),
    templates.verifyEmailMail(user, link),
    templates.paymentFailedMail(user, link, new Date()),
    templates.trialEndingMail(user, link, new Date()),
    templates.passwordResetMail(user.email, link),
    templates.passwordChangedMail(user.email),
    templates.emailChangeConfirmMail(user.email, link),
    templates.emailChangeNoticeMail(user.email, "new@example.com", link),
  ];
  it.each(all.map((m) => [m.subject, m]))("%s", (_subject, mail) => {
    expect(mail.text).not.toContain("Your account is on hold");
    expect(mail.subject).not.toContain("Sam");
    expect(mail.text).not.toContain("evil.example");
  });
});

describe("through the routes", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const mailTo = async (to: string) => {
    await t.app.mail.idle();
    return t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id));
  };

  it("registration refuses a name with a line break, naming the field; nothing is mailed", async () => {
    const email = uniqueEmail("stranger");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/users",
      headers: SAME_ORIGIN,
      payload: { name: "Sam\nYour account is on hold. Confirm now at https://evil.example", email, password: GOOD_PASSWORD },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ field: "name", message: messages.nameControlCharacters }]);
    expect(await mailTo(email)).toEqual([]);
  });

  it("a one-line name that reads like a notice is kept out of the welcome mail to the (stranger's) address", async () => {
    const u = await buildUser(t.app, { name: PHISH });
    const [welcome] = await mailTo(u.email);
    expect(welcome!.text).toMatch(/^Hello,/);
    expect(welcome!.text).not.toContain("on hold");
  });

  it("a profile edit refuses a name with control characters", async () => {
    const u = await buildUser(t.app);
    const res = await t.app.inject({ method: "PATCH", url: `/api/users/${u.id}`, headers: as(u), payload: { name: "Sam\u2028Confirm" } });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ field: "name", message: messages.nameControlCharacters }]);
  });
});
