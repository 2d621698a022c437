import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, users } from "../db/schema";
import { as, buildUser, buildVerifiedUser, verificationTokenFor } from "../test/auth-helpers";
import { action, deliver, rowOf, statusSeenBy, subscriber, summaryOf, useStripeTestApp } from "../test/billing-fixtures";
import type { FakeStripe } from "../test/fake-stripe";
import { createTestApp, SAME_ORIGIN, type TestApp } from "../test/test-app";
import { ALREADY_REFUNDED, NO_PROVIDER, REFUND_WINDOW_OVER, TOO_LATE_TO_CANCEL } from "../services/billing";
import { ALREADY_VERIFIED, BAD_VERIFY_LINK } from "./billing";

const DAY_MS = 24 * 3600 * 1000;

describe("with Stripe (the local fake)", () => {
  let t: TestApp;
  let stripe: FakeStripe;
  useStripeTestApp((app, fake) => {
    t = app;
    stripe = fake;
  });

  /** A paying subscriber: trial ended with a card, first invoice paid (webhooks delivered). */
  async function payingSubscriber(plan: "monthly" | "yearly" = "monthly") {
    const u = await subscriber(t, plan);
    const { subscription, invoice } = stripe.activate(u.subscriptionId);
    await deliver(t, stripe, "customer.subscription.updated", subscription);
    await deliver(t, stripe, "invoice.paid", invoice);
    stripe.reset();
    return u;
  }

  it("cancel sets cancel at period end at Stripe; Pro stays until then; resume takes it back", async () => {
    const u = await payingSubscriber();
    const before = await summaryOf(t, u);
    expect(before).toMatchObject({
      state: "active",
      plan: "monthly",
      withCard: true,
      actions: { cancel: true, resume: false, changePlan: true, updatePayment: true, refund: true },
    });
    expect(new Date(before.renewsAt).getTime()).toBeGreaterThan(Date.now() + 25 * DAY_MS);

    const cancelled = await action(t, u, "cancel");
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({
      status: "active",
      state: "canceling",
      renewsAt: before.renewsAt,
      actions: { cancel: false, resume: true },
    });
    expect(stripe.requests.map((r) => [r.method, r.path, r.body])).toEqual([
      ["POST", `/v1/subscriptions/${u.subscriptionId}`, { cancel_at_period_end: "true" }],
    ]);
    expect(stripe.subscription(u.subscriptionId)).toMatchObject({ cancel_at_period_end: true, status: "active" });
    expect(await statusSeenBy(t, u)).toBe("active");

    const resumed = await action(t, u, "resume");
    expect(resumed.json()).toMatchObject({ state: "active", actions: { cancel: true, resume: false } });
    expect(stripe.subscription(u.subscriptionId)).toMatchObject({ cancel_at_period_end: false });
    expect((await action(t, u, "resume")).statusCode).toBe(409);

    // Cancel again, and the period ends: Stripe deletes it, the webhook ends Pro.
    await action(t, u, "cancel");
    await deliver(t, stripe, "customer.subscription.deleted", stripe.endPeriod(u.subscriptionId));
    expect(await summaryOf(t, u)).toMatchObject({ state: "none", status: "free", plan: null });
  });

  it("cancel is refused less than 24 h before the renewal (Terms)", async () => {
    const u = await payingSubscriber();
    await t.database.db
      .update(users)
      .set({ currentPeriodEnd: new Date(Date.now() + 23 * 3600 * 1000) })
      .where(eq(users.id, u.id));
    expect((await summaryOf(t, u)).actions.cancel).toBe(false);
    const res = await action(t, u, "cancel");
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: TOO_LATE_TO_CANCEL });
    expect(stripe.requests).toEqual([]);
  });

  it("a trial with a card can be cancelled any time: it then ends at trial end without a charge", async () => {
    const u = await subscriber(t, "yearly");
    const res = await action(t, u, "cancel");
    expect(res.json()).toMatchObject({ status: "trial", state: "canceling", withCard: true });
    expect(stripe.subscription(u.subscriptionId)).toMatchObject({ status: "trialing", cancel_at_period_end: true });
  });

  it("change plan: monthly ↔ yearly on the same subscription item, prorated by Stripe", async () => {
    const u = await payingSubscriber("monthly");
    const item = (stripe.subscription(u.subscriptionId).items as { data: { id: string }[] }).data[0]!.id;
    const res = await action(t, u, "change-plan", { planType: "yearly" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ plan: "yearly", state: "active" });
    const update = stripe.requests.find((r) => r.method === "POST")!;
    expect(update.body).toEqual({
      items: [{ id: item, price: "price_yearly" }],
      proration_behavior: "create_prorations",
      cancel_at_period_end: "false",
      metadata: { planType: "yearly" },
    });
    expect((await rowOf(t, u.id)).subscriptionPlan).toBe("yearly");
    expect((await action(t, u, "change-plan", { planType: "monthly" })).json()).toMatchObject({ plan: "monthly" });
    const bad = await action(t, u, "change-plan", { planType: "lifetime" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].field).toBe("planType");
  });

  it("failed payment → past due with Pro for 7 days and a reminder → suspension → recovery", async () => {
    const u = await payingSubscriber();
    const failed = stripe.failRenewal(u.subscriptionId);
    await deliver(t, stripe, "invoice.payment_failed", failed.invoice);
    await deliver(t, stripe, "customer.subscription.updated", failed.subscription);
    const since = (await rowOf(t, u.id)).pastDueSince!;
    const grace = await summaryOf(t, u);
    expect(grace).toMatchObject({ status: "active", state: "past_due", actions: { updatePayment: true } });
    expect(new Date(grace.graceEndsAt).getTime()).toBe(since.getTime() + 7 * DAY_MS);
    expect(await statusSeenBy(t, u)).toBe("active");
    // Server-side gating: a Pro route still answers during the grace period.
    expect((await t.app.inject({ method: "GET", url: `/api/insights/${u.id}`, headers: as(u) })).statusCode).not.toBe(403);
    await t.app.mail.idle();
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, u.email));
    expect(mails.some((m) => m.subject.includes("payment didn't go through"))).toBe(true);

    // Seven days later, still unpaid: suspended, Pro routes refuse.
    await t.database.db
      .update(users)
      .set({ pastDueSince: new Date(Date.now() - 7 * DAY_MS - 60_000) })
      .where(eq(users.id, u.id));
    expect(await statusSeenBy(t, u)).toBe("free");
    expect(await summaryOf(t, u)).toMatchObject({ status: "free", state: "past_due", actions: { updatePayment: true } });
    expect((await t.app.inject({ method: "GET", url: `/api/insights/${u.id}`, headers: as(u) })).statusCode).toBe(403);

    const portal = await action(t, u, "portal");
    expect(portal.json()).toEqual({ url: expect.stringMatching(/^https:\/\/billing\.stripe\.com\/p\/session\//) });
    const session = stripe.requestsTo("/v1/billing_portal/sessions")[0]!;
    expect(session.body).toEqual({ customer: u.customer, return_url: "http://localhost/settings" });
    expect(session.idempotencyKey).toMatch(/^cleanspace-portal-/);

    const recovered = stripe.recover(u.subscriptionId);
    await deliver(t, stripe, "invoice.paid", recovered.invoice);
    expect(await summaryOf(t, u)).toMatchObject({ status: "active", state: "active", graceEndsAt: null });
    expect((await t.app.inject({ method: "GET", url: `/api/insights/${u.id}`, headers: as(u) })).statusCode).not.toBe(403);
  });

  it("refund within 30 days: every charge refunded once (keyed), the subscription ends now, Pro ends", async () => {
    const u = await payingSubscriber("yearly");
    const res = await action(t, u, "refund");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ refundedCents: 6999, status: "free", state: "none", actions: { refund: false } });
    const refunds = stripe.requestsTo("/v1/refunds");
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.idempotencyKey).toMatch(/^cleanspace-refund-/);
    expect(stripe.chargesOf(u.customer)).toMatchObject([{ refunded: true, amount_refunded: 6999 }]);
    expect(stripe.subscription(u.subscriptionId).status).toBe("canceled");
    expect(await statusSeenBy(t, u)).toBe("free");
    // Only once.
    expect((await action(t, u, "refund")).statusCode).toBe(409);
    // The cancellation's webhook arrives afterwards and changes nothing.
    await deliver(t, stripe, "customer.subscription.deleted", stripe.subscription(u.subscriptionId));
    expect((await rowOf(t, u.id)).subscriptionStatus).toBe("free");
  });

  it("a double click on refund: one refunds, the others are told it is already refunded (issue 39)", async () => {
    const u = await payingSubscriber("yearly");
    const answers = await Promise.all([1, 2, 3].map(() => action(t, u, "refund")));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    for (const r of answers.filter((a) => a.statusCode === 409)) expect(r.json()).toEqual({ error: ALREADY_REFUNDED });
    expect(stripe.requestsTo("/v1/refunds")).toHaveLength(1);
    expect(stripe.chargesOf(u.customer)).toMatchObject([{ refunded: true, amount_refunded: 6999 }]);
    // And later, the same answer.
    expect((await action(t, u, "refund")).json()).toEqual({ error: ALREADY_REFUNDED });
  });

  it("a refund Stripe refuses can be asked again", async () => {
    const u = await payingSubscriber();
    stripe.failWith("/v1/refunds", "Refunds are temporarily unavailable", 500);
    expect((await action(t, u, "refund")).statusCode).toBe(502);
    expect((await rowOf(t, u.id)).refundedAt).toBeNull();
    stripe.reset();
    expect((await action(t, u, "refund")).statusCode).toBe(200);
  });

  it("refund after 30 days is refused with the rule, and Stripe is not called", async () => {
    const u = await payingSubscriber();
    await t.database.db
      .update(users)
      .set({ firstPaidAt: new Date(Date.now() - 31 * DAY_MS) })
      .where(eq(users.id, u.id));
    const summary = await summaryOf(t, u);
    expect(summary.actions.refund).toBe(false);
    expect(new Date(summary.refundDeadline).getTime()).toBeLessThan(Date.now());
    const res = await action(t, u, "refund");
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: REFUND_WINDOW_OVER });
    expect(stripe.requests).toEqual([]);
    expect(await statusSeenBy(t, u)).toBe("active");
  });

  it("deleting the account cancels the live subscription at Stripe first, then removes the rows and queued mail", async () => {
    const u = await payingSubscriber();
    await t.app.mail.idle();
    expect((await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, u.email))).length).toBeGreaterThan(0);
    const res = await t.app.inject({ method: "DELETE", url: `/api/users/${u.id}`, headers: as(u), payload: { password: u.password } });
    expect(res.statusCode).toBe(204);
    expect(stripe.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /v1/subscriptions/${u.subscriptionId}`,
      `DELETE /v1/subscriptions/${u.subscriptionId}`,
    ]);
    expect(stripe.subscription(u.subscriptionId).status).toBe("canceled");
    expect(await t.database.db.select().from(users).where(eq(users.id, u.id))).toEqual([]);
    expect(await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, u.email))).toEqual([]);
  });

  it("when Stripe cannot cancel, the account is not deleted (nobody is left billed)", async () => {
    const u = await payingSubscriber();
    stripe.failWith("/v1/subscriptions", "Service unavailable", 503);
    const res = await t.app.inject({ method: "DELETE", url: `/api/users/${u.id}`, headers: as(u), payload: { password: u.password } });
    expect(res.statusCode).toBe(502);
    expect(await rowOf(t, u.id)).toBeDefined();
    stripe.reset();
  });

  it("actions answer 401 without a session, 403 cross-site, and 409 when there is nothing to act on", async () => {
    const u = await buildUser(t.app);
    for (const name of ["cancel", "resume", "portal", "refund"]) {
      expect((await t.app.inject({ method: "POST", url: `/api/subscription/${name}`, headers: SAME_ORIGIN })).statusCode).toBe(401);
      expect(
        (await t.app.inject({ method: "POST", url: `/api/subscription/${name}`, headers: { ...as(u), origin: "https://evil.example" } }))
          .statusCode,
      ).toBe(403);
    }
    expect((await action(t, u, "cancel")).statusCode).toBe(409);
    expect((await action(t, u, "resume")).statusCode).toBe(409);
    expect((await action(t, u, "refund")).statusCode).toBe(409);
    expect((await action(t, u, "change-plan", { planType: "yearly" })).statusCode).toBe(409);
    expect((await action(t, u, "change-plan", { planType: "yearly", userId: 1 })).statusCode).toBe(400);
    expect(stripe.requests).toEqual([]);
  });

  it("acting on the own subscription only: another user's subscription is untouched", async () => {
    const [a, b] = [await payingSubscriber(), await payingSubscriber()];
    await action(t, a, "cancel");
    expect(stripe.subscription(b.subscriptionId).cancel_at_period_end).toBe(false);
    expect((await summaryOf(t, b)).state).toBe("active");
  });
});

describe("without Stripe keys (card-free trials)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("cancel ends a card-free trial at once, and the trial stays used", async () => {
    const u = await buildVerifiedUser(t.app);
    await t.app.inject({ method: "POST", url: "/api/create-subscription", headers: as(u), payload: { userId: u.id, planType: "monthly" } });
    expect(await summaryOf(t, u)).toMatchObject({
      state: "trial",
      withCard: false,
      paymentsEnabled: false,
      actions: { cancel: true, resume: false, changePlan: false, updatePayment: false, refund: false },
    });
    const res = await action(t, u, "cancel");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "free", state: "none", trialAvailable: false });
    expect(await statusSeenBy(t, u)).toBe("free");
    expect(
      (
        await t.app.inject({
          method: "POST",
          url: "/api/create-subscription",
          headers: as(u),
          payload: { userId: u.id, planType: "monthly" },
        })
      ).statusCode,
    ).toBe(409);
  });

  it("Update payment method says plainly it is unavailable (503)", async () => {
    const u = await buildVerifiedUser(t.app);
    const res = await action(t, u, "portal");
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: NO_PROVIDER });
  });

  it("verification: the mailed link confirms once; bad or used links are a 400; resend mails a new link", async () => {
    const u = await buildUser(t.app);
    const token = await verificationTokenFor(t.app, u.email);
    const bad = await t.app.inject({
      method: "POST",
      url: "/api/auth/verify-email",
      headers: SAME_ORIGIN,
      payload: { token: "x".repeat(43) },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: BAD_VERIFY_LINK });
    expect((await t.app.inject({ method: "POST", url: "/api/auth/verify-email", headers: SAME_ORIGIN, payload: {} })).statusCode).toBe(400);

    const resend = await t.app.inject({ method: "POST", url: "/api/auth/resend-verification", headers: as(u) });
    expect(resend.statusCode).toBe(202);
    const newer = await verificationTokenFor(t.app, u.email);
    expect(newer).not.toBe(token);

    const ok = await t.app.inject({ method: "POST", url: "/api/auth/verify-email", headers: SAME_ORIGIN, payload: { token: newer } });
    expect(ok.json()).toEqual({ verified: true });
    expect((await rowOf(t, u.id)).emailVerifiedAt).toBeInstanceOf(Date);
    // Every link of the account is spent.
    expect(
      (await t.app.inject({ method: "POST", url: "/api/auth/verify-email", headers: SAME_ORIGIN, payload: { token } })).statusCode,
    ).toBe(400);
    const again = await t.app.inject({ method: "POST", url: "/api/auth/resend-verification", headers: as(u) });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: ALREADY_VERIFIED });
    expect((await t.app.inject({ method: "POST", url: "/api/auth/resend-verification", headers: SAME_ORIGIN })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: "POST",
          url: "/api/auth/verify-email",
          headers: { origin: "https://evil.example" },
          payload: { token },
        })
      ).statusCode,
    ).toBe(403);
  });

  it("a link sent to an old address does not confirm the new one", async () => {
    const u = await buildUser(t.app);
    const token = await verificationTokenFor(t.app, u.email);
    await t.database.db
      .update(users)
      .set({ email: `changed.${u.email}` })
      .where(eq(users.id, u.id));
    expect(
      (await t.app.inject({ method: "POST", url: "/api/auth/verify-email", headers: SAME_ORIGIN, payload: { token } })).statusCode,
    ).toBe(400);
    expect((await rowOf(t, u.id)).emailVerifiedAt).toBeNull();
  });
});
