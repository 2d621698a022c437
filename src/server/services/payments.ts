/**
 * Stripe, and only Stripe, lives here (docs/decisions/004-payments.md): the SDK client, the
 * few calls we make, their error mapping, and the pure rule that turns a Stripe
 * subscription into our user's subscription columns (used by the create route and the
 * webhook alike, so both keep the same state).
 */
import { createHash } from "node:crypto";
import Stripe from "stripe";
import { getPlan, type PlanType } from "../../domain/pricing";
import { PlanTypeSchema } from "../../domain/schemas/plan-type";
import type { Env } from "../env";
import { HttpError } from "../plugins/errors";

type PaymentEnv = Pick<Env, "STRIPE_SECRET_KEY" | "STRIPE_API_BASE" | "STRIPE_PRICE_MONTHLY" | "STRIPE_PRICE_YEARLY">;

const clients = new WeakMap<object, Stripe>();

/** host/port/protocol for the SDK from STRIPE_API_BASE (e.g. the tests' local fake). */
export function apiBaseOptions(base: string | undefined): { host?: string; port?: number; protocol?: "http" | "https" } {
  if (!base) return {};
  const url = new URL(base);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { host: url.hostname, port: Number(url.port || (protocol === "http" ? 80 : 443)), protocol };
}

/** The Stripe client for this configuration, or null when no secret key is set (card-free trials). */
export function stripeFor(env: PaymentEnv): Stripe | null {
  if (!env.STRIPE_SECRET_KEY) return null;
  let client = clients.get(env);
  if (!client) {
    client = new Stripe(env.STRIPE_SECRET_KEY, {
      ...apiBaseOptions(env.STRIPE_API_BASE),
      // One retry (the SDK adds an idempotency key); a user is waiting on the answer.
      maxNetworkRetries: 1,
      timeout: 15_000,
      appInfo: { name: "CleanSpace" },
    });
    clients.set(env, client);
  }
  return client;
}

/** Runs a Stripe call; a Stripe failure becomes a 502 naming the provider's message. */
export async function callStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof Stripe.errors.StripeError) throw new HttpError(502, `Payment provider error: ${err.message}`);
    throw err;
  }
}

export function priceIdFor(env: PaymentEnv, plan: "monthly" | "yearly"): string {
  const price = plan === "monthly" ? env.STRIPE_PRICE_MONTHLY : env.STRIPE_PRICE_YEARLY;
  if (!price) throw new Error(`No Stripe price configured for the ${plan} plan`);
  return price;
}

function planOf(env: PaymentEnv, sub: Pick<Stripe.Subscription, "items" | "metadata">): PlanType | null {
  const price = sub.items?.data?.[0]?.price?.id;
  if (price && price === env.STRIPE_PRICE_MONTHLY) return "monthly";
  if (price && price === env.STRIPE_PRICE_YEARLY) return "yearly";
  const fromMetadata = PlanTypeSchema.safeParse(sub.metadata?.planType);
  return fromMetadata.success ? fromMetadata.data : null;
}

export interface CustomerOwner {
  id: number;
  email: string;
  name: string;
}

/**
 * Creates the user's Stripe customer. The idempotency key (user + profile) makes a retry
 * within Stripe's 24 h window return the same customer, so we can store the id only once
 * everything succeeded and still never create duplicates on a retried request.
 */
export async function createCustomer(stripe: Stripe, user: CustomerOwner): Promise<string> {
  const profile = createHash("sha256").update(`${user.email}\n${user.name}`).digest("hex").slice(0, 16);
  const customer = await callStripe(() =>
    stripe.customers.create(
      { email: user.email, name: user.name, metadata: { userId: String(user.id) } },
      { idempotencyKey: `cleanspace-customer-${user.id}-${profile}` },
    ),
  );
  return customer.id;
}

export interface StartedSubscription {
  subscription: Stripe.Subscription;
  /** What the browser confirms: a SetupIntent while trialing, else the first invoice's PaymentIntent. */
  clientSecret: string | null;
  intent: "setup" | "payment";
}

/** The secret the Payment Element needs for this subscription, from its expanded fields. */
export function clientSecretOf(sub: Stripe.Subscription): Pick<StartedSubscription, "clientSecret" | "intent"> {
  const setup = sub.pending_setup_intent;
  if (sub.status === "trialing" || (setup && typeof setup === "object")) {
    return { clientSecret: setup && typeof setup === "object" ? setup.client_secret : null, intent: "setup" };
  }
  const invoice = sub.latest_invoice;
  const secret = invoice && typeof invoice === "object" ? (invoice.confirmation_secret?.client_secret ?? null) : null;
  return { clientSecret: secret, intent: "payment" };
}

