/**
 * A local stand-in for the Stripe API (STYLE.md habit 4: mock only at the edge; Stripe
 * cannot be reached from the test machines). It keeps state like Stripe (customers,
 * subscriptions, charges), answers with Stripe's object shapes (fake-stripe-objects.ts),
 * rejects unknown parameters with Stripe's own 400, replays Idempotency-Key requests, and
 * records every request. Anything it does not know (an endpoint or a parameter) is also
 * listed in `unexpected`; `verify()` — called after each test — fails the test on it.
 * Test helpers simulate what Stripe does on its own (a renewal fails, a period ends) and
 * sign webhook events with the stripe library's generateTestHeaderString.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import * as make from "./fake-stripe-objects";
import type { Json } from "./fake-stripe-objects";

export interface RecordedRequest {
  method: string;
  path: string;
  body: Record<string, unknown>;
  idempotencyKey: string | undefined;
}

interface Answer {
  status: number;
  body: Json;
}

/** Parses Stripe's form encoding (`items[0][price]=x&expand[0]=y`) into nested objects/arrays. */
export function parseStripeForm(raw: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const parts = key.split(/[[\]]+/).filter(Boolean);
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const container = node as Record<string, unknown>;
      if (last) {
        container[part] = value;
        return;
      }
      if (container[part] === undefined) container[part] = /^\d+$/.test(parts[i + 1] ?? "") ? [] : {};
      node = container[part] as Record<string, unknown>;
    });
  }
  return root;
}

const stripeError = (status: number, message: string, extra: Json = {}): Answer => ({
  status,
  body: { error: { type: status >= 500 ? "api_error" : "invalid_request_error", message, ...extra } },
});
const notFound = (what: string, id: string) => stripeError(404, `No such ${what}: '${id}'`, { code: "resource_missing", param: "id" });

