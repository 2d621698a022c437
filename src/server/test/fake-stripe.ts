/**
 * A local stand-in for the Stripe API (STYLE.md habit 4: mock only at the edge). It serves
 * just the endpoints CleanSpace calls, answers realistic JSON (ids, client secrets, the
 * expansions we ask for), replays Idempotency-Key requests like Stripe does, records every
 * request, and refuses anything else with a Stripe-shaped 404 so an unexpected call fails.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  method: string;
  path: string;
  body: Record<string, unknown>;
  idempotencyKey: string | undefined;
}

export interface FakeStripe {
  /** e.g. http://127.0.0.1:54321 — pass as STRIPE_API_BASE. */
  url: string;
  requests: RecordedRequest[];
  /** Requests whose path starts with `prefix` (e.g. "/v1/subscriptions"). */
  requestsTo(prefix: string): RecordedRequest[];
  /** Make requests to paths starting with `prefix` (or all, with "") fail with a Stripe error. */
  failWith(prefix: string, message?: string, status?: number): void;
  /** Stop failing and forget the recorded requests. */
  reset(): void;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;

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

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString("hex")}`;
const now = () => Math.floor(Date.now() / 1000);
const expands = (body: Json): string[] => (Array.isArray(body.expand) ? (body.expand as string[]) : []);

function customer(body: Json): Json {
  return { id: id("cus"), object: "customer", email: body.email ?? null, name: body.name ?? null, metadata: body.metadata ?? {}, created: now() };
}

function paymentIntent(body: Json): Json {
  const piId = id("pi");
  return {
    id: piId,
    object: "payment_intent",
    amount: Number(body.amount),
    currency: body.currency,
    customer: body.customer ?? null,
    metadata: body.metadata ?? {},
    status: "requires_payment_method",
    client_secret: `${piId}_secret_${randomBytes(8).toString("hex")}`,
    created: now(),
  };
}

function subscription(body: Json, subs: Map<string, Json>): Json {
  const trialDays = Number(body.trial_period_days ?? 0);
  const subId = id("sub");
  const items = (body.items as Json[] | undefined) ?? [];
  const priceId = String(items[0]?.price ?? "");
  const trialEnd = trialDays > 0 ? now() + trialDays * 86400 : null;
  const invoiceId = id("in");
  const piId = id("pi");
  const seti = id("seti");
  const wanted = expands(body);
  const sub: Json = {
    id: subId,
    object: "subscription",
    customer: body.customer,
    status: trialEnd ? "trialing" : "incomplete",
    trial_start: trialEnd ? now() : null,
    trial_end: trialEnd,
    metadata: body.metadata ?? {},
    payment_settings: body.payment_settings ?? null,
    items: { object: "list", data: [{ id: id("si"), object: "subscription_item", price: { id: priceId, object: "price" } }] },
    latest_invoice: wanted.includes("latest_invoice.confirmation_secret")
      ? {
          id: invoiceId,
          object: "invoice",
          amount_due: trialEnd ? 0 : 699,
          status: trialEnd ? "paid" : "open",
          // A trial's first invoice is $0: nothing to pay, so no confirmation secret.
          confirmation_secret: trialEnd ? null : { client_secret: `${piId}_secret_${randomBytes(8).toString("hex")}`, type: "payment_intent" },
        }
      : invoiceId,
    pending_setup_intent: trialEnd
      ? wanted.includes("pending_setup_intent")
        ? { id: seti, object: "setup_intent", status: "requires_payment_method", client_secret: `${seti}_secret_${randomBytes(8).toString("hex")}` }
        : seti
      : null,
    created: now(),
  };
  subs.set(subId, sub);
  return sub;
}

function send(res: ServerResponse, status: number, body: Json): void {
  res.writeHead(status, { "content-type": "application/json", "request-id": id("req") });
  res.end(JSON.stringify(body));
}

function stripeError(message: string, type = "invalid_request_error"): Json {
  return { error: { type, message } };
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: RecordedRequest[] = [];
  const replays = new Map<string, { status: number; body: Json }>();
  const subs = new Map<string, Json>();
  let failure: { prefix: string; message: string; status: number } | null = null;

  const route = (method: string, path: string, body: Json): { status: number; body: Json } => {
    if (method === "POST" && path === "/v1/customers") return { status: 200, body: customer(body) };
    if (method === "POST" && path === "/v1/payment_intents") return { status: 200, body: paymentIntent(body) };
    if (method === "POST" && path === "/v1/subscriptions") return { status: 200, body: subscription(body, subs) };
    const m = /^\/v1\/subscriptions\/(sub_[a-f0-9]+)$/.exec(path);
    const sub = m ? subs.get(m[1]!) : undefined;
    if (m && method === "GET") return sub ? { status: 200, body: sub } : { status: 404, body: stripeError(`No such subscription: '${m[1]}'`) };
    if (m && method === "DELETE") {
      if (!sub) return { status: 404, body: stripeError(`No such subscription: '${m[1]}'`) };
      sub.status = "canceled";
      return { status: 200, body: sub };
    }
    return { status: 404, body: stripeError(`Unrecognized request URL (${method}: ${path}).`) };
  };

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (raw += chunk));
    req.on("end", () => {
      const [path = "", query = ""] = (req.url ?? "").split("?");
      const body = parseStripeForm(req.method === "GET" || req.method === "DELETE" ? query : raw);
      const key = req.headers["idempotency-key"];
      const idempotencyKey = typeof key === "string" ? key : undefined;
      const method = req.method ?? "GET";
      requests.push({ method, path, body, idempotencyKey });
      if (failure && path.startsWith(failure.prefix)) {
        send(res, failure.status, stripeError(failure.message, failure.status >= 500 ? "api_error" : "invalid_request_error"));
        return;
      }
      // Stripe replays a request with a known Idempotency-Key instead of running it twice.
      // (The SDK adds its own `stripe-node-retry-*` keys to every POST; those are one-shot.)
      const replayable = idempotencyKey && !idempotencyKey.startsWith("stripe-node-retry-");
      const known = replayable ? replays.get(`${path} ${idempotencyKey}`) : undefined;
      const answer = known ?? route(method, path, body);
      if (replayable && !known) replays.set(`${path} ${idempotencyKey}`, answer);
      send(res, answer.status, answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    requestsTo: (prefix) => requests.filter((r) => r.path.startsWith(prefix)),
    failWith(prefix, message = "Your card was declined.", status = 402) {
      failure = { prefix, message, status };
    },
    reset() {
      failure = null;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