/**
 * Idempotency key for a call that creates something: the same logical request (user, what,
 * and a caller-chosen discriminator such as the current subscription id) maps to one key,
 * so a retry after a timeout returns what Stripe already made instead of a second object.
 */
export function idempotencyKey(kind: string, userId: number, ...parts: (string | number | null | undefined)[]): string {
  const tail = createHash("sha256").update(parts.map(String).join("\n")).digest("hex").slice(0, 16);
  return `cleanspace-${kind}-${userId}-${tail}`;
}

export async function startSubscription(
  stripe: Stripe,
  env: PaymentEnv,
  args: { customerId: string; userId: number; plan: "monthly" | "yearly"; trialDays: number; attempt: string },
): Promise<StartedSubscription> {
  const subscription = await callStripe(() =>
    stripe.subscriptions.create(
      {
        customer: args.customerId,
        items: [{ price: priceIdFor(env, args.plan) }],
        ...(args.trialDays > 0
          ? {
              trial_period_days: args.trialDays,
              // A trial nobody added a card to ends by itself instead of billing nothing forever.
              trial_settings: { end_behavior: { missing_payment_method: "cancel" } },
            }
          : {}),
        payment_behavior: "default_incomplete",
        payment_settings: { save_default_payment_method: "on_subscription" },
        metadata: { userId: String(args.userId), planType: args.plan },
        // Stripe's API (2025-03-31 and later) carries the invoice's PaymentIntent secret in
        // `confirmation_secret`; `latest_invoice.payment_intent` no longer exists.
        expand: ["latest_invoice.confirmation_secret", "pending_setup_intent"],
      },
      { idempotencyKey: idempotencyKey("subscription", args.userId, args.customerId, args.plan, args.trialDays, args.attempt) },
    ),
  );
  return { subscription, ...clientSecretOf(subscription) };
}

export async function retrieveSubscription(stripe: Stripe, id: string): Promise<Stripe.Subscription> {
  // Both secrets a browser may need to finish: the SetupIntent's (trial) or the first invoice's.
  return callStripe(() => stripe.subscriptions.retrieve(id, { expand: ["latest_invoice.confirmation_secret", "pending_setup_intent"] }));
}

export async function createLifetimePayment(stripe: Stripe, args: { customerId: string; userId: number; amount: number; attempt: string }) {
  return callStripe(() =>
    stripe.paymentIntents.create(
      {
        amount: args.amount,
        currency: "usd",
        customer: args.customerId,
        description: `${getPlan("lifetime").name} (one-time)`,
        metadata: { userId: String(args.userId), planType: "lifetime" },
        automatic_payment_methods: { enabled: true },
      },
      { idempotencyKey: idempotencyKey("lifetime", args.userId, args.customerId, args.amount, args.attempt) },
    ),
  );
}

/** The subscription columns of a user row this module reads and writes. */
export interface SubscriptionColumns {
  subscriptionStatus: string;
  subscriptionPlan: string | null;
  stripeSubscriptionId: string | null;
  trialEndsAt: Date | null;
  pastDueSince: Date | null;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date | null;
}

/** End of the paid (or trial) period; on the subscription items since Stripe's 2025-03-31 API. */
export function periodEndOf(sub: Pick<Stripe.Subscription, "items" | "trial_end" | "status">): Date | null {
  if (sub.status === "trialing" && sub.trial_end) return new Date(sub.trial_end * 1000);
  const end = sub.items?.data?.[0]?.current_period_end;
  return typeof end === "number" ? new Date(end * 1000) : null;
}

/**
 * What a Stripe subscription in its current state means for our user (spec §4 lifecycle):
 * trialing → trial until trial_end; active → active; past_due/unpaid → still active with
 * pastDueSince set (the Terms' 7-day grace, enforced by effectiveStatus); canceled,
 * incomplete_expired, paused → free; incomplete → nothing yet (waiting for payment).
 * Lifetime is never downgraded, and a subscription that is not the user's current one
 * may only take over by being trialing or active — an abandoned one ending changes nothing.
 * Returns the columns to update, or null for no change.
 */
