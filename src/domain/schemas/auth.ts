/**
 * Account schemas (spec §5 validation, spec §7 payloads): one schema, three consumers —
 * the Fastify route, the react-hook-form resolver and the tests.
 */
import { z } from "zod";
import { messages } from "../messages";

export const MIN_PASSWORD_LENGTH = 6;
/** Argon2 input cap: long enough for any passphrase, short enough to refuse hashing abuse. */
export const MAX_PASSWORD_LENGTH = 256;

export const EmailSchema = z
  .string({ error: messages.invalidEmail })
  .trim()
  .max(254, messages.invalidEmail)
  .pipe(z.email({ error: messages.invalidEmail }))
  .transform((e) => e.toLowerCase());

export const PasswordSchema = z
  .string({ error: messages.passwordTooShort })
  .min(MIN_PASSWORD_LENGTH, messages.passwordTooShort)
  .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters`);

/**
 * Control characters (line breaks, tabs, NUL…), Unicode line and paragraph separators and
 * bidirectional overrides: none belongs in a name, and each can make text that follows it
 * look like something else — a new line in a mail, a reversed word (issue 39 #8).
 */
const NAME_FORBIDDEN = /[\p{Cc}\p{Zl}\p{Zp}\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

export const NameSchema = z
  .string({ error: messages.nameRequired })
  .trim()
  .min(1, messages.nameRequired)
  .max(100, "Name must be at most 100 characters")
  .refine((name) => !NAME_FORBIDDEN.test(name), messages.nameControlCharacters);

/** POST /api/auth/login */
export const LoginSchema = z.strictObject({
  email: EmailSchema,
  // Login accepts any length ≥ 6 the user types; the server answers the same 401 either way.
  password: PasswordSchema,
});
export type LoginInput = z.infer<typeof LoginSchema>;

/** POST /api/users (no confirmPassword on the wire, spec §7). */
export const CreateUserSchema = z.strictObject({
  name: NameSchema,
  email: EmailSchema,
  password: PasswordSchema,
});
export type CreateUserInput = z.infer<typeof CreateUserSchema>;

/** The registration form (spec §5): confirmPassword must equal password. */
export const RegisterFormSchema = z
  .object({
    name: NameSchema,
    email: EmailSchema,
    password: PasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: messages.passwordsDontMatch,
    path: ["confirmPassword"],
  });
export type RegisterFormInput = z.input<typeof RegisterFormSchema>;

/**
 * PATCH /api/users/{id}: the name only. The sign-in address changes through the e-mail
 * change flow (current password, confirmation by the new address, undo from the old one).
 */
export const UpdateUserSchema = z.strictObject({ name: NameSchema });

/** POST /api/auth/email-change */
export const EmailChangeRequestSchema = z.strictObject({
  newEmail: EmailSchema,
  currentPassword: z.string().min(1, "Please enter your current password").max(MAX_PASSWORD_LENGTH),
});
export type EmailChangeRequest = z.input<typeof EmailChangeRequestSchema>;

/** The token of an e-mail change link (confirm from the new address, undo from the old one). */
export const EmailChangeTokenSchema = z.strictObject({
  token: z.string().regex(/^[A-Za-z0-9_-]{32,128}$/, "This link is invalid"),
});

/** GET /api/auth/email-change: the change waiting for confirmation, if any. */
export const PendingEmailChangeSchema = z.object({
  pending: z.object({ newEmail: z.string(), expiresAt: z.string() }).nullable(),
});
export type PendingEmailChange = z.infer<typeof PendingEmailChangeSchema>;

/** POST /api/auth/password */
export const ChangePasswordSchema = z.strictObject({
  currentPassword: z.string().min(1, "Please enter your current password").max(MAX_PASSWORD_LENGTH),
  newPassword: PasswordSchema,
});

/** DELETE /api/users/{id}: the password is re-entered to confirm. */
export const DeleteAccountSchema = z.strictObject({
  password: z.string().min(1, "Please enter your password").max(MAX_PASSWORD_LENGTH),
});

/** POST /api/auth/password-reset */
export const PasswordResetRequestSchema = z.strictObject({ email: EmailSchema });

/** POST /api/auth/password-reset/confirm */
export const PasswordResetConfirmSchema = z.strictObject({
  token: z.string().regex(/^[A-Za-z0-9_-]{32,128}$/, "This reset link is invalid"),
  password: PasswordSchema,
});

export const SubscriptionStatusSchema = z.enum(["free", "trial", "active", "lifetime"]);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>;

/** The user as the client reads it (spec §3 "User as read"). */
export const PublicUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  subscriptionStatus: SubscriptionStatusSchema,
  trialEndsAt: z.string().nullable(),
});
export type PublicUser = z.infer<typeof PublicUserSchema>;

/** Premium access per spec §4: active, lifetime or trial. */
export function hasPremiumAccess(status: SubscriptionStatus | undefined): boolean {
  return status === "active" || status === "lifetime" || status === "trial";
}
