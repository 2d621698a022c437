/**
 * Object shapes of the Stripe API (version 2026-10-28, the SDK's pin) that the fake returns,
 * and the parameters each endpoint accepts. Only fields CleanSpace could read are filled,
 * but each one has Stripe's real name, type and place (e.g. the period end lives on the
 * subscription item since 2025-03-31).
 */
import { randomBytes } from "node:crypto";

export type Json = Record<string, unknown>;

export const newId = (prefix: string) => `${prefix}_${randomBytes(8).toString("hex")}`;
export const nowSeconds = () => Math.floor(Date.now() / 1000);
const DAY = 86400;

/** Top-level parameters each endpoint accepts (a subset of Stripe's; anything else is a 400 like Stripe's). */
export const ACCEPTED_PARAMS: Record<string, readonly string[]> = {
  "POST /v1/customers": ["email", "name", "metadata", "expand"],
  "POST /v1/payment_intents": ["amount", "currency", "customer", "description", "metadata", "automatic_payment_methods", "expand"],
  "POST /v1/subscriptions": [
    "customer",
    "items",
    "trial_period_days",
    "trial_settings",
    "payment_behavior",
    "payment_settings",
    "metadata",
    "expand",
  ],
  "GET /v1/subscriptions/:id": ["expand"],
  "POST /v1/subscriptions/:id": ["cancel_at_period_end", "items", "proration_behavior", "metadata", "expand"],
  "DELETE /v1/subscriptions/:id": ["invoice_now", "prorate", "expand"],
  "POST /v1/billing_portal/sessions": ["customer", "return_url", "expand"],
  "GET /v1/charges": ["customer", "limit", "expand"],
  "POST /v1/refunds": ["charge", "payment_intent", "amount", "reason", "metadata", "expand"],
};

export const PRICES: Record<string, { unit_amount: number; interval: "month" | "year" }> = {
  price_monthly: { unit_amount: 699, interval: "month" },
  price_yearly: { unit_amount: 6999, interval: "year" },
};

export function price(id: string): Json {
  const p = PRICES[id]!;
  return {
    id,
    object: "price",
    active: true,
    currency: "usd",
    unit_amount: p.unit_amount,
    type: "recurring",
    recurring: { interval: p.interval, interval_count: 1 },
    livemode: false,
  };
}

export function periodEnd(start: number, priceId: string): number {
  return start + (PRICES[priceId]?.interval === "year" ? 365 : 30) * DAY;
}

export function customer(body: Json): Json {
  return {
    id: newId("cus"),
    object: "customer",
    email: body.email ?? null,
    name: body.name ?? null,
    metadata: body.metadata ?? {},
    created: nowSeconds(),
    livemode: false,
  };
}

export function paymentIntent(body: Json): Json {
  const id = newId("pi");
  return {
    id,
    object: "payment_intent",
    amount: Number(body.amount),
    currency: body.currency,
    customer: body.customer ?? null,
    description: body.description ?? null,
    metadata: body.metadata ?? {},
    status: "requires_payment_method",
    client_secret: `${id}_secret_${randomBytes(8).toString("hex")}`,
    created: nowSeconds(),
    livemode: false,
  };
}

export function subscriptionItem(subId: string, priceId: string, start: number, end: number): Json {
  return {
    id: newId("si"),
    object: "subscription_item",
    subscription: subId,
    price: price(priceId),
    quantity: 1,
    current_period_start: start,
    current_period_end: end,
    metadata: {},
    created: start,
  };
}

export function invoice(customerId: string, subId: string, amount: number, paid: boolean): Json {
  return {
    id: newId("in"),
    object: "invoice",
    customer: customerId,
    currency: "usd",
    amount_due: amount,
    amount_paid: paid ? amount : 0,
    amount_remaining: paid ? 0 : amount,
    attempt_count: paid ? 0 : 1,
    status: paid ? "paid" : "open",
    billing_reason: "subscription_cycle",
    parent: { type: "subscription_details", subscription_details: { subscription: subId, metadata: {} } },
    created: nowSeconds(),
    livemode: false,
  };
}

export function charge(customerId: string, amount: number): Json {
  return {
    id: newId("ch"),
    object: "charge",
    customer: customerId,
    amount,
    amount_captured: amount,
    amount_refunded: 0,
    currency: "usd",
    captured: true,
    paid: true,
    refunded: false,
    status: "succeeded",
    payment_intent: newId("pi"),
    created: nowSeconds(),
    livemode: false,
  };
}

export function refund(chargeObj: Json, amount: number, body: Json): Json {
  return {
    id: newId("re"),
    object: "refund",
    amount,
    charge: chargeObj.id,
    payment_intent: chargeObj.payment_intent,
    currency: "usd",
    reason: body.reason ?? null,
    metadata: body.metadata ?? {},
    status: "succeeded",
    created: nowSeconds(),
  };
}

export function portalSession(body: Json): Json {
  const id = newId("bps");
  return {
    id,
    object: "billing_portal.session",
    customer: body.customer,
    return_url: body.return_url ?? null,
    url: `https://billing.stripe.com/p/session/test_${id.slice(4)}`,
    livemode: false,
    created: nowSeconds(),
  };
}

export function list(data: Json[], url: string): Json {
  return { object: "list", data, has_more: false, url };
}
