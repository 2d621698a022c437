/**
 * What a subscriber can do from Settings → Subscription: cancel, resume, change
 * plan, update the card, refund — and what account deletion does first. Stripe's answer is
 * the record: after each call the user's columns are set from the subscription Stripe
 * returns (subscriptionChange), exactly as the webhook does. Without Stripe keys only the
 * card-free trial exists, and cancelling it ends it at once (decision 004, 011).
 */
import { and, eq, isNull } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type Stripe from "stripe";
import { canCancelBeforeRenewal, isRefundable } from "../../domain/billing";
import { appOrigin } from "../env";
import { users } from "../db/schema";
import { HttpError } from "../plugins/errors";
import { billingStateOf, isCardFreeTrial } from "../presenters/subscription";
import {
  cancelNow,
  createPortalSession,
  refundCustomer,
  retrieveSubscription,
  setCancelAtPeriodEnd,
  stripeFor,
  subscriptionChange,
  switchPlan,
} from "./payments";

type UserRow = typeof users.$inferSelect;

export const NOTHING_TO_CANCEL = "There is no subscription to cancel";
export const TOO_LATE_TO_CANCEL = "Cancellations must be made at least 24 hours before renewal";
export const NOTHING_TO_RESUME = "There is no cancelled subscription to resume";
export const NO_PLAN_CHANGE = "Only a monthly or yearly subscription paid by card can change plan";
export const NO_PROVIDER = "Card payments are not configured on this server, so there is no payment method to update";
export const REFUND_WINDOW_OVER = "Refunds are available within 30 days of the first purchase only";
export const ALREADY_REFUNDED = "This purchase has already been refunded";

function stripeOrFail(app: FastifyInstance): Stripe {
  const stripe = stripeFor(app.env);
  if (!stripe) throw new HttpError(503, NO_PROVIDER);
  return stripe;
}

/** Stores what Stripe says the subscription now is; returns the updated row. */
async function applySubscription(app: FastifyInstance, row: UserRow, sub: Stripe.Subscription): Promise<UserRow> {
  const change = subscriptionChange(app.env, sub, row);
  if (!change) return row;
  const [saved] = await app.db.update(users).set(change).where(eq(users.id, row.id)).returning();
  return saved ?? row;
}

export async function cancelSubscription(app: FastifyInstance, row: UserRow): Promise<UserRow> {
  const state = billingStateOf(row);
  if (isCardFreeTrial(row) && state === "trial") {
    // Nothing is billed, so nothing waits for a period end: the trial ends now, and stays used.
    const [saved] = await app.db
      .update(users)
      .set({ subscriptionStatus: "free", subscriptionPlan: null, trialEndsAt: new Date() })
      .where(and(eq(users.id, row.id), eq(users.subscriptionStatus, "trial")))
      .returning();
    return saved ?? row;
  }
  if (!row.stripeSubscriptionId || !(state === "trial" || state === "active" || state === "past_due")) {
    throw new HttpError(409, NOTHING_TO_CANCEL);
  }
  if (state !== "trial" && !canCancelBeforeRenewal(row.currentPeriodEnd)) throw new HttpError(409, TOO_LATE_TO_CANCEL);
  return applySubscription(app, row, await setCancelAtPeriodEnd(stripeOrFail(app), row.stripeSubscriptionId, true));
}

export async function resumeSubscription(app: FastifyInstance, row: UserRow): Promise<UserRow> {
  if (billingStateOf(row) !== "canceling" || !row.stripeSubscriptionId) throw new HttpError(409, NOTHING_TO_RESUME);
  return applySubscription(app, row, await setCancelAtPeriodEnd(stripeOrFail(app), row.stripeSubscriptionId, false));
}

export async function changePlan(app: FastifyInstance, row: UserRow, plan: "monthly" | "yearly"): Promise<UserRow> {
  const state = billingStateOf(row);
  if (!row.stripeSubscriptionId || !(state === "active" || state === "trial")) throw new HttpError(409, NO_PLAN_CHANGE);
  if (row.subscriptionPlan === plan) return row;
  const stripe = stripeOrFail(app);
  const current = await retrieveSubscription(stripe, row.stripeSubscriptionId);
  return applySubscription(app, row, await switchPlan(stripe, app.env, current, plan));
}

/** The Stripe-hosted page to update the card; back to Settings afterwards. */
export async function paymentPortalUrl(app: FastifyInstance, row: UserRow): Promise<string> {
  const stripe = stripeOrFail(app);
  if (!row.stripeCustomerId) throw new HttpError(409, "There is no payment method on file");
  return createPortalSession(stripe, { customerId: row.stripeCustomerId, userId: row.id, returnUrl: `${appOrigin(app.env)}/settings` });
}

/**
 * Terms: refunds within 30 days of the initial purchase. Refunds the charges, ends the
 * subscription now, and ends Pro (lifetime included). The refund is claimed in the user's row
 * (refundedAt, set only where it is empty) before Stripe is called: of a double click, one
 * refunds and the other is told it is done (issue 39), and a Stripe failure gives the claim back.
 */
export async function refundPurchase(app: FastifyInstance, row: UserRow): Promise<{ row: UserRow; refundedCents: number }> {
  if (row.refundedAt) throw new HttpError(409, ALREADY_REFUNDED);
  if (!isRefundable(row)) throw new HttpError(409, REFUND_WINDOW_OVER);
  const stripe = stripeOrFail(app);
  const customerId = row.stripeCustomerId;
  if (!customerId) throw new HttpError(409, REFUND_WINDOW_OVER);
  const [claimed] = await app.db
    .update(users)
    .set({ refundedAt: new Date() })
    .where(and(eq(users.id, row.id), isNull(users.refundedAt)))
    .returning({ id: users.id });
  if (!claimed) throw new HttpError(409, ALREADY_REFUNDED);
  let refundedCents: number;
  try {
    refundedCents = await refundCustomer(stripe, { customerId, userId: row.id });
    if (row.stripeSubscriptionId) await endLiveSubscription(stripe, row.stripeSubscriptionId);
  } catch (err) {
    await app.db.update(users).set({ refundedAt: null }).where(eq(users.id, row.id));
    throw err;
  }
  const [saved] = await app.db
    .update(users)
    .set({
      subscriptionStatus: "free",
      subscriptionPlan: null,
      refundedAt: new Date(),
      pastDueSince: null,
      cancelAtPeriodEnd: false,
      currentPeriodEnd: null,
    })
    .where(eq(users.id, row.id))
    .returning();
  return { row: saved ?? row, refundedCents };
}

const ENDED = new Set<Stripe.Subscription.Status>(["canceled", "incomplete_expired"]);

async function endLiveSubscription(stripe: Stripe, id: string): Promise<void> {
  const sub = await retrieveSubscription(stripe, id).catch((err: unknown) => {
    if (err instanceof HttpError && /No such subscription/.test(err.message)) return null;
    throw err;
  });
  if (sub && !ENDED.has(sub.status)) await cancelNow(stripe, id);
}

/**
 * Account deletion, step one: stop the card provider billing this person. Throws (502) when
 * Stripe cannot be reached, so the account is only deleted once nothing bills it.
 */
export async function endBillingBeforeDeletion(app: FastifyInstance, row: UserRow): Promise<void> {
  if (!row.stripeSubscriptionId) return;
  const stripe = stripeFor(app.env);
  if (!stripe) return;
  await endLiveSubscription(stripe, row.stripeSubscriptionId);
}
