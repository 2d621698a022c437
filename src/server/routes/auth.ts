/** Sign-in, sign-out, current user, password change and reset (spec §7). */
import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { messages } from "../../domain/messages";
import {
  ChangePasswordSchema,
  LoginSchema,
  PasswordResetConfirmSchema,
  PasswordResetRequestSchema,
  PublicUserSchema,
} from "../../domain/schemas/auth";
import { requireUser } from "../auth/guard";
import { weakPasswordMessage } from "../auth/password-strength";
import { burnPasswordCheck, hashPassword, verifyPassword } from "../auth/passwords";
import {
  clearSessionCookie,
  createSession,
  destroySession,
  destroyUserSessions,
  readSessionToken,
  hashToken,
  setSessionCookie,
} from "../auth/sessions";
import { users } from "../db/schema";
import { appOrigin } from "../env";
import { fieldError, HttpError } from "../plugins/errors";
import { presentUser } from "../presenters/user";
import { cancelPendingEmailChanges } from "../services/email-change";
import { passwordChangedMail, passwordResetMail } from "../services/mail-templates";
import { claimResetToken, issueResetToken, resetTokenOwner, revokeResetTokens } from "../services/password-reset";
import { enforceLimit } from "../services/rate-limit";

const FIFTEEN_MINUTES = 15 * 60_000;
const LoginResponseSchema = z.object({ user: z.object({ id: z.number(), email: z.string(), name: z.string() }) });

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const cookie = app.sessionCookie;
  // Links in mail come from configuration, never from the request's Host.
  const origin = appOrigin(app.env);

  app.post("/api/auth/login", { schema: { body: LoginSchema, response: { 200: LoginResponseSchema } } }, async (request, reply) => {
    const { email, password } = request.body;
    // Every attempt counts per client (it costs an Argon2 check); only failures count per account.
    await enforceLimit(app.limiter, `login:ip:${request.client}`, app.limits.loginPerIp, FIFTEEN_MINUTES);
    const attempt = await app.throttles.login.reserve(email, request.client);
    const [user] = await app.db.select().from(users).where(eq(users.email, email));
    // Same answer and similar time whether the e-mail or the password is wrong.
    const valid = user ? await verifyPassword(user.password, password) : await burnPasswordCheck(password).then(() => false);
    if (!user || !valid) throw new HttpError(401, messages.invalidCredentials);
    await attempt.succeed();
    // Rotate: whatever session the browser presented is ended; a fresh token is issued.
    const previous = readSessionToken(request, cookie);
    if (previous) await destroySession(app.db, hashToken(previous));
    const session = await createSession(app.db, user.id);
    setSessionCookie(reply, session.token, session.expiresAt, cookie);
    return { user: { id: user.id, email: user.email, name: user.name } };
  });

  app.post("/api/auth/logout", async (request, reply) => {
    if (request.session) await destroySession(app.db, request.session.id);
    clearSessionCookie(reply, cookie);
    return reply.code(204).send();
  });

  app.get("/api/auth/me", { config: { auth: true }, schema: { response: { 200: PublicUserSchema } } }, async (request) => {
    const { userId } = requireUser(request);
    const [row] = await app.db.select().from(users).where(eq(users.id, userId));
    if (!row) throw new HttpError(401, "Authentication required");
    return presentUser(row);
  });

  app.post("/api/auth/password", { config: { auth: true }, schema: { body: ChangePasswordSchema } }, async (request, reply) => {
    const session = requireUser(request);
    await enforceLimit(app.limiter, `reauth:ip:${request.client}`, app.limits.passwordCheckPerIp, FIFTEEN_MINUTES);
    const [row] = await app.db.select().from(users).where(eq(users.id, session.userId));
    if (!row) throw new HttpError(401, "Authentication required");
    const attempt = await app.throttles.reauth.reserve(row.email, request.client);
    if (!(await verifyPassword(row.password, request.body.currentPassword))) {
      throw fieldError("currentPassword", "Your current password is incorrect");
    }
    await attempt.release();
    const weak = weakPasswordMessage(request.body.newPassword, row);
    if (weak) throw fieldError("newPassword", weak);
    await app.db
      .update(users)
      .set({ password: await hashPassword(request.body.newPassword) })
      .where(eq(users.id, row.id));
    await destroyUserSessions(app.db, row.id, session.id);
    await revokeResetTokens(app.db, row.id);
    await cancelPendingEmailChanges(app.db, row.id);
    await app.mail.send(passwordChangedMail(row.email)).catch(() => {});
    return reply.code(204).send();
  });

  app.post("/api/auth/password-reset", { schema: { body: PasswordResetRequestSchema } }, async (request, reply) => {
    const { email } = request.body;
    await enforceLimit(app.limiter, `reset:ip:${request.client}`, app.limits.reset, 3600_000);
    // Every request counts (each may mail the owner); a client the owner signed in from is not held by the per-account cap.
    await app.throttles.reset.reserve(email, request.client);
    // The lookup, token and mail run after the answer, so known and unknown addresses answer
    // in the same time; the answer itself is always the same 202.
    app.mail.later(async () => {
      const [user] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      if (!user) return;
      const token = await issueResetToken(app.db, user.id);
      await app.mail.send(passwordResetMail(email, `${origin}/reset-password?token=${token}`));
    });
    return reply.code(202).send({ ok: true });
  });

  app.post("/api/auth/password-reset/confirm", { schema: { body: PasswordResetConfirmSchema } }, async (request, reply) => {
    const { token, password } = request.body;
    await enforceLimit(app.limiter, `reset-confirm:ip:${request.client}`, app.limits.reset * 4, 3600_000);
    // Judged before the link is used up, so a refused password leaves the link working.
    const owner = await resetTokenOwner(app.db, token);
    const weak = weakPasswordMessage(password, owner ?? {});
    if (weak) throw fieldError("password", weak);
    const userId = await claimResetToken(app.db, token);
    if (userId === null) throw new HttpError(400, "This reset link is invalid or has expired");
    await app.db
      .update(users)
      .set({ password: await hashPassword(password) })
      .where(eq(users.id, userId));
    await destroyUserSessions(app.db, userId);
    await revokeResetTokens(app.db, userId);
    await cancelPendingEmailChanges(app.db, userId);
    return reply.code(204).send();
  });
};