export async function startFakeStripe() {
  const requests: RecordedRequest[] = [];
  const unexpected: string[] = [];
  const replays = new Map<string, Answer>();
  const customers = new Map<string, Json>();
  const subs = new Map<string, Json>();
  const charges: Json[] = [];
  let failure: { prefix: string; message: string; status: number } | null = null;

  const itemOf = (sub: Json) => ((sub.items as Json).data as Json[])[0]!;

  /** The subscription as Stripe returns it, with the expansions asked for. */
  const present = (sub: Json, expand: string[]): Json => {
    const out: Json = { ...sub };
    const setup = sub.pending_setup_intent as Json | null;
    out.pending_setup_intent = setup && !expand.includes("pending_setup_intent") ? setup.id : setup;
    const inv = sub.latest_invoice as Json;
    out.latest_invoice = expand.includes("latest_invoice.confirmation_secret") || expand.includes("latest_invoice") ? inv : inv.id;
    return out;
  };

  function createSubscription(body: Json): Answer {
    const cust = String(body.customer ?? "");
    if (!customers.has(cust)) return notFound("customer", cust);
    const items = (body.items as Json[] | undefined) ?? [];
    const priceId = String(items[0]?.price ?? "");
    if (!make.PRICES[priceId])
      return stripeError(400, `No such price: '${priceId}'`, { code: "resource_missing", param: "items[0][price]" });
    const start = make.nowSeconds();
    const trialDays = Number(body.trial_period_days ?? 0);
    const trialEnd = trialDays > 0 ? start + trialDays * 86400 : null;
    const id = make.newId("sub");
    const amount = make.PRICES[priceId]!.unit_amount;
    const inv = make.invoice(cust, id, trialEnd ? 0 : amount, Boolean(trialEnd));
    inv.billing_reason = "subscription_create";
    // A trial's first invoice is $0: nothing to pay, so no confirmation secret.
    inv.confirmation_secret = trialEnd ? null : { client_secret: `${make.newId("pi")}_secret_x`, type: "payment_intent" };
    const seti = make.newId("seti");
    const sub: Json = {
      id,
      object: "subscription",
      customer: cust,
      status: trialEnd ? "trialing" : "incomplete",
      trial_start: trialEnd ? start : null,
      trial_end: trialEnd,
      trial_settings: body.trial_settings ?? { end_behavior: { missing_payment_method: "create_invoice" } },
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      collection_method: "charge_automatically",
      currency: "usd",
      billing_cycle_anchor: trialEnd ?? start,
      start_date: start,
      default_payment_method: null,
      metadata: body.metadata ?? {},
      payment_settings: body.payment_settings ?? null,
      items: make.list(
        [make.subscriptionItem(id, priceId, start, trialEnd ?? make.periodEnd(start, priceId))],
        `/v1/subscription_items?subscription=${id}`,
      ),
      latest_invoice: inv,
      pending_setup_intent: trialEnd
        ? { id: seti, object: "setup_intent", status: "requires_payment_method", client_secret: `${seti}_secret_x` }
        : null,
      created: start,
      livemode: false,
    };
    subs.set(id, sub);
    return { status: 200, body: present(sub, (body.expand as string[]) ?? []) };
  }

  function updateSubscription(sub: Json, body: Json): Answer {
    if (sub.status === "canceled")
      return stripeError(400, "A canceled subscription can only update its cancellation_details and metadata.");
    if (body.cancel_at_period_end !== undefined) {
      const on = body.cancel_at_period_end === "true";
      sub.cancel_at_period_end = on;
      sub.cancel_at = on ? itemOf(sub).current_period_end : null;
    }
    if (body.items) {
      const [change] = body.items as Json[];
      const item = itemOf(sub);
      if (change?.id !== item.id) return stripeError(400, `No such subscription item: '${String(change?.id)}'`, { param: "items[0][id]" });
      const priceId = String(change?.price ?? "");
      if (!make.PRICES[priceId]) return stripeError(400, `No such price: '${priceId}'`, { param: "items[0][price]" });
      item.price = make.price(priceId);
      if (sub.status !== "trialing") {
        // Yearly and monthly have different intervals: Stripe restarts the cycle today and prorates.
        const start = make.nowSeconds();
        item.current_period_start = start;
        item.current_period_end = make.periodEnd(start, priceId);
      }
    }
    if (body.metadata) sub.metadata = { ...(sub.metadata as Json), ...(body.metadata as Json) };
    return { status: 200, body: present(sub, (body.expand as string[]) ?? []) };
  }

  function cancelSubscription(sub: Json): Answer {
    if (sub.status === "canceled") return stripeError(400, `No such subscription: '${String(sub.id)}'`);
    Object.assign(sub, { status: "canceled", canceled_at: make.nowSeconds(), ended_at: make.nowSeconds(), cancel_at_period_end: false });
    return { status: 200, body: present(sub, []) };
  }

  function refund(body: Json): Answer {
    const ch = charges.find((c) => c.id === body.charge);
    if (!ch) return notFound("charge", String(body.charge));
    const left = Number(ch.amount_captured) - Number(ch.amount_refunded);
    if (left <= 0) return stripeError(400, `Charge ${String(ch.id)} has already been refunded.`, { code: "charge_already_refunded" });
    const amount = body.amount ? Number(body.amount) : left;
    ch.amount_refunded = Number(ch.amount_refunded) + amount;
    ch.refunded = ch.amount_refunded === ch.amount_captured;
    return { status: 200, body: make.refund(ch, amount, body) };
  }

  /** Endpoint pattern (for the parameter list) and its handler, or null when unknown. */
  const routeFor = (method: string, path: string): { pattern: string; run(body: Json): Answer } | null => {
    const sub = /^\/v1\/subscriptions\/([\w]+)$/.exec(path);
    if (sub) {
      const found = subs.get(sub[1]!);
      const pattern = `${method} /v1/subscriptions/:id`;
      const run = (handler: (s: Json, b: Json) => Answer) => (b: Json) => (found ? handler(found, b) : notFound("subscription", sub[1]!));
      if (method === "GET") return { pattern, run: run((s, b) => ({ status: 200, body: present(s, (b.expand as string[]) ?? []) })) };
      if (method === "POST") return { pattern, run: run(updateSubscription) };
      if (method === "DELETE") return { pattern, run: run(cancelSubscription) };
      return null;
    }
    const key = `${method} ${path}`;
    switch (key) {
      case "POST /v1/customers":
        return {
          pattern: key,
          run: (b) => {
            const c = make.customer(b);
            customers.set(String(c.id), c);
            return { status: 200, body: c };
          },
        };
      case "POST /v1/payment_intents":
        return { pattern: key, run: (b) => ({ status: 200, body: make.paymentIntent(b) }) };
      case "POST /v1/subscriptions":
        return { pattern: key, run: createSubscription };
      case "POST /v1/billing_portal/sessions":
        return {
          pattern: key,
          run: (b) =>
            customers.has(String(b.customer)) ? { status: 200, body: make.portalSession(b) } : notFound("customer", String(b.customer)),
        };
      case "GET /v1/charges":
        return {
          pattern: key,
          run: (b) => ({ status: 200, body: make.list(charges.filter((c) => c.customer === b.customer).reverse(), "/v1/charges") }),
        };
      case "POST /v1/refunds":
        return { pattern: key, run: refund };
      default:
        return null;
    }
  };

  const handle = (method: string, path: string, body: Json): Answer => {
    const route = routeFor(method, path);
    if (!route) {
      unexpected.push(`${method} ${path}`);
      return stripeError(404, `Unrecognized request URL (${method}: ${path}).`);
    }
    const accepted = make.ACCEPTED_PARAMS[route.pattern] ?? [];
    const unknown = Object.keys(body).find((k) => !accepted.includes(k));
    if (unknown) {
      unexpected.push(`${method} ${path}: unknown parameter ${unknown}`);
      return stripeError(400, `Received unknown parameter: ${unknown}`, { param: unknown });
    }
    return route.run(body);
  };

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (raw += chunk));
    req.on("end", () => {
      const [path = "", query = ""] = (req.url ?? "").split("?");
      const method = req.method ?? "GET";
      const body = parseStripeForm(method === "GET" || method === "DELETE" ? query : raw);
      const key = req.headers["idempotency-key"];
      const idempotencyKey = typeof key === "string" ? key : undefined;
      requests.push({ method, path, body, idempotencyKey });
      let answer: Answer;
      if (failure && path.startsWith(failure.prefix)) {
        answer = stripeError(failure.status, failure.message);
      } else {
        // Stripe replays a request with a known Idempotency-Key instead of running it twice.
        const known = idempotencyKey ? replays.get(`${path} ${idempotencyKey}`) : undefined;
        answer = known ?? handle(method, path, body);
        if (idempotencyKey && !known && answer.status < 500) replays.set(`${path} ${idempotencyKey}`, answer);
      }
      res.writeHead(answer.status, { "content-type": "application/json", "request-id": make.newId("req") });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const subscription = (id: string): Json => {
    const sub = subs.get(id);
    if (!sub) throw new Error(`fake Stripe has no subscription ${id}`);
    return sub;
  };
  const copy = (sub: Json) => structuredClone(present(sub, []));
  /** A paid invoice for the subscription's current price, with its charge. */
  const payInvoice = (sub: Json): Json => {
    const amount = Number((itemOf(sub).price as Json).unit_amount);
    charges.push(make.charge(String(sub.customer), amount));
    return make.invoice(String(sub.customer), String(sub.id), amount, true);
  };

  return {
    /** e.g. http://127.0.0.1:54321 — pass as STRIPE_API_BASE. */
    url: `http://127.0.0.1:${port}`,
    requests,
    /** Requests it did not know (endpoint or parameter); verify() fails on any. */
    unexpected,
    requestsTo: (prefix: string) => requests.filter((r) => r.path.startsWith(prefix)),
    /** Make requests to paths starting with `prefix` (or all, with "") fail with a Stripe error. */
    failWith(prefix: string, message = "Your card was declined.", status = 402) {
      failure = { prefix, message, status };
    },
    /** Stop failing and forget the recorded requests (state is kept, like Stripe's). */
    reset() {
      failure = null;
      requests.length = 0;
    },
    /** Throws if any request hit an endpoint or parameter the fake does not know. */
    verify() {
      const seen = unexpected.splice(0);
      if (seen.length > 0) throw new Error(`Requests the fake Stripe does not know:\n  ${seen.join("\n  ")}`);
    },
    subscription: (id: string) => copy(subscription(id)),
    /** Ids of the subscriptions created so far, oldest first. */
    subscriptionIds: () => [...subs.keys()],
    /** The trial ends with a card on file, or a first payment succeeds: active and paid. */
    activate(id: string): { subscription: Json; invoice: Json } {
      const sub = subscription(id);
      const item = itemOf(sub);
      const start = make.nowSeconds();
      Object.assign(sub, { status: "active", trial_end: sub.trial_end, pending_setup_intent: null });
      Object.assign(item, { current_period_start: start, current_period_end: make.periodEnd(start, String((item.price as Json).id)) });
      return { subscription: copy(sub), invoice: payInvoice(sub) };
    },
    /** A renewal charge is declined: past_due, with the open invoice. */
    failRenewal(id: string): { subscription: Json; invoice: Json } {
      const sub = subscription(id);
      sub.status = "past_due";
      const amount = Number((itemOf(sub).price as Json).unit_amount);
      return { subscription: copy(sub), invoice: make.invoice(String(sub.customer), id, amount, false) };
    },
    /** The customer fixed their card and the retry succeeded. */
    recover(id: string): { subscription: Json; invoice: Json } {
      const sub = subscription(id);
      sub.status = "active";
      return { subscription: copy(sub), invoice: payInvoice(sub) };
    },
    /** The paid period ran out on a subscription set to cancel: Stripe ends it. */
    endPeriod(id: string): Json {
      const sub = subscription(id);
      if (sub.cancel_at_period_end) Object.assign(sub, { status: "canceled", ended_at: make.nowSeconds(), canceled_at: make.nowSeconds() });
      return copy(sub);
    },
    chargesOf: (customerId: string) => charges.filter((c) => c.customer === customerId).map((c) => structuredClone(c)),
    /** A webhook event as Stripe sends it, and its Stripe-Signature header (the real library's helper). */
    signedEvent(type: string, object: Json, secret: string, created = make.nowSeconds()) {
      const event = {
        id: make.newId("evt"),
        object: "event",
        type,
        api_version: "2026-10-28.endive",
        created,
        livemode: false,
        pending_webhooks: 1,
        data: { object },
      };
      const payload = JSON.stringify(event);
      return { event, payload, header: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
