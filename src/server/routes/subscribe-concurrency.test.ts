/**
 * Issue 39 #1 and #2 with real parallel requests: one card-free trial per mailbox however it
 * is spelled, and one Stripe subscription per user however many subscribe requests run at
 * once (Promise.all of app.inject against one app, and fetch against a listening app).
 * PGlite by default; PostgreSQL when DATABASE_URL is set (test-app.ts).
 */
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subscribeClaims, trialGrants, users } from "../db/schema";
import { as, buildUser, buildVerifiedUser, type TestUser } from "../test/auth-helpers";
import { rowOf, useStripeTestApp } from "../test/billing-fixtures";
import type { FakeStripe } from "../test/fake-stripe";
import { createTestApp, type TestApp } from "../test/test-app";
import { TRIAL_USED } from "./subscriptions";

const DAY_MS = 24 * 3600 * 1000;
const subscribe = (t: TestApp, user: TestUser, planType: string) =>
  t.app.inject({ method: "POST", url: "/api/create-subscription", headers: as(user), payload: { userId: user.id, planType } });
const SIX = ["monthly", "yearly", "monthly", "yearly", "monthly", "yearly"];

describe("one card-free trial per mailbox, not per spelling (issue 39 #1)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("name@gmail.com, na.me@gmail.com and name+again@gmail.com: the first gets the trial, the others are told it was used", async () => {
    const [first, dotted, tagged] = [
      await buildVerifiedUser(t.app, { email: "name@gmail.com" }),
      await buildVerifiedUser(t.app, { email: "na.me@gmail.com" }),
      await buildVerifiedUser(t.app, { email: "name+again@gmail.com" }),
    ];
    expect((await subscribe(t, first, "monthly")).json()).toMatchObject({ status: "trial" });
    for (const u of [dotted, tagged]) {
      const summary = (await t.app.inject({ method: "GET", url: "/api/subscription", headers: as(u) })).json();
      expect(summary.trialAvailable).toBe(false);
      const res = await subscribe(t, u, "yearly");
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: TRIAL_USED });
    }
    const googlemail = await buildVerifiedUser(t.app, { email: "N.A.M.E+x@googlemail.com" });
    expect((await subscribe(t, googlemail, "monthly")).statusCode).toBe(409);
  });

  it("four spellings of one mailbox subscribing at the same moment: exactly one trial (the database's unique claim decides)", async () => {
    const spellings = ["first.last@gmail.com", "firstlast@googlemail.com", "first.last+a@gmail.com", "f.i.r.s.t.l.a.s.t+b@gmail.com"];
    const accounts = await Promise.all(spellings.map((email) => buildVerifiedUser(t.app, { email })));
    const answers = await Promise.all(accounts.map((u, i) => subscribe(t, u, i % 2 ? "yearly" : "monthly")));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const rows = await Promise.all(accounts.map((u) => rowOf(t, u.id)));
    expect(rows.filter((r) => r.subscriptionStatus === "trial")).toHaveLength(1);
  });

  it("+tags are cut on every host, but other hosts keep their dots", async () => {
    const a = await buildVerifiedUser(t.app, { email: "pat@example.org" });
    const b = await buildVerifiedUser(t.app, { email: "pat+second@example.org" });
    const c = await buildVerifiedUser(t.app, { email: "p.at@example.org" });
    expect((await subscribe(t, a, "monthly")).statusCode).toBe(200);
    expect((await subscribe(t, b, "monthly")).statusCode).toBe(409);
    expect((await subscribe(t, c, "monthly")).statusCode).toBe(200);
  });

  it("a grant recorded under the old key (the whole address) is still honoured", async () => {
    const u = await buildVerifiedUser(t.app, { email: "old.grant@gmail.com" });
    // What the earlier code stored: an HMAC of the lower-cased address with its dots.
    const { createHmac } = await import("node:crypto");
    const [secret] = await t.database.db
      .execute<{ value: string }>(
        // The key the server generated on first use (trial-grants.ts).
        (await import("drizzle-orm")).sql`select value from app_secrets where name = 'trial_email_hmac_key'`,
      )
      .then((r) => (r as unknown as { rows: { value: string }[] }).rows);
    await t.database.db
      .insert(trialGrants)
      .values({ emailHmac: createHmac("sha256", secret!.value).update("old.grant@gmail.com").digest("hex") });
    expect((await subscribe(t, u, "monthly")).statusCode).toBe(409);
  });
});

