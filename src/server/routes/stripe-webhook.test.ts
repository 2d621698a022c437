import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { processedWebhookEvents, users } from "../db/schema";
import { as, buildUser, type TestUser } from "../test/auth-helpers";
import { startFakeStripe, type FakeStripe } from "../test/fake-stripe";
import { createTestApp, type TestApp } from "../test/test-app";

const SECRET = "whsec_test";
const DAY_MS = 24 * 3600 * 1000;

let t: TestApp;
let stripe: FakeStripe;
beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await createTestApp({
    STRIPE_SECRET_KEY: "sk_test_x",
    STRIPE_PUBLISHABLE_KEY: "pk_test_x",
    STRIPE_PRICE_MONTHLY: "price_monthly",
    STRIPE_PRICE_YEARLY: "price_yearly",
    STRIPE_WEBHOOK_SECRET: SECRET,
    STRIPE_API_BASE: stripe.url,
  });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const newId = (prefix: string) => `${prefix}_${randomBytes(8).toString("hex")}`;

function event(type: string, object: Record<string, unknown>, id = newId("evt")) {
  return { id, object: "event", type, api_version: "2026-10-28.endive", created: Math.floor(Date.now() / 1000), data: { object } };
}

function subscriptionObject(customer: string, status: string, extra: Record<string, unknown> = {}) {
  return {
    id: "sub_current",
    object: "subscription",
    customer,
    status,
    trial_end: null,
    metadata: {},
    items: { object: "list", data: [{ id: "si_1", object: "subscription_item", price: { id: "price_yearly", object: "price" } }] },
    ...extra,
  };
}

