/**
 * POST /api/stripe/webhook (ARCHITECTURE "Stripe webhooks: raw body, signature verified,
 * processed once per event id"). The event id is recorded in the same transaction that
 * applies it: a replay is answered `{ received: true, duplicate: true }` and changes
 * nothing, and a failure rolls both back so Stripe's retry applies it later. Users are
 * found by their Stripe customer id only, so an event never touches another customer.
 * Subscription and invoice events re-read the subscription from Stripe (decision 011).
 */
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import Stripe from "stripe";
import type { Env } from "../env";
import type { Db } from "../db/client";
import { processedWebhookEvents, users } from "../db/schema";
import { HttpError } from "../plugins/errors";
import { graceEndsAt } from "../../domain/billing";
import { appOrigin } from "../env";
import type { MailMessage } from "../services/mail";
import { paymentFailedMail, trialEndingMail } from "../services/mail-templates";
import { callStripe, retrieveSubscription, stripeFor, subscriptionChange } from "../services/payments";

/** Stripe events are small, but leave room above the app-wide 256 KB limit. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;
export const BAD_SIGNATURE = "Invalid webhook signature";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type UserRow = typeof users.$inferSelect;

const idOf = (ref: string | { id: string } | null | undefined): string | null => (typeof ref === "string" ? ref : (ref?.id ?? null));

async function userByCustomer(tx: Tx, customer: string | { id: string } | null | undefined): Promise<UserRow | undefined> {
  const customerId = idOf(customer);
  if (!customerId) return undefined;
  const [row] = await tx.select().from(users).where(eq(users.stripeCustomerId, customerId)).limit(1);
  return row;
}

interface Applied {
  /** A subscription to cancel at Stripe once the transaction committed (replaced by lifetime). */
  cancelSubscription?: string;
  /** Mail to queue once the transaction committed. */
  mail?: MailMessage;
}

/** The subscription an event is about, if any (the subscription itself, or an invoice's). */
function subscriptionIdOf(event: Stripe.Event): string | null {
  switch (event.type) {
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
    case "customer.subscription.trial_will_end":
      return event.data.object.id;
    case "invoice.paid":
    case "invoice.payment_failed":
      return idOf(event.data.object.parent?.subscription_details?.subscription);
    default:
      return null;
  }
}

/**
 * Order independence: Stripe does not deliver events in order, so an event only
 * says "this subscription changed"; its current state is read from Stripe. An old
 * `updated(active)` arriving after `deleted` then applies the canceled state, never Pro.
 * Without a secret key (webhook-only set-ups) the event's own copy is used.
 */
async function currentSubscription(env: Env, event: Stripe.Event): Promise<Stripe.Subscription | null> {
  const id = subscriptionIdOf(event);
  if (!id) return null;
  const stripe = stripeFor(env);
  if (stripe) return retrieveSubscription(stripe, id);
  return event.type.startsWith("customer.subscription.") ? (event.data.object as Stripe.Subscription) : null;
}

const settingsLink = (env: Env) => `${appOrigin(env)}/settings`;

