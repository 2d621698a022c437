import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { mailOutbox, processedWebhookEvents, users } from "../db/schema";
import { as, buildUser } from "../test/auth-helpers";
import { deliver, rowOf, statusSeenBy, subscriber, summaryOf, useStripeTestApp, WEBHOOK_SECRET } from "../test/billing-fixtures";
import type { FakeStripe } from "../test/fake-stripe";
import { createTestApp, type TestApp } from "../test/test-app";

const DAY_MS = 24 * 3600 * 1000;

let t: TestApp;
let stripe: FakeStripe;
useStripeTestApp((app, fake) => {
  t = app;
  stripe = fake;
});

const mailTo = async (email: string) => {
  await t.app.mail.idle();
  return t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
};

describe("POST /api/stripe/webhook", () => {
  it("reads the subscription's current state from Stripe: the trial becoming active makes the user active", async () => {
    const u = await subscriber(t, "yearly");
    expect(await rowOf(t, u.id)).toMatchObject({ subscriptionStatus: "trial", subscriptionPlan: "yearly" });
    const { subscription, invoice } = stripe.activate(u.subscriptionId);
    const res = await deliver(t, stripe, "customer.subscription.updated", subscription);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect(stripe.requests.map((r) => `${r.method} ${r.path}`)).toContain(`GET /v1/subscriptions/${u.subscriptionId}`);
    await deliver(t, stripe, "invoice.paid", invoice);
    const row = await rowOf(t, u.id);
    expect(row).toMatchObject({ subscriptionStatus: "active", subscriptionPlan: "yearly", pastDueSince: null, cancelAtPeriodEnd: false });
    expect(row.currentPeriodEnd!.getTime()).toBeGreaterThan(Date.now() + 300 * DAY_MS);
    expect(row.firstPaidAt).toBeInstanceOf(Date);
    expect(await statusSeenBy(t, u)).toBe("active");
  });

  it("is order-independent: an old updated(active) arriving after deleted cannot give Pro back", async () => {
    const u = await subscriber(t);
    const active = stripe.activate(u.subscriptionId).subscription;
    // Cancel at period end, and the period ends: Stripe deletes the subscription.
    expect((await t.app.inject({ method: "POST", url: "/api/subscription/cancel", headers: as(u) })).statusCode).toBe(200);
    const ended = stripe.endPeriod(u.subscriptionId);
    expect(ended.status).toBe("canceled");
    await deliver(t, stripe, "customer.subscription.deleted", ended);
    expect(await rowOf(t, u.id)).toMatchObject({ subscriptionStatus: "free", subscriptionPlan: null });
    // The stale event, created earlier, arrives last.
    const late = await deliver(t, stripe, "customer.subscription.updated", active, Math.floor(Date.now() / 1000) - 3600);
    expect(late.statusCode).toBe(200);
    expect((await rowOf(t, u.id)).subscriptionStatus).toBe("free");
    expect(await statusSeenBy(t, u)).toBe("free");
  });

  it("is order-independent: a late payment_failed after the recovery does not make the user past due", async () => {
    const u = await subscriber(t);
    stripe.activate(u.subscriptionId);
    const failed = stripe.failRenewal(u.subscriptionId);
    const recovered = stripe.recover(u.subscriptionId);
    await deliver(t, stripe, "invoice.paid", recovered.invoice);
    await deliver(t, stripe, "invoice.payment_failed", failed.invoice);
    expect(await rowOf(t, u.id)).toMatchObject({ subscriptionStatus: "active", pastDueSince: null });
  });

  it("processes an event once: the same delivery twice changes nothing the second time", async () => {
    const u = await subscriber(t);
    stripe.activate(u.subscriptionId);
    const failed = stripe.failRenewal(u.subscriptionId);
    const first = await deliver(t, stripe, "invoice.payment_failed", failed.invoice);
    expect(first.json()).toEqual({ received: true });
    const since = (await rowOf(t, u.id)).pastDueSince;
    expect(since).toBeInstanceOf(Date);
    const again = await t.app.inject({
      method: "POST",
      url: "/api/stripe/webhook",
      headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": first.signature },
      payload: first.eventBody,
    });
    expect(again.json()).toEqual({ received: true, duplicate: true });
    expect((await rowOf(t, u.id)).pastDueSince).toEqual(since);
    // One reminder mail, not two.
    const reminders = (await mailTo(u.email)).filter((m) => m.subject.includes("payment didn't go through"));
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.text).toContain("http://localhost/settings");
  });

  it("a bad or missing signature is a 400 and changes nothing (not even the processed list)", async () => {
    const u = await subscriber(t);
    const sub = stripe.activate(u.subscriptionId).subscription;
    const { payload, event } = stripe.signedEvent("customer.subscription.updated", sub, WEBHOOK_SECRET);
    const post = (headers: Record<string, string>, body = payload) =>
      t.app.inject({
        method: "POST",
        url: "/api/stripe/webhook",
        headers: { "content-type": "application/json", ...headers },
        payload: body,
      });
    const wrong = await post({ "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_other" }) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: "Invalid webhook signature" });
    expect((await post({ "stripe-signature": "t=1,v1=deadbeef" })).statusCode).toBe(400);
    expect((await post({})).statusCode).toBe(400);
    // A signature over different bytes (the body was tampered with) fails too.
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    expect((await post({ "stripe-signature": header }, JSON.stringify(JSON.parse(payload), null, 2))).statusCode).toBe(400);
    expect((await rowOf(t, u.id)).subscriptionStatus).toBe("trial");
    expect(await t.database.db.select().from(processedWebhookEvents).where(eq(processedWebhookEvents.id, event.id))).toEqual([]);
    // The genuine delivery still works afterwards.
    expect((await post({ "stripe-signature": header })).json()).toEqual({ received: true });
    expect((await rowOf(t, u.id)).subscriptionStatus).toBe("active");
  });

  it("an event for another customer changes nobody else", async () => {
    const bystander = await subscriber(t);
    const other = await subscriber(t);
    const before = await rowOf(t, bystander.id);
    const { subscription } = stripe.failRenewal(other.subscriptionId);
    await deliver(t, stripe, "customer.subscription.updated", subscription);
    await deliver(t, stripe, "payment_intent.succeeded", {
      id: "pi_1",
      object: "payment_intent",
      customer: "cus_someone_else",
      metadata: { userId: String(bystander.id), planType: "lifetime" },
    });
    await deliver(t, stripe, "charge.refunded", {
      id: "ch_1",
      object: "charge",
      customer: other.customer,
      refunded: true,
      amount: 699,
      amount_refunded: 699,
    });
    expect(await rowOf(t, bystander.id)).toEqual(before);
  });

  it("customer.subscription.trial_will_end mails a reminder 3 days ahead, unless the trial was cancelled", async () => {
    const u = await subscriber(t, "yearly");
    await deliver(t, stripe, "customer.subscription.trial_will_end", stripe.subscription(u.subscriptionId));
    const mails = (await mailTo(u.email)).filter((m) => m.subject.includes("trial ends soon"));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("http://localhost/settings");

    const v = await subscriber(t);
    expect((await t.app.inject({ method: "POST", url: "/api/subscription/cancel", headers: as(v) })).statusCode).toBe(200);
    await deliver(t, stripe, "customer.subscription.trial_will_end", stripe.subscription(v.subscriptionId));
    expect((await mailTo(v.email)).filter((m) => m.subject.includes("trial ends soon"))).toEqual([]);
  });

  it("charge.refunded from the Stripe dashboard ends a lifetime purchase", async () => {
    const u = await buildUser(t.app);
    await t.database.db
      .update(users)
      .set({ stripeCustomerId: "cus_lifetime_1", subscriptionStatus: "lifetime", subscriptionPlan: "lifetime" })
      .where(eq(users.id, u.id));
    await deliver(t, stripe, "charge.refunded", {
      id: "ch_2",
      object: "charge",
      customer: "cus_lifetime_1",
      refunded: true,
      amount: 7999,
      amount_refunded: 7999,
    });
    const row = await rowOf(t, u.id);
    expect(row).toMatchObject({ subscriptionStatus: "free" });
    expect(row.refundedAt).toBeInstanceOf(Date);
  });

  it("payment_intent.succeeded for lifetime grants lifetime, cancels the running subscription, and is never downgraded", async () => {
    const u = await subscriber(t);
    stripe.reset();
    await deliver(t, stripe, "payment_intent.succeeded", {
      id: "pi_2",
      object: "payment_intent",
      customer: u.customer,
      metadata: { userId: String(u.id), planType: "lifetime" },
    });
    const row = await rowOf(t, u.id);
    expect(row).toMatchObject({ subscriptionStatus: "lifetime", subscriptionPlan: "lifetime" });
    expect(row.firstPaidAt).toBeInstanceOf(Date);
    expect(stripe.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`DELETE /v1/subscriptions/${u.subscriptionId}`]);
    await deliver(t, stripe, "customer.subscription.deleted", stripe.subscription(u.subscriptionId));
    expect((await rowOf(t, u.id)).subscriptionStatus).toBe("lifetime");
    expect((await summaryOf(t, u)).state).toBe("lifetime");
  });

  it("payment_intent.succeeded whose metadata.userId is not the customer's user changes nothing", async () => {
    const [u, other] = [await subscriber(t), await buildUser(t.app)];
    await deliver(t, stripe, "payment_intent.succeeded", {
      id: "pi_3",
      object: "payment_intent",
      customer: u.customer,
      metadata: { userId: String(other.id), planType: "lifetime" },
    });
    await deliver(t, stripe, "payment_intent.succeeded", {
      id: "pi_4",
      object: "payment_intent",
      customer: u.customer,
      metadata: { userId: String(u.id) },
    });
    expect((await rowOf(t, u.id)).subscriptionStatus).toBe("trial");
    expect((await rowOf(t, other.id)).subscriptionStatus).toBe("free");
  });

  it("acknowledges event types it does not handle", async () => {
    const res = await deliver(t, stripe, "customer.created", { id: "cus_x", object: "customer" });
    expect(res.json()).toEqual({ received: true });
  });

  it("a Stripe outage while re-reading is a 502, so Stripe delivers the event again later", async () => {
    const u = await subscriber(t);
    const sub = stripe.activate(u.subscriptionId).subscription;
    stripe.failWith("/v1/subscriptions", "Service unavailable", 503);
    const res = await deliver(t, stripe, "customer.subscription.updated", sub);
    expect(res.statusCode).toBe(502);
    stripe.reset();
    expect(await t.database.db.select().from(processedWebhookEvents).where(eq(processedWebhookEvents.id, res.eventId))).toEqual([]);
    expect((await rowOf(t, u.id)).subscriptionStatus).toBe("trial");
  });
});

describe("without a webhook secret", () => {
  it("answers 503 and changes nothing", async () => {
    const bare = await createTestApp();
    try {
      const { payload, header } = stripe.signedEvent(
        "customer.subscription.updated",
        { id: "sub_1", object: "subscription" },
        WEBHOOK_SECRET,
      );
      const res = await bare.app.inject({
        method: "POST",
        url: "/api/stripe/webhook",
        headers: { "content-type": "application/json", "stripe-signature": header },
        payload,
      });
      expect(res.statusCode).toBe(503);
    } finally {
      await bare.close();
    }
  });
});
