/**
 * POST /api/stripe/webhook (ARCHITECTURE "Stripe webhooks: raw body, signature verified,
 * processed once per event id"). The event id is recorded in the same transaction that
 * applies it: a replay is answered `{ received: true, duplicate: true }` and changes
 * nothing, and a failure rolls both back so Stripe's retry applies it later. Users are
 * found by their Stripe customer id only, so an event never touches another customer.
 */
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import Stripe from "stripe";
import type { Env } from "../env";
import type { Db } from "../db/client";
import { processedWebhookEvents, users } from "../db/schema";
import { HttpError } from "../plugins/errors";
import { callStripe, stripeFor, subscriptionChange } from "../services/payments";

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
}

async function applyEvent(tx: Tx, env: Env, event: Stripe.Event): Promise<Applied> {
  const setUser = (id: number, values: Partial<UserRow>) => tx.update(users).set(values).where(eq(users.id, id));
  switch (event.type) {
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted": {
      const sub = event.data.object;
      const user = await userByCustomer(tx, sub.customer);
      const change = user ? subscriptionChange(env, sub, user) : null;
      if (user && change) await setUser(user.id, change);
      return {};
    }
    case "invoice.payment_failed": {
      const invoice = event.data.object;
      const user = await userByCustomer(tx, invoice.customer);
      const subId = idOf(invoice.parent?.subscription_details?.subscription);
      const current = !subId || !user?.stripeSubscriptionId || subId === user.stripeSubscriptionId;
      const paying = user?.subscriptionStatus === "active" || user?.subscriptionStatus === "trial";
      if (user && current && paying && !user.pastDueSince) await setUser(user.id, { pastDueSince: new Date() });
      return {};
    }
    case "invoice.paid": {
      const user = await userByCustomer(tx, event.data.object.customer);
      if (user?.pastDueSince) await setUser(user.id, { pastDueSince: null });
      return {};
    }
    case "payment_intent.succeeded": {
      const intent = event.data.object;
      if (intent.metadata?.planType !== "lifetime") return {};
      const user = await userByCustomer(tx, intent.customer);
      // Both must agree: the customer we stored and the user id we put in the metadata.
      if (!user || intent.metadata.userId !== String(user.id)) return {};
      await setUser(user.id, { subscriptionStatus: "lifetime", subscriptionPlan: "lifetime", pastDueSince: null });
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

    const outcome = await app.db.transaction(async (tx) => {
      const fresh = await tx
        .insert(processedWebhookEvents)
        .values({ id: event.id, type: event.type })
        .onConflictDoNothing({ target: processedWebhookEvents.id })
        .returning({ id: processedWebhookEvents.id });
      if (fresh.length === 0) return null;
      return applyEvent(tx, app.env, event);
    });
    if (outcome === null) return { received: true, duplicate: true };
    if (outcome.cancelSubscription) await cancelReplacedSubscription(app.env, request.log, outcome.cancelSubscription);
    return { received: true };
  });
};
