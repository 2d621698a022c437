/**
 * Changing the sign-in address: POST /api/auth/email-change starts it (current
 * password); GET shows the change waiting; POST …/confirm (from the new address's link)
 * applies it and signs other devices out; POST …/undo (from the old address's link) restores
 * the old address, signs every device out and mails a password reset link.
 * The links open a page with a button, so a mail scanner that fetches links changes nothing.
 */
import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { messages } from "../../domain/messages";
import { EmailChangeRequestSchema, EmailChangeTokenSchema, PendingEmailChangeSchema } from "../../domain/schemas/auth";
import { requireUser } from "../auth/guard";
import { verifyPassword } from "../auth/passwords";
import { destroyUserSessions } from "../auth/sessions";
import { users } from "../db/schema";
import { appOrigin } from "../env";
import { fieldError, HttpError } from "../plugins/errors";
import { confirmEmailChange, pendingEmailChange, startEmailChange, undoEmailChange } from "../services/email-change";
import { emailChangeConfirmMail, emailChangeNoticeMail, passwordResetMail } from "../services/mail-templates";
import { issueResetToken, revokeResetTokens } from "../services/password-reset";
import { enforceLimit } from "../services/rate-limit";

const FIFTEEN_MINUTES = 15 * 60_000;
const INVALID_LINK = "This link is invalid or has expired";

export const emailChangeRoutes: FastifyPluginAsyncZod = async (app) => {
  const origin = appOrigin(app.env);

  app.get(
    "/api/auth/email-change",
    { config: { auth: true }, schema: { response: { 200: PendingEmailChangeSchema } } },
    async (request) => {
      const pending = await pendingEmailChange(app.db, requireUser(request).userId);
      return { pending: pending && { newEmail: pending.newEmail, expiresAt: pending.expiresAt.toISOString() } };
    },
  );

  app.post(
    "/api/auth/email-change",
    { config: { auth: true }, schema: { body: EmailChangeRequestSchema, response: { 202: PendingEmailChangeSchema } } },
    async (request, reply) => {
      const session = requireUser(request);
      await enforceLimit(app.limiter, `reauth:ip:${request.client}`, app.limits.passwordCheckPerIp, FIFTEEN_MINUTES);
      const [user] = await app.db.select().from(users).where(eq(users.id, session.userId));
      if (!user) throw new HttpError(401, "Authentication required");
      const attempt = await app.throttles.reauth.reserve(user.email, request.client);
      if (!(await verifyPassword(user.password, request.body.currentPassword))) {
        throw fieldError("currentPassword", "Your current password is incorrect");
      }
      await attempt.release();
      const { newEmail } = request.body;
      if (newEmail === user.email) throw fieldError("newEmail", "This is already your sign-in address");
      const [taken] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, newEmail));
      if (taken) throw fieldError("newEmail", messages.emailTaken);
      const change = await startEmailChange(app.db, user, newEmail);
      await app.mail.send(emailChangeConfirmMail(newEmail, `${origin}/email-change?action=confirm&token=${change.confirmToken}`));
      await app.mail.send(emailChangeNoticeMail(user.email, newEmail, `${origin}/email-change?action=undo&token=${change.undoToken}`));
      return reply.code(202).send({ pending: { newEmail, expiresAt: change.expiresAt.toISOString() } });
    },
  );

  app.post("/api/auth/email-change/confirm", { schema: { body: EmailChangeTokenSchema } }, async (request) => {
    await enforceLimit(app.limiter, `email-link:ip:${request.client}`, app.limits.reset * 4, 3600_000);
    const outcome = await confirmEmailChange(app.db, request.body.token);
    if (outcome === "invalid") throw new HttpError(400, INVALID_LINK);
    if (outcome === "taken") throw new HttpError(409, messages.emailTaken);
    // Every other device signs in again with the new address; the one confirming (if it is signed in as this user) stays.
    const keep = request.session?.userId === outcome.userId ? request.session.id : undefined;
    await destroyUserSessions(app.db, outcome.userId, keep);
    // A reset link mailed to the old address must not open the account now it has moved (issue 39 #7).
    await revokeResetTokens(app.db, outcome.userId);
    return { email: outcome.email };
  });

  app.post("/api/auth/email-change/undo", { schema: { body: EmailChangeTokenSchema } }, async (request) => {
    await enforceLimit(app.limiter, `email-link:ip:${request.client}`, app.limits.reset * 4, 3600_000);
    const outcome = await undoEmailChange(app.db, request.body.token);
    if (outcome === "invalid") throw new HttpError(400, INVALID_LINK);
    if (outcome === "taken") throw new HttpError(409, messages.emailTaken);
    // Whoever changed the address had the password: end every session, void old reset
    // links, and send the owner a fresh one.
    await destroyUserSessions(app.db, outcome.userId);
    await revokeResetTokens(app.db, outcome.userId);
    const token = await issueResetToken(app.db, outcome.userId);
    await app.mail.send(passwordResetMail(outcome.email, `${origin}/reset-password?token=${token}`));
    return { email: outcome.email };
  });
};
