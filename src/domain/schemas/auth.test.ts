import { describe, expect, it } from "vitest";
import { messages } from "../messages";
import { CreateUserSchema, EmailChangeRequestSchema, hasPremiumAccess, LoginSchema, RegisterFormSchema, UpdateUserSchema } from "./auth";

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe("auth schemas (spec §5)", () => {
  it("rejects an invalid e-mail with the spec message", () => {
    expect(firstMessage(LoginSchema.safeParse({ email: "nope", password: "secret1" }))).toBe(messages.invalidEmail);
  });
  it("requires at least 6 password characters", () => {
    expect(firstMessage(LoginSchema.safeParse({ email: "a@b.co", password: "12345" }))).toBe(messages.passwordTooShort);
    expect(LoginSchema.safeParse({ email: "a@b.co", password: "123456" }).success).toBe(true);
  });
  it("lower-cases and trims the e-mail", () => {
    expect(LoginSchema.parse({ email: "  Ann@Example.COM ", password: "secret1" }).email).toBe("ann@example.com");
  });
  it("puts 'Passwords don't match' on confirmPassword", () => {
    const r = RegisterFormSchema.safeParse({ name: "Ann", email: "a@b.co", password: "secret1", confirmPassword: "secret2" });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({ path: ["confirmPassword"], message: messages.passwordsDontMatch });
  });
  it("refuses unknown fields on the wire", () => {
    expect(CreateUserSchema.safeParse({ name: "A", email: "a@b.co", password: "secret1", confirmPassword: "x" }).success).toBe(false);
  });
  it("gives premium access to active, lifetime and trial only", () => {
    expect(["free", "trial", "active", "lifetime"].map((s) => hasPremiumAccess(s as never))).toEqual([false, true, true, true]);
    expect(hasPremiumAccess(undefined)).toBe(false);
  });
  it("accepts long passphrases of any composition (ASVS 6.2.5, 6.2.9)", () => {
    const passphrase = "ü 🔑 correct horse battery staple — ".repeat(6).slice(0, 200);
    expect(CreateUserSchema.safeParse({ name: "A", email: "a@b.co", password: passphrase }).success).toBe(true);
  });
  it("changes the sign-in address only through the e-mail change flow (issue 18 #3)", () => {
    expect(UpdateUserSchema.safeParse({ name: "A", email: "b@c.co" }).success).toBe(false);
    expect(EmailChangeRequestSchema.safeParse({ newEmail: "B@C.co" }).success).toBe(false);
    expect(EmailChangeRequestSchema.parse({ newEmail: " B@C.co ", currentPassword: "x" }).newEmail).toBe("b@c.co");
  });
});
