/**
 * The fuzz suite's extremes (issue 18 #8, #9), on every route of the route table:
 *  - bodies nested 10 KB deep, and a valid body with one field nested 2,000 deep, are a 400
 *    with a JSON error on every route that takes a body, signed in or not — never a 500;
 *  - every number of a valid body set to each column edge (int4, byte bounds, 2^53, floats):
 *    accepted or refused, never a 500; and afterwards every GET route of that user still
 *    answers without a 500 (sums stay exact, the response check still passes).
 */
import { afterAll, describe, expect, it, vi } from "vitest";
import { DEEP_BODIES, deepValue, EXTREME_NUMBERS } from "./payloads";
import { isTestOnly } from "./policy";
import { createProbeKit, expectJsonError } from "./probe-kit";
import { isStateChanging, type ApiRoute } from "./route-table";

vi.mock("fastify", async (original) => (await import("./route-table")).withRouteRecorder(await original<{ default: unknown }>()));

const kit = await createProbeKit();
afterAll(() => kit.t.close());
const named = (list: ApiRoute[]) => list.map((r) => [r.key, r] as const);
const writes = kit.routes.filter(isStateChanging);
const withBody = writes.filter((r) => r.body && !isTestOnly(r));

type Path = (string | number)[];
function leaves(value: unknown, prefix: Path = []): { path: Path; value: unknown }[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, [...prefix, i]));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => leaves(v, [...prefix, k]));
  return [{ path: prefix, value }];
}
function setAt(value: unknown, path: Path, next: unknown): unknown {
  if (path.length === 0) return next;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path.at(-1)!] = next;
  return copy;
}

describe("deep nesting → 400 with a JSON error on every route, signed in or not (issue 18 #8)", () => {
  it.each(named(writes))("%s", async (_key, route) => {
    for (const as of [kit.alice, null]) {
      for (const raw of DEEP_BODIES) {
        const res = await kit.expectNoChange(() => kit.call(route, { as, raw }));
        expectJsonError(res, route.auth && !as ? [400, 401] : 400);
      }
    }
  });

  it.each(named(withBody))("%s: one field of a valid body nested 2,000 deep", async (_key, route) => {
    const valid = kit.validBody(route, kit.alice);
    for (const { path } of leaves(valid).slice(0, 6)) {
      const res = await kit.expectNoChange(() => kit.call(route, { as: kit.alice, body: setAt(valid, path, deepValue()) }));
      expectJsonError(res, 400);
    }
  });
});

describe("numbers at every column's edge → never a 500, and the reads still answer (issue 18 #9)", () => {
  it.each(named(withBody))("%s", async (_key, route) => {
    const user = await kit.freshUser("Extremes");
    const valid = kit.validBody(route, user);
    const numeric = leaves(valid).filter((l) => typeof l.value === "number" && l.path.at(-1) !== "userId");
    for (const { path } of numeric) {
      for (const n of EXTREME_NUMBERS) {
        const body = setAt(valid, path, n);
        const res = await kit.call(route, { as: user, params: kit.ownParams(route, user), body });
        expect(res.statusCode, `${path.join(".")}=${n} → ${res.statusCode} ${res.body.slice(0, 200)}`).toBeLessThan(500);
        if (res.statusCode >= 400) expectJsonError(res);
      }
    }
    await kit.t.app.mail.idle();
    for (const read of kit.routes.filter((r) => r.method === "GET" && r.auth && !isTestOnly(r))) {
      const res = await kit.call(read, { as: user, params: kit.ownParams(read, user) });
      expect(res.statusCode, `${read.key} after extremes → ${res.body.slice(0, 200)}`).toBeLessThan(500);
    }
  });

  it("sums of the largest accepted cleanup events stay exact integers in every read", async () => {
    const user = await kit.freshUser("Sums");
    const post = kit.routes.find((r) => r.key === "POST /api/cleanup-events")!;
    for (let i = 0; i < 20; i++) {
      const res = await kit.call(post, {
        as: user,
        body: { clientId: `max-bytes-${i}-abcdef`, category: "photos", action: "delete", items: 1_000_000, bytesFreed: 2 ** 40 },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    for (const read of kit.routes.filter((r) => r.method === "GET" && r.auth && !isTestOnly(r))) {
      const res = await kit.call(read, { as: user, params: kit.ownParams(read, user) });
      expect(res.statusCode, `${read.key} → ${res.body.slice(0, 200)}`).toBeLessThan(500);
    }
  });
});
