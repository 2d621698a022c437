/**
 * One shared app per security test file, two Pro users (so Pro-only routes reach their
 * real checks), and helpers that turn a route-table entry into a request: its own-user
 * params, a valid body, a record owned by someone else.
 */
import { eq } from "drizzle-orm";
import fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { users } from "../../db/schema";
import { buildUser, type TestUser } from "../auth-helpers";
import { createTestApp, SAME_ORIGIN, type TestApp } from "../test-app";
import { diffSnapshots, snapshotWatched, type Snapshot, watchTables } from "./db-snapshot";
import { EXAMPLE_BODIES } from "./examples";
import { isUserIdParam } from "./policy";
import { apiRoutes, type ApiRoute } from "./route-table";
import { schemaShaped } from "./zod-arbitrary";

export interface CallOptions {
  /** Whose session cookie to send; null sends none. */
  as: TestUser | null;
  params?: Record<string, string>;
  /** JSON-serialised unless `raw` is given. */
  body?: unknown;
  raw?: string | Buffer;
  headers?: Record<string, string>;
}

export interface ProbeKit {
  t: TestApp;
  routes: ApiRoute[];
  alice: TestUser;
  bob: TestUser;
  call(route: ApiRoute, options: CallOptions): Promise<LightMyRequestResponse>;
  snapshot(): Promise<Snapshot>;
  /** Runs the request and fails unless every table is exactly as before. */
  expectNoChange(run: () => Promise<LightMyRequestResponse>): Promise<LightMyRequestResponse>;
  /** Params that point at the user's own data (their id; a harmless value elsewhere). */
  ownParams(route: ApiRoute, user: TestUser): Record<string, string>;
  /** A body the route's schema accepts, for this user. */
  validBody(route: ApiRoute, user: TestUser): unknown;
  /** A Pro user with a fresh session (fuzzing may end sessions). */
  freshUser(name?: string): Promise<TestUser>;
}

/**
 * A new private address per request, so per-IP rate limits never mask a probe's answer.
 * Counted, not random: two requests can never share one, and a failing run replays exactly.
 */
let ipCounter = 0;
const nextIp = () => {
  const n = ipCounter++;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

export function fillPath(route: ApiRoute, params: Record<string, string>): string {
  return route.url.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => encodeURIComponent(params[name] ?? "1"));
}

export async function createProbeKit(envOverrides: Record<string, string> = {}): Promise<ProbeKit> {
  // A webhook secret, so the webhook answers bad signatures (400) instead of "not configured" (503).
  // A short IMAP timeout: a fuzzed connect body naming a public address must not wait 15 s.
  const t = await createTestApp({ STRIPE_WEBHOOK_SECRET: "whsec_security_probe_secret", IMAP_TIMEOUT_MS: "1000", ...envOverrides });
  const routes = apiRoutes(t.app);
  await watchTables(t.database.db);

  async function freshUser(name = "Probe User"): Promise<TestUser> {
    const user = await buildUser(t.app, { name });
    await t.database.db.update(users).set({ subscriptionStatus: "lifetime" }).where(eq(users.id, user.id));
    return user;
  }
  const [alice, bob] = [await freshUser("Alice"), await freshUser("Bob")];

  const ownParams = (route: ApiRoute, user: TestUser) =>
    Object.fromEntries(route.paramNames.map((p) => [p, isUserIdParam(route, p) ? String(user.id) : p === "id" ? "1" : "probe-value-1234"]));

  function validBody(route: ApiRoute, user: TestUser): unknown {
    const example = EXAMPLE_BODIES[route.key];
    if (example) return example({ userId: user.id });
    if (!route.body) return undefined;
    const schema = route.body;
    const withUser = (v: unknown) => (v && typeof v === "object" && !Array.isArray(v) && "userId" in v ? { ...v, userId: user.id } : v);
    const found = fc
      .sample(schemaShaped(schema), { seed: 12, numRuns: 400 })
      .map(withUser)
      .find((v) => schema.safeParse(v).success);
    if (found === undefined)
      throw new Error(`Could not generate a valid body for ${route.key}: add one to src/server/security/examples.ts`);
    return found;
  }

  async function call(route: ApiRoute, options: CallOptions): Promise<LightMyRequestResponse> {
    const params = options.params ?? (options.as ? ownParams(route, options.as) : ownParams(route, alice));
    const hasBody = options.raw !== undefined || options.body !== undefined;
    return t.app.inject({
      method: route.method,
      url: fillPath(route, params),
      remoteAddress: nextIp(),
      headers: {
        ...SAME_ORIGIN,
        ...(options.as ? { cookie: options.as.cookie } : {}),
        ...(hasBody ? { "content-type": "application/json" } : {}),
        ...options.headers,
      },
      ...(hasBody ? { payload: options.raw ?? JSON.stringify(options.body) } : {}),
    });
  }

  const snapshot = () => snapshotWatched(t.database.db);

  async function expectNoChange(run: () => Promise<LightMyRequestResponse>) {
    const before = await snapshot();
    const res = await run();
    expect(diffSnapshots(before, await snapshot()), `database changed (answer ${res.statusCode} ${res.body.slice(0, 200)})`).toEqual([]);
    return res;
  }

  return { t, routes, alice, bob, call, snapshot, expectNoChange, ownParams, validBody, freshUser };
}

/** A refusal the client can show: a 4xx with a JSON `{ error: string }`. */
export function expectJsonError(res: LightMyRequestResponse, status?: number | number[]): void {
  const where = `${res.statusCode} ${res.body.slice(0, 300)}`;
  if (status !== undefined) expect([status].flat(), where).toContain(res.statusCode);
  else expect(res.statusCode, where).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, where).toBeLessThan(500);
  expect(String(res.headers["content-type"]), where).toMatch(/^application\/json/);
  const body = res.json<{ error?: unknown }>();
  expect(typeof body.error, where).toBe("string");
  expect(String(body.error).length, where).toBeGreaterThan(0);
}