async function deliver(payload: unknown, { secret = SECRET, signature }: { secret?: string; signature?: string } = {}) {
  const body = JSON.stringify(payload);
  const header = signature ?? Stripe.webhooks.generateTestHeaderString({ payload: body, secret });
  // Stripe's own request: no Origin, no cookie.
  return t.app.inject({ method: "POST", url: "/api/stripe/webhook", headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": header }, payload: body });
}

/** A user with a Stripe customer (and optionally a current subscription) on file. */
async function customerUser(columns: Partial<typeof users.$inferInsert> = {}): Promise<TestUser & { customer: string }> {
  const u = await buildUser(t.app);
  const customer = newId("cus");
  await t.database.db.update(users).set({ stripeCustomerId: customer, ...columns }).where(eq(users.id, u.id));
  return { ...u, customer };
}

const rowOf = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;
const statusSeenBy = async (u: TestUser) => (await t.app.inject({ method: "GET", url: "/api/auth/me", headers: as(u) })).json().subscriptionStatus;

describe("POST /api/stripe/webhook", () => {
  it("a signed customer.subscription.updated (active) makes the user active", async () => {
    const u = await customerUser();
    const res = await deliver(event("customer.subscription.updated", subscriptionObject(u.customer, "active")));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect(await rowOf(u.id)).toMatchObject({ subscriptionStatus: "active", subscriptionPlan: "yearly", stripeSubscriptionId: "sub_current", pastDueSince: null });
    expect(await statusSeenBy(u)).toBe("active");
  });

  it("trialing becomes a trial ending at trial_end", async () => {
    const u = await customerUser();
    const trialEnd = Math.floor(Date.now() / 1000) + 3 * 86400;
    await deliver(event("customer.subscription.created", subscriptionObject(u.customer, "trialing", { trial_end: trialEnd, metadata: { planType: "monthly" }, items: { data: [] } })));
    const row = await rowOf(u.id);
    expect(row).toMatchObject({ subscriptionStatus: "trial", subscriptionPlan: "monthly" });
    expect(row.trialEndsAt!.getTime()).toBe(trialEnd * 1000);
  });

  it("a bad or missing signature is a 400 and changes nothing (not even the processed list)", async () => {
    const u = await customerUser();
    const evt = event("customer.subscription.updated", subscriptionObject(u.customer, "active"));
    const wrongSecret = await deliver(evt, { secret: "whsec_other" });
    expect(wrongSecret.statusCode).toBe(400);
    expect(wrongSecret.json()).toEqual({ error: "Invalid webhook signature" });
    expect((await deliver(evt, { signature: "t=1,v1=deadbeef" })).statusCode).toBe(400);
    const unsigned = await t.app.inject({ method: "POST", url: "/api/stripe/webhook", headers: { "content-type": "application/json" }, payload: JSON.stringify(evt) });
    expect(unsigned.statusCode).toBe(400);
    // A signature over different bytes (the body was tampered with) fails too.
    const header = Stripe.webhooks.generateTestHeaderString({ payload: JSON.stringify(evt), secret: SECRET });
    const tampered = await t.app.inject({
      method: "POST",
      url: "/api/stripe/webhook",
      headers: { "content-type": "application/json", "stripe-signature": header },
      payload: JSON.stringify(evt, null, 2),
    });
    expect(tampered.statusCode).toBe(400);
    expect((await rowOf(u.id)).subscriptionStatus).toBe("free");
    expect(await t.database.db.select().from(processedWebhookEvents).where(eq(processedWebhookEvents.id, evt.id))).toEqual([]);
    // The genuine delivery still works afterwards.
    expect((await deliver(evt)).json()).toEqual({ received: true });
    expect((await rowOf(u.id)).subscriptionStatus).toBe("active");
  });

  it("processes an event once: a replayed id carrying another status is ignored", async () => {
    const u = await customerUser();
    const id = newId("evt");
    expect((await deliver(event("customer.subscription.updated", subscriptionObject(u.customer, "active"), id))).json()).toEqual({ received: true });
    const replay = await deliver(event("customer.subscription.updated", subscriptionObject(u.customer, "canceled"), id));
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect((await rowOf(u.id)).subscriptionStatus).toBe("active");
  });

  it("an event for another customer changes nobody else", async () => {
    const bystander = await customerUser({ subscriptionStatus: "active", stripeSubscriptionId: "sub_current" });
    const before = await rowOf(bystander.id);
    for (const type of ["customer.subscription.deleted", "customer.subscription.updated"]) {
      expect((await deliver(event(type, subscriptionObject("cus_someone_else", type.endsWith("deleted") ? "canceled" : "trialing")))).statusCode).toBe(200);
    }
    await deliver(event("invoice.payment_failed", { id: "in_1", object: "invoice", customer: "cus_someone_else", parent: null }));
    await deliver(event("payment_intent.succeeded", { id: "pi_1", object: "payment_intent", customer: "cus_someone_else", metadata: { userId: String(bystander.id), planType: "lifetime" } }));
    expect(await rowOf(bystander.id)).toEqual(before);
  });

  it("past_due keeps access for 7 days (the Terms' grace), then the user is free; invoice.paid restores it", async () => {
    const u = await customerUser({ subscriptionStatus: "active", subscriptionPlan: "yearly", stripeSubscriptionId: "sub_current" });
    await deliver(event("customer.subscription.updated", subscriptionObject(u.customer, "past_due")));
    const row = await rowOf(u.id);
    expect(row.subscriptionStatus).toBe("active");
    expect(row.pastDueSince).toBeInstanceOf(Date);
    expect(await statusSeenBy(u)).toBe("active");
    const summary = (await t.app.inject({ method: "GET", url: "/api/subscription", headers: as(u) })).json();
    expect(new Date(summary.graceEndsAt).getTime()).toBe(row.pastDueSince!.getTime() + 7 * DAY_MS);

    // A second failure notice does not restart the grace period.
    await deliver(event("invoice.payment_failed", { id: "in_2", object: "invoice", customer: u.customer, parent: null }));
    expect((await rowOf(u.id)).pastDueSince).toEqual(row.pastDueSince);

    await t.database.db.update(users).set({ pastDueSince: new Date(Date.now() - 7 * DAY_MS - 60_000) }).where(eq(users.id, u.id));
    expect(await statusSeenBy(u)).toBe("free");

    await deliver(event("invoice.paid", { id: "in_3", object: "invoice", customer: u.customer, parent: null }));
    expect((await rowOf(u.id)).pastDueSince).toBeNull();
    expect(await statusSeenBy(u)).toBe("active");
  });

  it("invoice.payment_failed starts the grace period for a paying user", async () => {
    const u = await customerUser({ subscriptionStatus: "active", stripeSubscriptionId: "sub_current" });
    await deliver(event("invoice.payment_failed", { id: "in_4", object: "invoice", customer: u.customer, parent: { subscription_details: { subscription: "sub_current" } } }));
    expect((await rowOf(u.id)).pastDueSince).toBeInstanceOf(Date);
  });

  it.each(["canceled", "incomplete_expired"])("%s, and customer.subscription.deleted, make the user free", async (status) => {
    const u = await customerUser({ subscriptionStatus: "active", subscriptionPlan: "yearly", stripeSubscriptionId: "sub_current" });
    await deliver(event("customer.subscription.updated", subscriptionObject(u.customer, status)));
    expect(await rowOf(u.id)).toMatchObject({ subscriptionStatus: "free", subscriptionPlan: null });

    const v = await customerUser({ subscriptionStatus: "active", stripeSubscriptionId: "sub_current" });
    await deliver(event("customer.subscription.deleted", subscriptionObject(v.customer, "canceled")));
    expect((await rowOf(v.id)).subscriptionStatus).toBe("free");
  });

  it("the end of an abandoned, non-current subscription does not touch the current one", async () => {
    const u = await customerUser({ subscriptionStatus: "active", stripeSubscriptionId: "sub_current" });
    await deliver(event("customer.subscription.deleted", subscriptionObject(u.customer, "canceled", { id: "sub_abandoned" })));
    expect(await rowOf(u.id)).toMatchObject({ subscriptionStatus: "active", stripeSubscriptionId: "sub_current" });
  });

  it("payment_intent.succeeded for lifetime grants lifetime, cancels the running subscription, and is never downgraded", async () => {
    const u = await buildUser(t.app);
    // A real trialing subscription at the fake, so the cancel call has something to cancel.
    await t.app.inject({ method: "POST", url: "/api/create-subscription", headers: as(u), payload: { userId: u.id, planType: "monthly" } });
    const before = await rowOf(u.id);
    expect(before.subscriptionStatus).toBe("trial");
    stripe.reset();
    await deliver(event("payment_intent.succeeded", { id: "pi_2", object: "payment_intent", customer: before.stripeCustomerId, metadata: { userId: String(u.id), planType: "lifetime" } }));
    expect(await rowOf(u.id)).toMatchObject({ subscriptionStatus: "lifetime", subscriptionPlan: "lifetime" });
    expect(stripe.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`DELETE /v1/subscriptions/${before.stripeSubscriptionId}`]);

    await deliver(event("customer.subscription.deleted", subscriptionObject(before.stripeCustomerId!, "canceled", { id: before.stripeSubscriptionId })));
    expect((await rowOf(u.id)).subscriptionStatus).toBe("lifetime");
    expect(await statusSeenBy(u)).toBe("lifetime");
  });

  it("payment_intent.succeeded whose metadata.userId is not the customer's user changes nothing", async () => {
    const [u, other] = [await customerUser(), await buildUser(t.app)];
    await deliver(event("payment_intent.succeeded", { id: "pi_3", object: "payment_intent", customer: u.customer, metadata: { userId: String(other.id), planType: "lifetime" } }));
    await deliver(event("payment_intent.succeeded", { id: "pi_4", object: "payment_intent", customer: u.customer, metadata: { userId: String(u.id) } }));
    expect((await rowOf(u.id)).subscriptionStatus).toBe("free");
    expect((await rowOf(other.id)).subscriptionStatus).toBe("free");
  });

  it("acknowledges event types it does not handle", async () => {
    const res = await deliver(event("customer.created", { id: "cus_x", object: "customer" }));
    expect(res.json()).toEqual({ received: true });
  });
});

describe("without a webhook secret", () => {
  it("answers 503 and changes nothing", async () => {
    const bare = await createTestApp();
    try {
      const payload = JSON.stringify(event("customer.subscription.updated", subscriptionObject("cus_1", "active")));
      const res = await bare.app.inject({
        method: "POST",
        url: "/api/stripe/webhook",
        headers: { "content-type": "application/json", "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }) },
        payload,
      });
      expect(res.statusCode).toBe(503);
    } finally {
      await bare.close();
    }
  });
});
