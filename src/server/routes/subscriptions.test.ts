import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { trialGrants, users } from "../db/schema";
import { as, buildUser, buildVerifiedUser, type TestUser, uniqueEmail, verifyEmail } from "../test/auth-helpers";
import { startFakeStripe, type FakeStripe } from "../test/fake-stripe";
import { createTestApp, SAME_ORIGIN, type TestApp } from "../test/test-app";
import { ALREADY_PRO, PAYMENTS_OFF, SUBSCRIBE_PER_HOUR, TRIAL_USED, VERIFY_FIRST } from "./subscriptions";

const DAY_MS = 24 * 3600 * 1000;

const subscribe = (t: TestApp, user: TestUser, planType: unknown, userId: unknown = user.id) =>
  t.app.inject({ method: "POST", url: "/api/create-subscription", headers: as(user), payload: { userId, planType } });

const rowOf = async (t: TestApp, id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;
const me = async (t: TestApp, user: TestUser) => (await t.app.inject({ method: "GET", url: "/api/auth/me", headers: as(user) })).json();

describe("without Stripe keys (the embedded default)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each([
    ["monthly", 3],
    ["yearly", 7],
  ] as const)("%s starts the plan's %i-day free trial with no card", async (planType, days) => {
    const u = await buildVerifiedUser(t.app);
    const before = Date.now();
    const res = await subscribe(t, u, planType);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ status: "trial", trialEndsAt: expect.any(String) });
    const ends = new Date(body.trialEndsAt).getTime();
    expect(ends).toBeGreaterThanOrEqual(before + days * DAY_MS);
    expect(ends).toBeLessThanOrEqual(Date.now() + days * DAY_MS);
    const row = await rowOf(t, u.id);
    expect(row).toMatchObject({ subscriptionStatus: "trial", subscriptionPlan: planType, stripeCustomerId: null });
    expect(await me(t, u)).toMatchObject({ subscriptionStatus: "trial", trialEndsAt: body.trialEndsAt });
    const summary = await t.app.inject({ method: "GET", url: "/api/subscription", headers: as(u) });
    expect(summary.json()).toMatchObject({
      status: "trial",
      state: "trial",
      plan: planType,
      trialEndsAt: body.trialEndsAt,
      graceEndsAt: null,
      withCard: false,
    });
  });

  it("cannot extend a trial: asking again returns the same end date, after it ended a 409", async () => {
    const u = await buildVerifiedUser(t.app);
    const first = (await subscribe(t, u, "monthly")).json();
    const again = await subscribe(t, u, "yearly");
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first);
    expect((await rowOf(t, u.id)).subscriptionPlan).toBe("monthly");

    await t.database.db
      .update(users)
      .set({ trialEndsAt: new Date(Date.now() - 1000) })
      .where(eq(users.id, u.id));
    const after = await subscribe(t, u, "monthly");
    expect(after.statusCode).toBe(409);
    expect(after.json()).toEqual({ error: TRIAL_USED });
  });

  it("ends the trial on time: /api/auth/me says free once trialEndsAt has passed", async () => {
    const u = await buildVerifiedUser(t.app);
    await subscribe(t, u, "monthly");
    expect((await me(t, u)).subscriptionStatus).toBe("trial");
    await t.database.db
      .update(users)
      .set({ trialEndsAt: new Date(Date.now() - 60_000) })
      .where(eq(users.id, u.id));
    expect((await me(t, u)).subscriptionStatus).toBe("free");
    const summary = await t.app.inject({ method: "GET", url: "/api/subscription", headers: as(u) });
    expect(summary.json()).toMatchObject({ status: "free", plan: null });
  });

  it("two concurrent requests start one trial", async () => {
    const u = await buildVerifiedUser(t.app);
    const [a, b] = await Promise.all([subscribe(t, u, "monthly"), subscribe(t, u, "yearly")]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().trialEndsAt).toBe(b.json().trialEndsAt);
  });

  it("lifetime is unavailable (503) and changes nothing", async () => {
    const u = await buildUser(t.app);
    const res = await subscribe(t, u, "lifetime");
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: PAYMENTS_OFF });
    expect((await rowOf(t, u.id)).subscriptionStatus).toBe("free");
  });

  it("a lifetime user gets status lifetime and no trial", async () => {
    const u = await buildUser(t.app);
    await t.database.db.update(users).set({ subscriptionStatus: "lifetime" }).where(eq(users.id, u.id));
    for (const plan of ["monthly", "lifetime"]) {
      const res = await subscribe(t, u, plan);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: "lifetime" });
    }
    expect((await rowOf(t, u.id)).trialEndsAt).toBeNull();
  });

  it("answers 401 without a session, 404 for another user's id, 403 cross-site, 400 for bad input", async () => {
    const [a, b] = [await buildUser(t.app), await buildUser(t.app)];
    const anon = await t.app.inject({
      method: "POST",
      url: "/api/create-subscription",
      headers: SAME_ORIGIN,
      payload: { userId: a.id, planType: "monthly" },
    });
    expect(anon.statusCode).toBe(401);
    expect((await subscribe(t, a, "monthly", b.id)).statusCode).toBe(404);
    expect((await rowOf(t, b.id)).subscriptionStatus).toBe("free");
    const evil = await t.app.inject({
      method: "POST",
      url: "/api/create-subscription",
      headers: { ...as(a), origin: "https://evil.example" },
      payload: { userId: a.id, planType: "monthly" },
    });
    expect(evil.statusCode).toBe(403);
    const bad = await subscribe(t, a, "weekly");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].field).toBe("planType");
    expect((await subscribe(t, a, "monthly", "me")).statusCode).toBe(400);
    expect((await rowOf(t, a.id)).subscriptionStatus).toBe("free");
  });

  it("a card-free trial waits for a confirmed address; the account works meanwhile", async () => {
    const u = await buildUser(t.app);
    const res = await subscribe(t, u, "monthly");
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: VERIFY_FIRST });
    const summary = (await t.app.inject({ method: "GET", url: "/api/subscription", headers: as(u) })).json();
    expect(summary).toMatchObject({ state: "none", emailVerified: false, trialAvailable: true });
    expect((await rowOf(t, u.id)).trialEndsAt).toBeNull();
    await verifyEmail(t.app, u);
    expect((await subscribe(t, u, "monthly")).statusCode).toBe(200);
  });

  it("an address gets one trial, also after the account is deleted and created again", async () => {
    const email = uniqueEmail("again");
    const first = await buildVerifiedUser(t.app, { email });
    expect((await subscribe(t, first, "yearly")).statusCode).toBe(200);
    const del = await t.app.inject({
      method: "DELETE",
      url: `/api/users/${first.id}`,
      headers: as(first),
      payload: { password: first.password },
    });
    expect(del.statusCode).toBe(204);
    // Only a keyed hash is kept, never the address.
    const grants = await t.database.db.select().from(trialGrants);
    expect(JSON.stringify(grants)).not.toContain(email);

    const second = await buildVerifiedUser(t.app, { email: email.toUpperCase() });
    const summary = (await t.app.inject({ method: "GET", url: "/api/subscription", headers: as(second) })).json();
    expect(summary).toMatchObject({ trialAvailable: false, emailVerified: true });
    const res = await subscribe(t, second, "monthly");
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: TRIAL_USED });
    expect((await rowOf(t, second.id)).subscriptionStatus).toBe("free");
  });

  it("limits POST /api/create-subscription per user (each call may create a subscription)", async () => {
    const limited = await createTestApp({ RATE_LIMIT_MULTIPLIER: "1" });
    try {
      const u = await buildVerifiedUser(limited.app);
      const codes: number[] = [];
      for (let i = 0; i <= SUBSCRIBE_PER_HOUR; i++) codes.push((await subscribe(limited, u, "monthly")).statusCode);
      expect(codes.slice(0, SUBSCRIBE_PER_HOUR).every((c) => c === 200)).toBe(true);
      expect(codes[SUBSCRIBE_PER_HOUR]).toBe(429);
      // Another user is not affected.
      const v = await buildVerifiedUser(limited.app);
      expect((await subscribe(limited, v, "monthly")).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it("GET /api/stripe/config says payments are off", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/stripe/config" });
    expect(res.json()).toEqual({ publishableKey: null, paymentsEnabled: false });
  });

  it("GET /api/subscription needs a session", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/subscription" })).statusCode).toBe(401);
  });
});

