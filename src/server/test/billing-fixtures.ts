/** Shared set-up of the billing API suites: an app talking to the fake Stripe, and helpers. */
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { users } from "../db/schema";
import { as, buildUser, type TestUser } from "./auth-helpers";
import { startFakeStripe, type FakeStripe } from "./fake-stripe";
import { createTestApp, type TestApp } from "./test-app";

export const WEBHOOK_SECRET = "whsec_test";

export function createStripeTestApp(stripe: FakeStripe, extra: Record<string, string> = {}): Promise<TestApp> {
  return createTestApp({
    STRIPE_SECRET_KEY: "sk_test_x",
    STRIPE_PUBLISHABLE_KEY: "pk_test_x",
    STRIPE_PRICE_MONTHLY: "price_monthly",
    STRIPE_PRICE_YEARLY: "price_yearly",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: stripe.url,
    // The origin test requests carry (SAME_ORIGIN, with its default port that the server
    // normalises away); links in mail are built from it.
    APP_ORIGIN: "http://localhost:80",
    ...extra,
  });
}

/**
 * The hooks of a suite that talks to the fake Stripe: one fake and one app for the block (or
 * file), handed over through `ready`; the fake's record is cleared before each test and every
 * request it got must have been expected after it (unhandled requests are errors).
 */
export function useStripeTestApp(ready: (t: TestApp, stripe: FakeStripe) => void): void {
  let t: TestApp;
  let stripe: FakeStripe;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await createStripeTestApp(stripe);
    ready(t, stripe);
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });
  beforeEach(() => stripe.reset());
  afterEach(() => stripe.verify());
}

export const rowOf = async (t: TestApp, id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;

export interface Subscriber extends TestUser {
  subscriptionId: string;
  customer: string;
}

/** A user who subscribed through the real route: a trialing subscription at the fake Stripe. */
export async function subscriber(t: TestApp, planType: "monthly" | "yearly" = "monthly"): Promise<Subscriber> {
  const u = await buildUser(t.app);
  const res = await t.app.inject({ method: "POST", url: "/api/create-subscription", headers: as(u), payload: { userId: u.id, planType } });
  if (res.statusCode !== 200) throw new Error(`subscribe failed: ${res.statusCode} ${res.body}`);
  const row = await rowOf(t, u.id);
  return { ...u, subscriptionId: row.stripeSubscriptionId!, customer: row.stripeCustomerId! };
}

/** Delivers a webhook signed as Stripe signs it (no Origin, no cookie). */
export async function deliver(t: TestApp, stripe: FakeStripe, type: string, object: Record<string, unknown>, created?: number) {
  const { payload, header, event } = stripe.signedEvent(type, object, WEBHOOK_SECRET, created);
  const res = await t.app.inject({
    method: "POST",
    url: "/api/stripe/webhook",
    headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": header },
    payload,
  });
  return Object.assign(res, { eventId: event.id, eventBody: payload, signature: header });
}

export const summaryOf = async (t: TestApp, u: TestUser) =>
  (await t.app.inject({ method: "GET", url: "/api/subscription", headers: as(u) })).json();
export const statusSeenBy = async (t: TestApp, u: TestUser) =>
  (await t.app.inject({ method: "GET", url: "/api/auth/me", headers: as(u) })).json().subscriptionStatus;

export const action = (t: TestApp, u: TestUser, name: string, payload?: Record<string, unknown>) =>
  payload === undefined
    ? t.app.inject({ method: "POST", url: `/api/subscription/${name}`, headers: as(u) })
    : t.app.inject({ method: "POST", url: `/api/subscription/${name}`, headers: as(u), payload });
