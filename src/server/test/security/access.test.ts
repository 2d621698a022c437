/**
 * Access probes generated from the route table (issue 12): no session → 401 before
 * validation; another user's id or record → 404; a cross-site Origin on a write → 403.
 * Each refusal leaves every table exactly as it was. A route added tomorrow is probed
 * with no edit here; a new public or Origin-exempt route must be listed in policy.ts.
 */
import { randomBytes } from "node:crypto";
import fc from "fast-check";
import { afterAll, describe, expect, it, vi } from "vitest";
import type { TestUser } from "../auth-helpers";
import { buildApp } from "../../app";
import { createProbeKit, expectJsonError } from "./probe-kit";
import { isTestOnly, isUserIdParam, ORIGIN_EXEMPT, PUBLIC_ROUTES } from "./policy";
import { apiRoutes, isStateChanging, type ApiRoute } from "./route-table";
import { topLevelKeys } from "./schema-shape";
import { schemaShaped } from "./zod-arbitrary";

vi.mock("fastify", async (original) => (await import("./route-table")).withRouteRecorder(await original<{ default: unknown }>()));

const kit = await createProbeKit();
afterAll(() => kit.t.close());
const { routes, alice, bob } = kit;
const named = (list: ApiRoute[]) => list.map((r) => [r.key, r] as const);

describe("the route table", () => {
  it("is read from the app itself", () => {
    const keys = routes.map((r) => r.key);
    expect(keys).toEqual(expect.arrayContaining(["GET /api/users/:id", "POST /api/cleanup-events", "PATCH /api/settings"]));
  });

  it("has a session guard on every route that is not on the documented public list", () => {
    const unguarded = routes.filter((r) => !r.auth && !PUBLIC_ROUTES[r.key] && !isTestOnly(r)).map((r) => r.key);
    expect(unguarded, "add `config: { auth: true }`, or list the route in security/policy.ts with a reason").toEqual([]);
  });

  it("lists in policy.ts only routes that exist and are public", () => {
    const stale = Object.keys(PUBLIC_ROUTES).filter((key) => !routes.some((r) => r.key === key && !r.auth));
    const staleOrigin = Object.keys(ORIGIN_EXEMPT).filter((key) => !routes.some((r) => r.key === key));
    expect([...stale, ...staleOrigin]).toEqual([]);
  });

  it("registers test-only routes only when the test entry passes them, whatever NODE_ENV says (issue 18 #18)", async () => {
    expect(routes.some(isTestOnly)).toBe(true);
    // A second app on the same database, built as main.ts builds it — even with NODE_ENV=test.
    const production = await buildApp({ env: { ...kit.t.env, NODE_ENV: "test" }, database: kit.t.database });
    try {
      expect(apiRoutes(production).length).toBeGreaterThan(10);
      expect(
        apiRoutes(production)
          .filter(isTestOnly)
          .map((r) => r.key),
      ).toEqual([]);
    } finally {
      await production.close();
    }
  });
});

describe("no session → 401, before the body is even read", () => {
  it.each(named(routes.filter((r) => r.auth)))("%s", async (_key, route) => {
    const junk = isStateChanging(route) ? { unexpected: "<script>alert(1)</script>", userId: "1 OR 1=1" } : undefined;
    const forged = `cs_session=${randomBytes(32).toString("base64url")}`;
    for (const headers of [{}, { cookie: forged }, { cookie: "cs_session=" }] as Record<string, string>[]) {
      const res = await kit.expectNoChange(() => kit.call(route, { as: null, body: junk, headers }));
      expectJsonError(res, 401);
    }
  });
});

/** A record of `owner`'s behind `/:param` of this route, created through the collection's POST route. */
async function recordOf(owner: TestUser, route: ApiRoute, param: string): Promise<string> {
  const collection = route.url.slice(0, route.url.indexOf(`/:${param}`));
  const creator = routes.find((r) => r.method === "POST" && r.url === collection);
  if (!creator?.body) throw new Error(`${route.key}: no POST ${collection} to create another user's record with`);
  const schema = creator.body;
  const bodies = fc.sample(schemaShaped(schema), { seed: 7, numRuns: 500 }).filter((b) => schema.safeParse(b).success);
  for (const body of bodies.slice(0, 10)) {
    const res = await kit.call(creator, { as: owner, body });
    if (res.statusCode >= 300) continue;
    const created = res.json<Record<string, unknown>>();
    const id = created[param] ?? (body as Record<string, unknown>)[param] ?? created.id;
    if (id !== undefined) return String(id);
  }
  throw new Error(`${route.key}: could not create a record for the other user through POST ${collection}`);
}

interface OwnershipCase {
  route: ApiRoute;
  where: string;
  /** The request aimed at `target`'s data, made by Alice. */
  request(target: TestUser): Promise<{ params: Record<string, string>; body: unknown }>;
}

const ownershipCases: OwnershipCase[] = routes.flatMap((route) => {
  const cases: OwnershipCase[] = route.paramNames.map((param) => ({
    route,
    where: `:${param}`,
    async request(target) {
      const id = isUserIdParam(route, param) ? String(target.id) : await recordOf(target, route, param);
      return { params: { ...kit.ownParams(route, alice), [param]: id }, body: kit.validBody(route, alice) };
    },
  }));
  if (route.auth && topLevelKeys(route.body).includes("userId")) {
    cases.push({
      route,
      where: "body.userId",
      async request(target) {
        return { params: kit.ownParams(route, alice), body: { ...(kit.validBody(route, alice) as object), userId: target.id } };
      },
    });
  }
  return cases;
});

describe("another user's id or record → 404, and their data untouched", () => {
  it("covers every route that takes a user id or a record id", () => {
    expect(ownershipCases.length).toBeGreaterThanOrEqual(10);
  });

  it.each(ownershipCases.map((c) => [`${c.route.key} (${c.where})`, c] as const))("%s", async (_name, c) => {
    const { params, body } = await c.request(bob);
    const res = await kit.expectNoChange(() => kit.call(c.route, { as: alice, params, body }));
    expectJsonError(res, 404);
    // Control: the same request aimed at Alice's own data is not a 404, so the 404 above is the ownership rule's.
    const own = await c.request(alice);
    expect((await kit.call(c.route, { as: alice, ...own })).statusCode).not.toBe(404);
  });
});

describe("a cross-site request that changes state → 403", () => {
  const crossSite: Record<string, string>[] = [
    { origin: "https://evil.example" },
    { origin: "null" },
    { origin: "http://localhost:80.evil.example" },
    { origin: "", "sec-fetch-site": "cross-site" },
  ];

  it.each(named(routes.filter((r) => isStateChanging(r) && !ORIGIN_EXEMPT[r.key])))("%s", async (_key, route) => {
    const body = kit.validBody(route, alice);
    for (const headers of crossSite) {
      const res = await kit.expectNoChange(() => kit.call(route, { as: alice, body, headers }));
      expectJsonError(res, 403);
    }
  });

  it.each(named(routes.filter((r) => ORIGIN_EXEMPT[r.key])))(
    "%s (Origin-exempt) still refuses an unsigned request",
    async (_key, route) => {
      const event = { id: "evt_probe", type: "customer.subscription.deleted", data: { object: {} } };
      for (const headers of [{ origin: "https://evil.example" }, { "stripe-signature": "t=1,v1=deadbeef" }] as Record<string, string>[]) {
        const res = await kit.expectNoChange(() => kit.call(route, { as: null, body: event, headers }));
        expectJsonError(res, 400);
      }
    },
  );
});
