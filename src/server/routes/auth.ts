/** Sign-in, sign-out, current user, password change and reset (spec §7, issue 4). */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
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
import { burnPasswordCheck, hashPassword, isCommonPassword, verifyPassword } from "../auth/passwords";
import {
  clearSessionCookie,
  createSession,
  destroySession,
  destroyUserSessions,
  readSessionToken,
  hashToken,
  setSessionCookie,
} from "../auth/sessions";
import { passwordResetTokens, users } from "../db/schema";
import { fieldError, HttpError } from "../plugins/errors";
import { presentUser } from "../presenters/user";
import { passwordChangedMail, passwordResetMail } from "../services/mail-templates";
import { enforceLimit } from "../services/rate-limit";

const RESET_TTL_MS = 3600_000;
const FIFTEEN_MINUTES = 15 * 60_000;
const LoginResponseSchema = z.object({ user: z.object({ id: z.number(), email: z.string(), name: z.string() }) });

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const secure = app.env.NODE_ENV === "production";

  app.post("/api/auth/login", { schema: { body: LoginSchema, response: { 200: LoginResponseSchema } } }, async (request, reply) => {
    const { email, password } = request.body;
    await enforceLimit(app.limiter, `login:ip:${request.ip}`, app.limits.loginPerIp, FIFTEEN_MINUTES);
    await enforceLimit(app.limiter, `login:account:${email}`, app.limits.loginPerAccount, FIFTEEN_MINUTES);
    const [user] = await app.db.select().from(users).where(eq(users.email, email));
    // Same answer and similar time whether the e-mail or the password is wrong.
    if (!user) {
      await burnPasswordCheck(password);
      throw new HttpError(401, messages.invalidCredentials);
    }
    if (!(await verifyPassword(user.password, password))) throw new HttpError(401, messages.invalidCredentials);
    // Rotate: whatever session the browser presented is ended; a fresh token is issued.
    const previous = readSessionToken(request);
    if (previous) await destroySession(app.db, hashToken(previous));
    const session = await createSession(app.db, user.id);
    setSessionCookie(reply, session.token, session.expiresAt, secure);
    return { user: { id: user.id, email: user.email, name: user.name } };
  });

  app.post("/api/auth/logout", async (request, reply) => {
    if (request.session) await destroySession(app.db, request.session.id);
    clearSessionCookie(reply, secure);
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
    await enforceLimit(app.limiter, `password:user:${session.userId}`, app.limits.loginPerAccount, FIFTEEN_MINUTES);
    const [row] = await app.db.select().from(users).where(eq(users.id, session.userId));
    if (!row) throw new HttpError(401, "Authentication required");
    if (!(await verifyPassword(row.password, request.body.currentPassword))) {
      throw fieldError("currentPassword", "Your current password is incorrect");
    }
    if (await isCommonPassword(request.body.newPassword)) throw fieldError("newPassword", messages.passwordTooCommon);
    await app.db.update(users).set({ password: await hashPassword(request.body.newPassword) }).where(eq(users.id, row.id));
    await destroyUserSessions(app.db, row.id, session.id);
    await app.mail.send(passwordChangedMail(row.email)).catch(() => {});
    return reply.code(204).send();
  });

  app.post("/api/auth/password-reset", { schema: { body: PasswordResetRequestSchema } }, async (request, reply) => {
    const { email } = request.body;
    await enforceLimit(app.limiter, `reset:ip:${request.ip}`, app.limits.reset, 3600_000);
    await enforceLimit(app.limiter, `reset:account:${email}`, app.limits.resetPerAccount, 3600_000);
    const [user] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (user) {
      const token = randomBytes(32).toString("base64url");
      await app.db.insert(passwordResetTokens).values({
        tokenHash: createHash("sha256").update(token).digest("hex"),
        userId: user.id,
        expiresAt: new Date(Date.now() + RESET_TTL_MS),
      });
      const link = `${publicOrigin(app.env.APP_ORIGIN, request.protocol, request.host)}/reset-password?token=${token}`;
      await app.mail.send(passwordResetMail(email, link)).catch((err: unknown) => request.log.warn({ err }, "reset mail not queued"));
    }
    // Always 202: the answer never tells whether an account exists.
    return reply.code(202).send({ ok: true });
  });

  app.post("/api/auth/password-reset/confirm", { schema: { body: PasswordResetConfirmSchema } }, async (request, reply) => {
    const { token, password } = request.body;
    await enforceLimit(app.limiter, `reset-confirm:ip:${request.ip}`, app.limits.reset * 4, 3600_000);
    if (await isCommonPassword(password)) throw fieldError("password", messages.passwordTooCommon);
    const tokenHash = createHash("sha256").update(token).digest("hex");
    // Claim the token atomically: a second use finds nothing.
    const [claimed] = await app.db
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, new Date())))
      .returning();
    if (!claimed) throw new HttpError(400, "This reset link is invalid or has expired");
    await app.db.update(users).set({ password: await hashPassword(password) }).where(eq(users.id, claimed.userId));
    await destroyUserSessions(app.db, claimed.userId);
    return reply.code(204).send();
  });
};

/** Reset links use the configured public origin; the request's host only when none is set. */
function publicOrigin(configured: string | undefined, protocol: string, host: string): string {
  const first = configured?.split(",")[0]?.trim().replace(/\/$/, "");
  return first || `${protocol}://${host}`;
}
