/**
 * Early-launch e-mail signup (spec §3 "Email signup payload", §5, §7 POST /api/email-signup).
 * The card checks only what the spec asks (non-empty, contains '@'); the server holds the
 * strict line below so the newsletter export never carries junk.
 */
import { z } from "zod";
import { EmailSchema } from "./auth";

export const SIGNUP_TAGS = ["app_launch_notification", "early_access"] as const;
export const SignupTagSchema = z.enum(SIGNUP_TAGS);
export type SignupTag = z.infer<typeof SignupTagSchema>;

export const MAX_SIGNUP_TAGS = 5;

/** Where the signup came from: a short slug, so the export can group by it. */
export const SignupSourceSchema = z.string().regex(/^[a-z][a-z0-9_]{0,31}$/, "Source must be a short lower-case slug");

export const EmailSignupSchema = z.strictObject({
  email: EmailSchema,
  source: SignupSourceSchema.default("landing_page"),
  tags: z
    .array(SignupTagSchema)
    .max(MAX_SIGNUP_TAGS, `At most ${MAX_SIGNUP_TAGS} tags`)
    .default([])
    .transform((tags) => [...new Set(tags)]),
});
export type EmailSignupInput = z.input<typeof EmailSignupSchema>;
export type EmailSignup = z.output<typeof EmailSignupSchema>;

export const EmailSignupResponseSchema = z.object({ ok: z.literal(true) });
