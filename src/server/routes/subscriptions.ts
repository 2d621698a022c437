/**
 * Subscribing (spec §2 /subscribe, §4 subscription flow, §7 POST /api/create-subscription).
 * With Stripe keys: a subscription (trial per plan) or a one-time lifetime PaymentIntent,
 * answered with the client secret the Payment Element confirms. Without keys: monthly and
 * yearly start the plan's free trial with no card; lifetime is unavailable (503).
 * Policy details (one trial per account, 409s) are in docs/decisions/004-payments.md.
 */
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type Stripe from "stripe";
import { z } from "zod";
import { getPlan, type PlanType } from "../../domain/pricing";
import { PlanTypeSchema } from "../../domain/schemas/plan-type";
import { SubscriptionSummarySchema } from "../../domain/schemas/subscription";
import { effectiveStatus } from "../../domain/subscription";
import { requireOwnUser, requireUser } from "../auth/guard";
import { users } from "../db/schema";
import { HttpError } from "../plugins/errors";
import { presentSubscription } from "../presenters/subscription";
import { enforceLimit } from "../services/rate-limit";
import {
  claimSubscribe,
  isStale,
  nameClaimedSubscription,
  releaseClaim,
  takeOverClaim,
  waitForClaim,
  type SubscribeClaim,
} from "../services/subscribe-claims";
import { anyGrant, claimTrial, emailHmac, grantHashes, hadTrial, releaseTrial } from "../services/trial-grants";
import {
  cancelNow,
  clientSecretOf,
  createCustomer,
  createLifetimePayment,
  retrieveSubscription,
  startSubscription,
  stripeFor,
  subscriptionChange,
  type StartedSubscription,
} from "../services/payments";

const DAY_MS = 24 * 3600 * 1000;
export const ALREADY_PRO = "You already have CleanSpace Pro";
export const TRIAL_USED = "Your free trial has already been used";
export const PAYMENTS_OFF = "Payments are not configured on this server";
export const VERIFY_FIRST = "Please confirm your e-mail address to start your free trial";
export const STILL_STARTING = "Your subscription is still being set up. Please try again in a moment.";
/**
 * Requests for another plan this soon after a subscription was started are the same click
 * (a double submit, two tabs): they get the first one. Later, choosing another plan replaces
 * a subscription that is not paid yet.
 */
const SAME_CLICK_MS = 10_000;
const ENDED_STATUSES = new Set<string>(["canceled", "incomplete_expired"]);
/** Each call may create a subscription at Stripe: at most this many per user per hour. */
export const SUBSCRIBE_PER_HOUR = 10;

const CreateSubscriptionSchema = z.strictObject({
  userId: z.number().int().positive().max(2_147_483_647),
  planType: PlanTypeSchema,
});

/** `status` says what the client does next: nothing (lifetime, trial) or confirm `clientSecret`. */
const CreateSubscriptionResponseSchema = z.object({
  status: z.enum(["lifetime", "trial", "requires_payment", "requires_setup"]),
  clientSecret: z.string().optional(),
  intent: z.enum(["payment", "setup"]).optional(),
  trialEndsAt: z.string().nullable().optional(),
});
type CreateSubscriptionResponse = z.infer<typeof CreateSubscriptionResponseSchema>;

const StripeConfigSchema = z.object({ publishableKey: z.string().nullable(), paymentsEnabled: z.boolean() });

type UserRow = typeof users.$inferSelect;