describe("with Stripe (a local fake Stripe API)", () => {
  let t: TestApp;
  let stripe: FakeStripe;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await createTestApp({
      STRIPE_SECRET_KEY: "sk_test_x",
      STRIPE_PUBLISHABLE_KEY: "pk_test_x",
      STRIPE_PRICE_MONTHLY: "price_monthly",
      STRIPE_PRICE_YEARLY: "price_yearly",
      STRIPE_WEBHOOK_SECRET: "whsec_test",
      STRIPE_API_BASE: stripe.url,
    });
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });
  beforeEach(() => stripe.reset());
  afterEach(() => stripe.verify());

  it("GET /api/stripe/config hands the browser the publishable key", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/stripe/config" });
    expect(res.json()).toEqual({ publishableKey: "pk_test_x", paymentsEnabled: true });
  });

  it("monthly: creates the customer once and a 3-day-trial subscription, returns the SetupIntent secret", async () => {
    const u = await buildUser(t.app, { name: "Mona" });
    const res = await subscribe(t, u, "monthly");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      status: "requires_setup",
      intent: "setup",
      clientSecret: expect.stringMatching(/^seti_\w+_secret_\w+$/),
      trialEndsAt: expect.any(String),
    });

    const [customer] = stripe.requestsTo("/v1/customers");
    expect(customer!.body).toEqual({ email: u.email, name: "Mona", metadata: { userId: String(u.id) } });
    expect(customer!.idempotencyKey).toMatch(new RegExp(`^cleanspace-customer-${u.id}-`));
    const [sub] = stripe.requestsTo("/v1/subscriptions");
    expect(sub!.body).toMatchObject({
      items: [{ price: "price_monthly" }],
      trial_period_days: "3",
      payment_behavior: "default_incomplete",
      payment_settings: { save_default_payment_method: "on_subscription" },
      metadata: { userId: String(u.id), planType: "monthly" },
    });
    expect(sub!.body.expand).toEqual(expect.arrayContaining(["latest_invoice.confirmation_secret", "pending_setup_intent"]));
    expect(sub!.idempotencyKey).toMatch(new RegExp(`^cleanspace-subscription-${u.id}-`));

    const row = await rowOf(t, u.id);
    expect(row).toMatchObject({
      stripeCustomerId: expect.stringMatching(/^cus_/),
      stripeSubscriptionId: expect.stringMatching(/^sub_/),
      subscriptionStatus: "trial",
      subscriptionPlan: "monthly",
    });
    expect(row.trialEndsAt!.toISOString()).toBe(body.trialEndsAt);

    // Asking again during the trial: the same subscription's card form, no new customer or subscription.
    stripe.reset();
    const again = await subscribe(t, u, "monthly");
    expect(again.json()).toMatchObject({ status: "requires_setup", clientSecret: body.clientSecret, trialEndsAt: body.trialEndsAt });
    expect(stripe.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`GET /v1/subscriptions/${row.stripeSubscriptionId}`]);
  });

  it("yearly asks for a 7-day trial; someone who already had a trial pays from day one", async () => {
    const u = await buildUser(t.app);
    await subscribe(t, u, "yearly");
    expect(stripe.requestsTo("/v1/subscriptions")[0]!.body).toMatchObject({ items: [{ price: "price_yearly" }], trial_period_days: "7" });

    const v = await buildUser(t.app);
    await t.database.db
      .update(users)
      .set({ trialEndsAt: new Date(Date.now() - DAY_MS) })
      .where(eq(users.id, v.id));
    stripe.reset();
    const res = await subscribe(t, v, "monthly");
    const first = res.json();
    expect(first).toEqual({
      status: "requires_payment",
      intent: "payment",
      clientSecret: expect.stringMatching(/^pi_\w+_secret_/),
      trialEndsAt: null,
    });
    expect(stripe.requestsTo("/v1/subscriptions")[0]!.body.trial_period_days).toBeUndefined();
    // Not paid yet: still free, but the customer is remembered for the next attempt.
    const row = await rowOf(t, v.id);
    expect(row.subscriptionStatus).toBe("free");
    expect(row.stripeCustomerId).toMatch(/^cus_/);
    // Asking again for the same plan answers with the same unpaid subscription (issue 39 #2):
    // no new customer, no second subscription.
    stripe.reset();
    expect((await subscribe(t, v, "monthly")).json()).toEqual(first);
    expect(stripe.requests.map((r) => r.method)).toEqual(["GET"]);
  });

  it("lifetime: a one-time PaymentIntent for STRIPE_LIFETIME_AMOUNT in USD with userId and planType", async () => {
    const u = await buildUser(t.app);
    const res = await subscribe(t, u, "lifetime");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "requires_payment", intent: "payment", clientSecret: expect.stringMatching(/^pi_\w+_secret_/) });
    const [pi] = stripe.requestsTo("/v1/payment_intents");
    const row = await rowOf(t, u.id);
    expect(pi!.idempotencyKey).toMatch(new RegExp(`^cleanspace-lifetime-${u.id}-`));
    expect(pi!.body).toMatchObject({
      amount: "7999",
      currency: "usd",
      customer: row.stripeCustomerId,
      metadata: { userId: String(u.id), planType: "lifetime" },
    });
    expect(row.subscriptionStatus).toBe("free");
    expect(stripe.requestsTo("/v1/subscriptions")).toHaveLength(0);
  });

  it("a lifetime user gets status lifetime and Stripe is never called", async () => {
    const u = await buildUser(t.app);
    await t.database.db.update(users).set({ subscriptionStatus: "lifetime" }).where(eq(users.id, u.id));
    for (const plan of ["monthly", "yearly", "lifetime"]) expect((await subscribe(t, u, plan)).json()).toEqual({ status: "lifetime" });
    expect(stripe.requests).toEqual([]);
  });

  it("an active subscriber cannot start a second subscription (409)", async () => {
    const u = await buildUser(t.app);
    await t.database.db.update(users).set({ subscriptionStatus: "active", subscriptionPlan: "monthly" }).where(eq(users.id, u.id));
    const res = await subscribe(t, u, "yearly");
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: ALREADY_PRO });
    expect(stripe.requests).toEqual([]);
  });

  it.each([
    ["/v1/customers", "monthly"],
    ["/v1/subscriptions", "monthly"],
    ["/v1/payment_intents", "lifetime"],
  ])("a Stripe error at %s is a clear 502 and our database is unchanged", async (prefix, plan) => {
    const u = await buildUser(t.app);
    const before = await rowOf(t, u.id);
    stripe.failWith(prefix, "Your card was declined.");
    const res = await subscribe(t, u, plan);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ error: "Payment provider error: Your card was declined." });
    expect(await rowOf(t, u.id)).toEqual(before);
  });

  it("a retry after a failure reuses the customer Stripe already created (idempotency key)", async () => {
    const u = await buildUser(t.app);
    stripe.failWith("/v1/subscriptions");
    await subscribe(t, u, "monthly");
    stripe.reset();
    await subscribe(t, u, "monthly");
    const [first, second] = [stripe.requestsTo("/v1/customers")[0]!, stripe.requestsTo("/v1/subscriptions")[0]!];
    expect(first.idempotencyKey).toMatch(/^cleanspace-customer-/);
    expect(second.body.customer).toBe((await rowOf(t, u.id)).stripeCustomerId);
  });
});

describe("when Stripe is unreachable", () => {
  it("answers a clear 502 and changes nothing", async () => {
    const gone = await startFakeStripe();
    await gone.close();
    const t = await createTestApp({
      STRIPE_SECRET_KEY: "sk_test_x",
      STRIPE_PRICE_MONTHLY: "price_monthly",
      STRIPE_PRICE_YEARLY: "price_yearly",
      STRIPE_API_BASE: gone.url,
    });
    try {
      const u = await buildUser(t.app);
      const before = await rowOf(t, u.id);
      const res = await subscribe(t, u, "monthly");
      expect(res.statusCode).toBe(502);
      expect(res.json().error).toMatch(/^Payment provider error: .*connection to Stripe/);
      expect(await rowOf(t, u.id)).toEqual(before);
    } finally {
      await t.close();
    }
  });
});
