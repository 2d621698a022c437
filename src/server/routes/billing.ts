/**
 * Settings → Subscription actions and the e-mail verification a free trial waits
 * for. Thin: auth guard → validate → service → presenter (the same summary GET returns).
 */
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ChangePlanSchema, PortalSessionSchema, SubscriptionSummarySchema, VerifyEmailSchema } from "../../domain/schemas/subscription";
import { requireUser } from "../auth/guard";
import { users } from "../db/schema";
import { appOrigin } from "../env";
import { HttpError } from "../plugins/errors";
import { cancelSubscription, changePlan, paymentPortalUrl, refundPurchase, resumeSubscription } from "../services/billing";
import { confirmEmail, issueVerificationLink } from "../services/email-verification";
import { verifyEmailMail } from "../services/mail-templates";
import { enforceLimit } from "../services/rate-limit";
import { summarize } from "./subscriptions";

export const BAD_VERIFY_LINK = "This confirmation link is invalid or has expired";
export const ALREADY_VERIFIED = "Your e-mail address is already confirmed";
/** Resends per user per hour: each one is a mail to that address. */
const RESENDS_PER_HOUR = 3;
/** Billing actions per user per hour: each one is a call to the card provider. */
const ACTIONS_PER_HOUR = 30;

async function loadUser(app: FastifyInstance, id: number) {
  const [row] = await app.db.select().from(users).where(eq(users.id, id));
  if (!row) throw new HttpError(401, "Authentication required");
  return row;
}

const RefundResultSchema = SubscriptionSummarySchema.extend({ refundedCents: z.number().int().nonnegative() });

export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const summary = { 200: SubscriptionSummarySchema };
  const m = app.env.RATE_LIMIT_MULTIPLIER;
  const actor = async (request: Parameters<typeof requireUser>[0]) => {
    const { userId } = requireUser(request);
    await enforceLimit(app.limiter, `billing:user:${userId}`, ACTIONS_PER_HOUR * m, 3600_000);
    return loadUser(app, userId);
  };

  app.post("/api/subscription/cancel", { config: { auth: true }, schema: { response: summary } }, async (request) =>
    summarize(app, await cancelSubscription(app, await actor(request))),
  );

  app.post("/api/subscription/resume", { config: { auth: true }, schema: { response: summary } }, async (request) =>
    summarize(app, await resumeSubscription(app, await actor(request))),
  );

  app.post(
    "/api/subscription/change-plan",
    { config: { auth: true }, schema: { body: ChangePlanSchema, response: summary } },
    async (request) => summarize(app, await changePlan(app, await actor(request), request.body.planType)),
  );

  app.post("/api/subscription/portal", { config: { auth: true }, schema: { response: { 200: PortalSessionSchema } } }, async (request) => ({
    url: await paymentPortalUrl(app, await actor(request)),
  }));

  app.post("/api/subscription/refund", { config: { auth: true }, schema: { response: { 200: RefundResultSchema } } }, async (request) => {
    const { row, refundedCents } = await refundPurchase(app, await actor(request));
    return { ...(await summarize(app, row)), refundedCents };
  });

  app.post(
    "/api/auth/verify-email",
    { schema: { body: VerifyEmailSchema, response: { 200: z.object({ verified: z.literal(true) }) } } },
    async (request) => {
      await enforceLimit(app.limiter, `verify:ip:${request.ip}`, 30 * m, 3600_000);
      if (!(await confirmEmail(app.db, request.body.token))) throw new HttpError(400, BAD_VERIFY_LINK);
      return { verified: true as const };
    },
  );

  app.post(
    "/api/auth/resend-verification",
    { config: { auth: true }, schema: { response: { 202: z.object({ sent: z.literal(true) }) } } },
    async (request, reply) => {
      const { userId } = requireUser(request);
      const row = await loadUser(app, userId);
      if (row.emailVerifiedAt) throw new HttpError(409, ALREADY_VERIFIED);
      await enforceLimit(app.limiter, `verify-resend:user:${userId}`, RESENDS_PER_HOUR * m, 3600_000);
      const link = await issueVerificationLink(app.db, appOrigin(app.env), row);
      await app.mail.send(verifyEmailMail(row, link));
      return reply.code(202).send({ sent: true as const });
    },
  );
};
