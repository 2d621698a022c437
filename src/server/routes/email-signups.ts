/**
 * POST /api/email-signup (spec §7): the early-launch list. An address already on the list
 * answers exactly like a new one, so the endpoint cannot be used to probe who signed up.
 */
import type {} from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { PRODUCT_NAME } from "../../domain/brand";
import { EmailSignupResponseSchema, EmailSignupSchema } from "../../domain/schemas/email-signup";
import { emailSignups } from "../db/schema";

/** Cheap to abuse (and it sends mail), so it is limited per client address. */
export const EMAIL_SIGNUP_RATE_LIMIT = { max: 5, timeWindow: "1 minute" } as const;

interface MailSender {
  send(message: { to: string; subject: string; text: string }): Promise<unknown>;
}

/** The mail service is an optional decorator: without it the signup is stored, not mailed. */
function mailerOf(app: FastifyInstance): MailSender | undefined {
  if (!app.hasDecorator("mail")) return undefined;
  return (app as unknown as { mail?: MailSender }).mail;
}

export function signupConfirmation(to: string, supportEmail: string) {
  return {
    to,
    subject: `You're on the ${PRODUCT_NAME} early-access list`,
    text: [
      `Thanks for signing up! We'll e-mail you when ${PRODUCT_NAME} launches, with your early-signup price.`,
      "",
      "That is the only reason we will write to you.",
      `If you did not sign up, or want to be taken off the list, reply to this message or write to ${supportEmail}.`,
    ].join("\n"),
  };
}

export const emailSignupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/api/email-signup",
    {
      // A fresh object per app: buildApp scales route limits in place by its multiplier.
      config: { rateLimit: { ...EMAIL_SIGNUP_RATE_LIMIT } },
      schema: { body: EmailSignupSchema, response: { 200: EmailSignupResponseSchema } },
    },
    async (request) => {
      const { email, source, tags } = request.body;
      const inserted = await app.db
        .insert(emailSignups)
        .values({ email, source, tags })
        .onConflictDoNothing({ target: emailSignups.email })
        .returning({ id: emailSignups.id });

      const mailer = mailerOf(app);
      if (inserted.length > 0 && mailer) {
        // Not awaited: a slow or failing mail server must neither delay the answer nor
        // make it differ between new and known addresses.
        mailer.send(signupConfirmation(email, app.env.SUPPORT_EMAIL)).catch((err: unknown) => {
          request.log.warn({ err }, "signup confirmation mail failed");
        });
      }
      return { ok: true as const };
    },
  );
};