describe("concurrent subscribe with Stripe: one subscription, one client secret (issue 39 #2)", () => {
  let t: TestApp;
  let stripe: FakeStripe;
  useStripeTestApp((app, fake) => {
    t = app;
    stripe = fake;
  });

  const created = () => stripe.requests.filter((r) => r.method === "POST" && r.path === "/v1/subscriptions");

  it("6 concurrent requests (monthly and yearly) from a new user: one trialing subscription at Stripe, the same SetupIntent secret to all", async () => {
    const u = await buildUser(t.app);
    const before = stripe.subscriptionIds().length;
    const answers = await Promise.all(SIX.map((plan) => subscribe(t, u, plan)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const secrets = new Set(answers.map((r) => r.json().clientSecret));
    expect(secrets.size).toBe(1);
    expect([...secrets][0]).toMatch(/^seti_\w+_secret_\w+$/);
    expect(stripe.subscriptionIds().length - before).toBe(1);
    expect(created()).toHaveLength(1);
    expect(stripe.requestsTo("/v1/customers")).toHaveLength(1);
    const row = await rowOf(t, u.id);
    expect(row.stripeSubscriptionId).toBe(stripe.subscriptionIds().at(-1));
    expect(row.subscriptionStatus).toBe("trial");
  });

  it("6 concurrent requests from someone whose trial was used: one unpaid subscription, the same PaymentIntent secret to all", async () => {
    const u = await buildUser(t.app);
    await t.database.db
      .update(users)
      .set({ trialEndsAt: new Date(Date.now() - DAY_MS) })
      .where(eq(users.id, u.id));
    const answers = await Promise.all(SIX.map((plan) => subscribe(t, u, plan)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const bodies = answers.map((r) => r.json());
    expect(new Set(bodies.map((b) => b.clientSecret)).size).toBe(1);
    expect(bodies[0]).toMatchObject({ status: "requires_payment", intent: "payment", clientSecret: expect.stringMatching(/^pi_/) });
    expect(created()).toHaveLength(1);
    expect(created()[0]!.body.trial_period_days).toBeUndefined();
    // The unpaid subscription is named by the claim until it is paid.
    const [claim] = await t.database.db.select().from(subscribeClaims).where(eq(subscribeClaims.userId, u.id));
    expect(claim!.subscriptionId).toBe(stripe.subscriptionIds().at(-1));
  });

  it("over a real socket: 6 concurrent fetches give one subscription and one secret", async () => {
    const u = await buildUser(t.app);
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as AddressInfo;
    const answers = await Promise.all(
      SIX.map((planType) =>
        fetch(`http://127.0.0.1:${port}/api/create-subscription`, {
          method: "POST",
          // APP_ORIGIN is http://localhost:80 in the billing suites: the Origin a browser there sends.
          headers: { "content-type": "application/json", origin: "http://localhost", cookie: u.cookie },
          body: JSON.stringify({ userId: u.id, planType }),
        }).then(async (r) => ({ status: r.status, body: (await r.json()) as { clientSecret?: string } })),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.clientSecret)).size).toBe(1);
    expect(created()).toHaveLength(1);
  });

  it("choosing the other plan later replaces an unpaid subscription: the first is cancelled at Stripe, never two live", async () => {
    const u = await buildUser(t.app);
    await t.database.db
      .update(users)
      .set({ trialEndsAt: new Date(Date.now() - DAY_MS) })
      .where(eq(users.id, u.id));
    const monthly = (await subscribe(t, u, "monthly")).json();
    const first = stripe.subscriptionIds().at(-1)!;
    // Not a double click: the claim is a minute old.
    await t.database.db
      .update(subscribeClaims)
      .set({ claimedAt: new Date(Date.now() - 60_000) })
      .where(eq(subscribeClaims.userId, u.id));
    const yearly = (await subscribe(t, u, "yearly")).json();
    expect(yearly.clientSecret).not.toBe(monthly.clientSecret);
    expect(stripe.subscription(first).status).toBe("canceled");
    const second = stripe.subscriptionIds().at(-1)!;
    expect(second).not.toBe(first);
    expect(stripe.subscription(second)).toMatchObject({ status: "incomplete", metadata: { planType: "yearly" } });
  });

  it("a trial once used by another spelling of the mailbox is not given again at Stripe", async () => {
    const a = await buildUser(t.app, { email: "sam.lee@gmail.com" });
    const b = await buildUser(t.app, { email: "samlee+pro@gmail.com" });
    expect((await subscribe(t, a, "monthly")).json().status).toBe("requires_setup");
    stripe.reset();
    expect((await subscribe(t, b, "monthly")).json().status).toBe("requires_payment");
    expect(created()[0]!.body.trial_period_days).toBeUndefined();
  });
});
