/** Accounts (spec §7 POST /api/users, GET /api/users/{id}; plus profile edit and deletion). */
import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { messages } from "../../domain/messages";
import { CreateUserSchema, DeleteAccountSchema, PublicUserSchema, UpdateUserSchema } from "../../domain/schemas/auth";
import { weakPasswordMessage } from "../auth/password-strength";
import { hashPassword, verifyPassword } from "../auth/passwords";
import { requireOwnUser } from "../auth/guard";
import { clearSessionCookie, createSession, setSessionCookie } from "../auth/sessions";
import { mailOutbox, users } from "../db/schema";
import { appOrigin } from "../env";
import { endBillingBeforeDeletion } from "../services/billing";
import { issueVerificationLink } from "../services/email-verification";
import { fieldError, HttpError } from "../plugins/errors";
import { presentUser } from "../presenters/user";
import { enforceLimit } from "../services/rate-limit";
import { welcomeMail } from "../services/mail-templates";

const UserIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const CreatedUserSchema = z.object({ id: z.number(), name: z.string(), email: z.string() });

export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: unknown };
  return e?.code === "23505" || (e?.cause ? isUniqueViolation(e.cause) : false);
}

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const cookie = app.sessionCookie;

  app.post("/api/users", { schema: { body: CreateUserSchema, response: { 201: CreatedUserSchema } } }, async (request, reply) => {
    await enforceLimit(app.limiter, `register:ip:${request.client}`, app.limits.register, 3600_000);
    const { name, email, password } = request.body;
    const weak = weakPasswordMessage(password, { name, email });
    if (weak) throw fieldError("password", weak);
    let created: typeof users.$inferSelect | undefined;
    try {
      [created] = await app.db
        .insert(users)
        .values({ name, email, password: await hashPassword(password) })
        .returning();
    } catch (err) {
      if (isUniqueViolation(err)) throw new HttpError(409, messages.emailTaken);
      throw err;
    }
    if (!created) throw new Error("insert returned no row");
    const session = await createSession(app.db, created.id);
    setSessionCookie(reply, session.token, session.expiresAt, cookie);
    // A mail outage must not fail the sign-up: the message waits in the outbox. It carries
    // the link that confirms the address (a free trial waits for it; Settings can resend).
    const user = created;
    await issueVerificationLink(app.db, appOrigin(app.env), user)
      .then((link) => app.mail.send(welcomeMail(user, link)))
      .catch((err: unknown) => request.log.warn({ err }, "welcome mail not queued"));
    return reply.code(201).send({ id: created.id, name: created.name, email: created.email });
  });

  app.get(
    "/api/users/:id",
    { config: { auth: true }, schema: { params: UserIdParams, response: { 200: PublicUserSchema } } },
    async (request) => {
      requireOwnUser(request, request.params.id);
      const [row] = await app.db.select().from(users).where(eq(users.id, request.params.id));
      if (!row) throw new HttpError(404, "Not found");
      return presentUser(row);
    },
  );

  app.patch(
    "/api/users/:id",
    { config: { auth: true }, schema: { params: UserIdParams, body: UpdateUserSchema, response: { 200: PublicUserSchema } } },
    async (request) => {
      requireOwnUser(request, request.params.id);
      // The name only: the address changes through /api/auth/email-change.
      const [row] = await app.db.update(users).set({ name: request.body.name }).where(eq(users.id, request.params.id)).returning();
      if (!row) throw new HttpError(404, "Not found");
      return presentUser(row);
    },
  );

  app.delete(
    "/api/users/:id",
    { config: { auth: true }, schema: { params: UserIdParams, body: DeleteAccountSchema } },
    async (request, reply) => {
      requireOwnUser(request, request.params.id);
      const [row] = await app.db.select().from(users).where(eq(users.id, request.params.id));
      if (!row) throw new HttpError(404, "Not found");
      // A stolen session must not become unlimited password guessing.
      await enforceLimit(app.limiter, `reauth:ip:${request.client}`, app.limits.passwordCheckPerIp, 15 * 60_000);
      const attempt = await app.throttles.reauth.reserve(row.email, request.client);
      if (!(await verifyPassword(row.password, request.body.password))) throw new HttpError(403, "Incorrect password");
      await attempt.release();
      // The card provider first: if the subscription cannot be cancelled (502), nothing is
      // deleted, so nobody is left billed for an account that no longer exists.
      await endBillingBeforeDeletion(app, row);
      await app.db.transaction(async (tx) => {
        // Queued mail holds the address and name; foreign keys cascade everything else
        // (sessions, tokens, data, snapshots, events, settings, presets).
        await tx.delete(mailOutbox).where(eq(mailOutbox.to, row.email));
        await tx.delete(users).where(eq(users.id, row.id));
      });
      // The mailbox connection goes with the account, now, not at its idle timeout.
      await app.mailboxes.close(row.id);
      clearSessionCookie(reply, cookie);
      return reply.code(204).send();
    },
  );
};
