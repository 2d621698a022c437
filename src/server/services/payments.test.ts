import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { apiBaseOptions, callStripe, clientSecretOf, subscriptionChange, type SubscriptionColumns } from "./payments";

const env = { STRIPE_SECRET_KEY: "sk_test_x", STRIPE_API_BASE: undefined, STRIPE_PRICE_MONTHLY: "price_m", STRIPE_PRICE_YEARLY: "price_y" };
const NOW = new Date("2026-03-01T12:00:00Z");

const free: SubscriptionColumns = {
  subscriptionStatus: "free",
  subscriptionPlan: null,
  stripeSubscriptionId: null,
  trialEndsAt: null,
  pastDueSince: null,
  cancelAtPeriodEnd: false,
  currentPeriodEnd: null,
};

function sub(status: string, extra: Partial<Stripe.Subscription> = {}) {
  return {
    id: "sub_1",
    status,
    trial_end: null,
    metadata: {},
    items: { data: [{ price: { id: "price_m" } }] },
    ...extra,
  } as unknown as Stripe.Subscription;
}

describe("apiBaseOptions", () => {
  it("points the SDK at STRIPE_API_BASE", () => {
    expect(apiBaseOptions("http://127.0.0.1:4010")).toEqual({ host: "127.0.0.1", port: 4010, protocol: "http" });
    expect(apiBaseOptions("https://stripe.internal")).toEqual({ host: "stripe.internal", port: 443, protocol: "https" });
    expect(apiBaseOptions(undefined)).toEqual({});
  });
});

describe("subscriptionChange", () => {
  it("trialing → trial until trial_end, with the plan from the price id", () => {
    const trialEnd = NOW.getTime() / 1000 + 3 * 86400;
    expect(subscriptionChange(env, sub("trialing", { trial_end: trialEnd }), free, NOW)).toEqual({
      subscriptionStatus: "trial",
      subscriptionPlan: "monthly",
      stripeSubscriptionId: "sub_1",
      trialEndsAt: new Date(trialEnd * 1000),
      pastDueSince: null,
      cancelAtPeriodEnd: false,
      currentPeriodEnd: new Date(trialEnd * 1000),
    });
  });

  it("active → active and clears pastDueSince", () => {
    const pastDue = { ...free, subscriptionStatus: "active", stripeSubscriptionId: "sub_1", pastDueSince: new Date(0) };
    expect(subscriptionChange(env, sub("active"), pastDue, NOW)).toMatchObject({ subscriptionStatus: "active", pastDueSince: null });
  });

  it("past_due/unpaid keep 'active' and set pastDueSince once", () => {
    const active = { ...free, subscriptionStatus: "active", stripeSubscriptionId: "sub_1" };
    expect(subscriptionChange(env, sub("past_due"), active, NOW)).toMatchObject({ subscriptionStatus: "active", pastDueSince: NOW });
    const since = new Date("2026-02-27T00:00:00Z");
    expect(subscriptionChange(env, sub("unpaid"), { ...active, pastDueSince: since }, NOW)).toMatchObject({ pastDueSince: since });
  });

  it.each(["canceled", "incomplete_expired", "paused"])("%s → free", (status) => {
    const active = { ...free, subscriptionStatus: "active", subscriptionPlan: "monthly", stripeSubscriptionId: "sub_1" };
    expect(subscriptionChange(env, sub(status), active, NOW)).toMatchObject({ subscriptionStatus: "free", subscriptionPlan: null });
  });

  it("incomplete changes nothing yet", () => {
    expect(subscriptionChange(env, sub("incomplete"), free, NOW)).toBeNull();
  });

  it("never downgrades lifetime", () => {
    expect(subscriptionChange(env, sub("canceled"), { ...free, subscriptionStatus: "lifetime" }, NOW)).toBeNull();
    expect(subscriptionChange(env, sub("active"), { ...free, subscriptionStatus: "lifetime" }, NOW)).toBeNull();
  });

  it("another subscription may take over only by trialing or being active", () => {
    const current = { ...free, subscriptionStatus: "active", stripeSubscriptionId: "sub_current" };
    expect(subscriptionChange(env, sub("canceled"), current, NOW)).toBeNull();
    expect(subscriptionChange(env, sub("past_due"), current, NOW)).toBeNull();
    expect(subscriptionChange(env, sub("active"), current, NOW)).toMatchObject({ stripeSubscriptionId: "sub_1" });
  });

  it("falls back to metadata.planType when the price is not one of ours", () => {
    const s = sub("active", { items: { data: [{ price: { id: "price_legacy" } }] }, metadata: { planType: "yearly" } } as never);
    expect(subscriptionChange(env, s, free, NOW)).toMatchObject({ subscriptionPlan: "yearly" });
  });
});

describe("clientSecretOf", () => {
  it("uses the pending SetupIntent while trialing and the invoice's confirmation secret otherwise", () => {
    expect(clientSecretOf(sub("trialing", { pending_setup_intent: { client_secret: "seti_1_secret_x" } } as never))).toEqual({
      clientSecret: "seti_1_secret_x",
      intent: "setup",
    });
    expect(clientSecretOf(sub("trialing", { pending_setup_intent: null } as never))).toEqual({ clientSecret: null, intent: "setup" });
    expect(
      clientSecretOf(
        sub("incomplete", {
          pending_setup_intent: null,
          latest_invoice: { confirmation_secret: { client_secret: "pi_1_secret_y" } },
        } as never),
      ),
    ).toEqual({
      clientSecret: "pi_1_secret_y",
      intent: "payment",
    });
  });
});

describe("callStripe", () => {
  it("passes other errors through untouched", async () => {
    const boom = new Error("db down");
    await expect(callStripe(() => Promise.reject(boom))).rejects.toBe(boom);
  });
});