async function loadUser(app: FastifyInstance, id: number): Promise<UserRow> {
  const [row] = await app.db.select().from(users).where(eq(users.id, id));
  if (!row) throw new HttpError(401, "Authentication required");
  return row;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Distinguishes one subscribe attempt from the next in the idempotency key: the same user
 * asking again the same day, from the same state, gets back what Stripe already created.
 */
const attemptOf = (row: UserRow) => `${row.stripeSubscriptionId ?? "first"}|${new Date().toISOString().slice(0, 10)}`;

export const paymentsEnabled = (env: FastifyInstance["env"]) => Boolean(env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY);

/**
 * No keys: the plan's trial, once per person (a verified address whose keyed hash has no
 * trial on record); asking again during it changes nothing. The user row is locked so two
 * concurrent requests start one trial.
 */
async function startCardFreeTrial(app: FastifyInstance, userId: number, plan: PlanType): Promise<CreateSubscriptionResponse> {
  if (plan === "lifetime") throw new HttpError(503, PAYMENTS_OFF);
  const email = (await loadUser(app, userId)).email;
  const hmac = await emailHmac(app.db, app.env.TRIAL_EMAIL_HMAC_KEY, email);
  const hashes = await grantHashes(app.db, app.env.TRIAL_EMAIL_HMAC_KEY, email);
  return app.db.transaction(async (tx) => {
    const [row] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
    if (!row) throw new HttpError(401, "Authentication required");
    const status = effectiveStatus(row);
    if (status === "trial") return { status: "trial" as const, trialEndsAt: iso(row.trialEndsAt) };
    if (status === "active") throw new HttpError(409, ALREADY_PRO);
    if (row.trialEndsAt) throw new HttpError(409, TRIAL_USED);
    if (!row.emailVerifiedAt) throw new HttpError(403, VERIFY_FIRST);
    if (row.email !== email || (await anyGrant(tx, hashes)) || !(await claimTrial(tx, hmac))) throw new HttpError(409, TRIAL_USED);
    const trialEndsAt = new Date(Date.now() + getPlan(plan).trialDays * DAY_MS);
    await tx
      .update(users)
      .set({
        subscriptionStatus: "trial",
        subscriptionPlan: plan,
        trialEndsAt,
        pastDueSince: null,
        cancelAtPeriodEnd: false,
        currentPeriodEnd: null,
      })
      .where(eq(users.id, row.id));
    return { status: "trial" as const, trialEndsAt: iso(trialEndsAt) };
  });
}

/** The answer for a subscription Stripe made, with the user's row as it was saved. */
function answerFor(
  started: Pick<StartedSubscription, "clientSecret" | "intent"> & { subscription: Pick<Stripe.Subscription, "status"> },
  saved: UserRow | undefined,
): CreateSubscriptionResponse {
  const trialEndsAt = started.subscription.status === "trialing" ? iso(saved?.trialEndsAt ?? null) : null;
  if (!started.clientSecret) {
    if (trialEndsAt) return { status: "trial", trialEndsAt };
    throw new HttpError(502, "Payment provider error: no client secret");
  }
  return {
    status: started.intent === "setup" ? "requires_setup" : "requires_payment",
    clientSecret: started.clientSecret,
    intent: started.intent,
    trialEndsAt,
  };
}

/**
 * The claim's owner starts the subscription. The one-trial claim is taken first (its unique
 * key decides between concurrent accounts of one mailbox) and given back if Stripe refuses;
 * every Stripe call happens before the user's row is written, so a provider error changes
 * nothing here.
 */
async function startClaimed(
  app: FastifyInstance,
  stripe: Stripe,
  row: UserRow,
  claim: SubscribeClaim,
): Promise<CreateSubscriptionResponse> {
  const plan = PlanTypeSchema.parse(claim.plan) as "monthly" | "yearly";
  let trialHmac: string | null = null;
  if (row.trialEndsAt === null && !(await hadTrial(app.db, app.env.TRIAL_EMAIL_HMAC_KEY, row.email))) {
    const hmac = await emailHmac(app.db, app.env.TRIAL_EMAIL_HMAC_KEY, row.email);
    if (await claimTrial(app.db, hmac)) trialHmac = hmac;
  }
  let customerId: string;
  let started: StartedSubscription;
  try {
    customerId = row.stripeCustomerId ?? (await createCustomer(stripe, row));
    const trialDays = trialHmac ? getPlan(plan).trialDays : 0;
    started = await startSubscription(stripe, app.env, { customerId, userId: row.id, plan, trialDays, attempt: claim.attempt });
  } catch (err) {
    await releaseClaim(app.db, claim);
    if (trialHmac) await releaseTrial(app.db, trialHmac);
    throw err;
  }
  const change = subscriptionChange(app.env, started.subscription, row) ?? {};
  const [saved] = await app.db
    .update(users)
    .set({ stripeCustomerId: customerId, ...change })
    .where(eq(users.id, row.id))
    .returning();
  // Named last: a waiting request that reads the name finds the user's row already saved.
  await nameClaimedSubscription(app.db, claim, started.subscription.id);
  return answerFor(started, saved);
}

/**
 * Monthly or yearly with Stripe: one subscription start per user at a time
 * (services/subscribe-claims.ts). A request that does not own the claim answers with the
 * subscription the owner made. A later request replaces it when it has ended, or when it
 * is still unpaid and another plan is chosen after SAME_CLICK_MS (the unpaid one is
 * cancelled at Stripe first, so the account never has two).
 */
async function subscribeToPlan(app: FastifyInstance, stripe: Stripe, row: UserRow, plan: "monthly" | "yearly") {
  for (let round = 0; round < 3; round++) {
    const { claim, owner } = await claimSubscribe(app.db, row.id, plan);
    if (owner) return startClaimed(app, stripe, row, claim);
    const now = claim.subscriptionId ? claim : await waitForClaim(app.db, claim);
    if (!now) continue; // the owner failed and let go: claim again
    if (now.attempt !== claim.attempt && !now.subscriptionId) continue;
    if (now.subscriptionId) {
      const sub = await retrieveSubscription(stripe, now.subscriptionId);
      const ended = ENDED_STATUSES.has(sub.status);
      const anotherPlan = sub.status === "incomplete" && now.plan !== plan && Date.now() - now.claimedAt.getTime() >= SAME_CLICK_MS;
      if (!ended && !anotherPlan) {
        const [saved] = await app.db.select().from(users).where(eq(users.id, row.id));
        return answerFor({ subscription: sub, ...clientSecretOf(sub) }, saved);
      }
      if (anotherPlan) await cancelNow(stripe, sub.id);
    } else if (!isStale(now)) {
      throw new HttpError(503, STILL_STARTING, { "retry-after": "5" });
    }
    const mine = await takeOverClaim(app.db, now, plan);
    if (mine) return startClaimed(app, stripe, row, mine);
  }
  throw new HttpError(503, STILL_STARTING, { "retry-after": "5" });
}

async function subscribeWithStripe(app: FastifyInstance, row: UserRow, plan: PlanType): Promise<CreateSubscriptionResponse> {
  const stripe = stripeFor(app.env)!;
  const status = effectiveStatus(row);
  if (plan !== "lifetime" && status === "active") throw new HttpError(409, ALREADY_PRO);
  if (plan !== "lifetime" && status === "trial" && row.stripeSubscriptionId) {
    // The same trial again (same end date); its card form if no card was added yet.
    const { clientSecret } = clientSecretOf(await retrieveSubscription(stripe, row.stripeSubscriptionId));
    const trialEndsAt = iso(row.trialEndsAt);
    return clientSecret ? { status: "requires_setup", clientSecret, intent: "setup", trialEndsAt } : { status: "trial", trialEndsAt };
  }
  if (plan !== "lifetime") return subscribeToPlan(app, stripe, row, plan);
  // Every Stripe call happens before the one database write: a provider error changes nothing here.
  const customerId = row.stripeCustomerId ?? (await createCustomer(stripe, row));
  const intent = await createLifetimePayment(stripe, {
    customerId,
    userId: row.id,
    amount: app.env.STRIPE_LIFETIME_AMOUNT,
    attempt: attemptOf(row),
  });
  if (!intent.client_secret) throw new HttpError(502, "Payment provider error: no client secret");
  if (!row.stripeCustomerId) await app.db.update(users).set({ stripeCustomerId: customerId }).where(eq(users.id, row.id));
  return { status: "requires_payment", clientSecret: intent.client_secret, intent: "payment" };
}

export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  if (app.env.STRIPE_SECRET_KEY && !app.env.STRIPE_PUBLISHABLE_KEY) {
    app.log.warn("STRIPE_SECRET_KEY is set but STRIPE_PUBLISHABLE_KEY is not: browsers cannot show the payment form");
  }

  app.post(
    "/api/create-subscription",
    { config: { auth: true }, schema: { body: CreateSubscriptionSchema, response: { 200: CreateSubscriptionResponseSchema } } },
    async (request) => {
      requireOwnUser(request, request.body.userId);
      await enforceLimit(
        app.limiter,
        `subscribe:user:${request.body.userId}`,
        SUBSCRIBE_PER_HOUR * app.env.RATE_LIMIT_MULTIPLIER,
        3600_000,
      );
      const row = await loadUser(app, request.body.userId);
      if (effectiveStatus(row) === "lifetime") return { status: "lifetime" as const };
      return stripeFor(app.env)
        ? subscribeWithStripe(app, row, request.body.planType)
        : startCardFreeTrial(app, row.id, request.body.planType);
    },
  );

  app.get("/api/stripe/config", { schema: { response: { 200: StripeConfigSchema } } }, async () => ({
    publishableKey: app.env.STRIPE_PUBLISHABLE_KEY ?? null,
    paymentsEnabled: paymentsEnabled(app.env),
  }));

  /** The signed-in user's subscription: Settings → Subscription and /subscribe's current plan. */
  app.get("/api/subscription", { config: { auth: true }, schema: { response: { 200: SubscriptionSummarySchema } } }, async (request) => {
    const row = await loadUser(app, requireUser(request).userId);
    return summarize(app, row);
  });
};

export async function summarize(app: FastifyInstance, row: UserRow) {
  const trialAvailable = row.trialEndsAt === null && !(await hadTrial(app.db, app.env.TRIAL_EMAIL_HMAC_KEY, row.email));
  return presentSubscription(row, { paymentsEnabled: paymentsEnabled(app.env), trialAvailable });
}