export function subscriptionChange(
  env: PaymentEnv,
  sub: Pick<Stripe.Subscription, "id" | "status" | "trial_end" | "items" | "metadata" | "cancel_at_period_end">,
  user: SubscriptionColumns,
  now: Date = new Date(),
): Partial<SubscriptionColumns> | null {
  if (user.subscriptionStatus === "lifetime") return null;
  const isCurrent = !user.stripeSubscriptionId || user.stripeSubscriptionId === sub.id;
  const plan = planOf(env, sub) ?? user.subscriptionPlan;
  const period = { cancelAtPeriodEnd: Boolean(sub.cancel_at_period_end), currentPeriodEnd: periodEndOf(sub) };
  switch (sub.status) {
    case "trialing":
      return {
        subscriptionStatus: "trial",
        subscriptionPlan: plan,
        stripeSubscriptionId: sub.id,
        trialEndsAt: sub.trial_end ? new Date(sub.trial_end * 1000) : user.trialEndsAt,
        pastDueSince: null,
        ...period,
      };
    case "active":
      return { subscriptionStatus: "active", subscriptionPlan: plan, stripeSubscriptionId: sub.id, pastDueSince: null, ...period };
    case "past_due":
    case "unpaid":
      if (!isCurrent) return null;
      return {
        subscriptionStatus: "active",
        subscriptionPlan: plan,
        stripeSubscriptionId: sub.id,
        pastDueSince: user.pastDueSince ?? now,
        ...period,
      };
    case "canceled":
    case "incomplete_expired":
    case "paused":
      if (!isCurrent) return null;
      return {
        subscriptionStatus: "free",
        subscriptionPlan: null,
        stripeSubscriptionId: sub.id,
        pastDueSince: null,
        cancelAtPeriodEnd: false,
        currentPeriodEnd: null,
      };
    default:
      return null;
  }
}

/** Cancel at the end of the paid period, or take that back (Resume). Changes, creates nothing. */
export async function setCancelAtPeriodEnd(stripe: Stripe, subscriptionId: string, cancel: boolean): Promise<Stripe.Subscription> {
  return callStripe(() => stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel }));
}

/** Monthly ↔ yearly on the same subscription item; Stripe prorates the difference. */
export async function switchPlan(
  stripe: Stripe,
  env: PaymentEnv,
  sub: Stripe.Subscription,
  plan: "monthly" | "yearly",
): Promise<Stripe.Subscription> {
  const item = sub.items.data[0];
  if (!item) throw new HttpError(409, "This subscription has no plan to change");
  return callStripe(() =>
    stripe.subscriptions.update(sub.id, {
      items: [{ id: item.id, price: priceIdFor(env, plan) }],
      proration_behavior: "create_prorations",
      cancel_at_period_end: false,
      metadata: { planType: plan },
    }),
  );
}

/** Ends a subscription now (account deletion, refund). Creates nothing, so no key is needed. */
export async function cancelNow(stripe: Stripe, subscriptionId: string): Promise<void> {
  try {
    await stripe.subscriptions.cancel(subscriptionId);
  } catch (err) {
    // Already gone at Stripe (cancelled there, or never existed): nothing left to bill.
    if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404) return;
    if (err instanceof Stripe.errors.StripeError) throw new HttpError(502, `Payment provider error: ${err.message}`);
    throw err;
  }
}

/** A Stripe-hosted page where the customer updates their card; it returns to `returnUrl`. */
export async function createPortalSession(
  stripe: Stripe,
  args: { customerId: string; userId: number; returnUrl: string },
): Promise<string> {
  const session = await callStripe(() =>
    stripe.billingPortal.sessions.create(
      { customer: args.customerId, return_url: args.returnUrl },
      // One session per user per minute: a double click opens the same page.
      { idempotencyKey: idempotencyKey("portal", args.userId, args.customerId, Math.floor(Date.now() / 60_000)) },
    ),
  );
  return session.url;
}

/**
 * Refunds every captured, not yet refunded charge of the customer (within the 30-day window
 * that is the first purchase, plus any prorated change). Each refund is keyed by its charge,
 * so a retried request never refunds twice. Returns the amount refunded, in cents.
 */
export async function refundCustomer(stripe: Stripe, args: { customerId: string; userId: number }): Promise<number> {
  const charges = await callStripe(() => stripe.charges.list({ customer: args.customerId, limit: 100 }));
  let total = 0;
  for (const charge of charges.data) {
    const left = charge.amount_captured - charge.amount_refunded;
    if (charge.status !== "succeeded" || !charge.paid || left <= 0) continue;
    await callStripe(() =>
      stripe.refunds.create(
        { charge: charge.id, reason: "requested_by_customer", metadata: { userId: String(args.userId) } },
        { idempotencyKey: idempotencyKey("refund", args.userId, charge.id) },
      ),
    );
    total += left;
  }
  return total;
}