async function applyEvent(tx: Tx, env: Env, event: Stripe.Event, sub: Stripe.Subscription | null): Promise<Applied> {
  const setUser = (id: number, values: Partial<UserRow>) => tx.update(users).set(values).where(eq(users.id, id));
  const syncSubscription = async (user: UserRow | undefined) => {
    const change = user && sub ? subscriptionChange(env, sub, user) : null;
    if (user && change) await setUser(user.id, change);
    return user && change ? { ...user, ...change } : user;
  };
  switch (event.type) {
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      await syncSubscription(await userByCustomer(tx, event.data.object.customer));
      return {};
    case "customer.subscription.trial_will_end": {
      const user = await syncSubscription(await userByCustomer(tx, event.data.object.customer));
      // Remind only if the trial will really end in a charge (not cancelled meanwhile).
      if (!user || !sub || sub.status !== "trialing" || sub.cancel_at_period_end || user.stripeSubscriptionId !== sub.id) return {};
      return { mail: trialEndingMail(user, settingsLink(env), user.trialEndsAt) };
    }
    case "invoice.payment_failed": {
      const user = await syncSubscription(await userByCustomer(tx, event.data.object.customer));
      if (!user?.pastDueSince || user.subscriptionStatus !== "active") return {};
      return { mail: paymentFailedMail(user, settingsLink(env), graceEndsAt(user.pastDueSince)) };
    }
    case "invoice.paid": {
      const invoice = event.data.object;
      const user = await syncSubscription(await userByCustomer(tx, invoice.customer));
      // The Terms' 30-day refund window starts at the first real payment (not a $0 trial invoice).
      if (user && !user.firstPaidAt && invoice.amount_paid > 0) await setUser(user.id, { firstPaidAt: new Date(event.created * 1000) });
      return {};
    }
    case "charge.refunded": {
      // A refund issued from the Stripe dashboard: recorded, and a refunded lifetime ends.
      const charge = event.data.object;
      const user = await userByCustomer(tx, charge.customer);
      if (!user || !charge.refunded) return {};
      const ends = user.subscriptionStatus === "lifetime" ? { subscriptionStatus: "free", subscriptionPlan: null } : {};
      await setUser(user.id, { refundedAt: user.refundedAt ?? new Date(event.created * 1000), ...ends });
      return {};
    }
    case "payment_intent.succeeded": {
      const intent = event.data.object;
      if (intent.metadata?.planType !== "lifetime") return {};
      const user = await userByCustomer(tx, intent.customer);
      // Both must agree: the customer we stored and the user id we put in the metadata.
      if (!user || intent.metadata.userId !== String(user.id)) return {};
      await setUser(user.id, {
        subscriptionStatus: "lifetime",
        subscriptionPlan: "lifetime",
        pastDueSince: null,
        cancelAtPeriodEnd: false,
        firstPaidAt: user.firstPaidAt ?? new Date(event.created * 1000),
      });
      const billing = user.subscriptionStatus === "active" || user.subscriptionStatus === "trial";
      return billing && user.stripeSubscriptionId ? { cancelSubscription: user.stripeSubscriptionId } : {};
    }
    default:
      return {};
  }
}

/** Lifetime replaces a running subscription: stop billing it. Best effort, logged on failure. */
async function cancelReplacedSubscription(env: Env, log: FastifyBaseLogger, id: string): Promise<void> {
  const stripe = stripeFor(env);
  if (!stripe) return;
  await callStripe(() => stripe.subscriptions.cancel(id)).catch((err: unknown) =>
    log.error({ err, subscription: id }, "could not cancel the subscription replaced by lifetime; cancel it in the Stripe dashboard"),
  );
}

export const stripeWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  // Scoped to this plugin's encapsulation context: the signature covers the exact bytes,
  // so this route keeps the raw Buffer while every other route still parses JSON.
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer", bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => {
    done(null, body);
  });

  app.post("/api/stripe/webhook", { bodyLimit: WEBHOOK_BODY_LIMIT }, async (request) => {
    const secret = app.env.STRIPE_WEBHOOK_SECRET;
    if (!secret) throw new HttpError(503, "Stripe webhooks are not configured on this server");
    const signature = request.headers["stripe-signature"];
    if (typeof signature !== "string" || !Buffer.isBuffer(request.body)) throw new HttpError(400, BAD_SIGNATURE);
    let event: Stripe.Event;
    try {
      event = Stripe.webhooks.constructEvent(request.body, signature, secret);
    } catch {
      throw new HttpError(400, BAD_SIGNATURE);
    }

    // Read before the transaction so no database lock waits on the network.
    const sub = await currentSubscription(app.env, event);
    const outcome = await app.db.transaction(async (tx) => {
      const fresh = await tx
        .insert(processedWebhookEvents)
        .values({ id: event.id, type: event.type })
        .onConflictDoNothing({ target: processedWebhookEvents.id })
        .returning({ id: processedWebhookEvents.id });
      if (fresh.length === 0) return null;
      return applyEvent(tx, app.env, event, sub);
    });
    if (outcome === null) return { received: true, duplicate: true };
    if (outcome.cancelSubscription) await cancelReplacedSubscription(app.env, request.log, outcome.cancelSubscription);
    if (outcome.mail)
      await app.mail.send(outcome.mail).catch((err: unknown) => request.log.warn({ err, event: event.id }, "billing mail not queued"));
    return { received: true };
  });
};
