/**
 * Bad input on every route that reads a body or a path param (issue 12): wrong types,
 * missing and unknown fields, SQL and script payloads, 1 MB+ bodies, malformed JSON, bad
 * UTF-8, a wrong content type. The answer is a 4xx with a JSON `{ error }` — never a 500 —
 * and every table is exactly as before. Generated from the route table and each route's
 * zod schema, so new routes are covered with no edit here.
 */
import { afterAll, describe, expect, it, vi } from "vitest";
import {
  BAD_UTF8,
  HOSTILE_NUMBERS,
  HOSTILE_PARAMS,
  MALFORMED_JSON,
  ODD_STRINGS,
  OVERSIZED_BODY,
  SCRIPT_PAYLOADS,
  SQL_PAYLOADS,
} from "./payloads";
import { createProbeKit, expectJsonError } from "./probe-kit";
import { isStateChanging, type ApiRoute } from "./route-table";
import { mutate, type Json } from "./zod-arbitrary";

vi.mock("fastify", async (original) => (await import("./route-table")).withRouteRecorder(await original<{ default: unknown }>()));

const kit = await createProbeKit();
afterAll(() => kit.t.close());
const { routes, alice } = kit;
const named = (list: ApiRoute[]) => list.map((r) => [r.key, r] as const);
const writes = routes.filter(isStateChanging);
const withBodySchema = writes.filter((r) => r.body);

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

/** Bodies built to break the schema: shapes, each field dropped, each field of a wrong type, unknown fields. */
function violations(route: ApiRoute): unknown[] {
  const valid = kit.validBody(route, alice) as Json;
  const out: unknown[] = [{}, [], "text", 42, true, { unexpected: 1 }, [valid]];
  const fields = leaves(valid).filter((l) => l.path.length > 0);
  for (let i = 0; i < fields.length * 2 + 2; i++) {
    out.push(mutate(valid, "drop", i, null), mutate(valid, "wrongType", i, "wrong"), mutate(valid, "wrongType", i, { nested: [1] }));
  }
  out.push(mutate(valid, "extra", 0, "surprise"), mutate(valid, "extra", 1, { isAdmin: true }));
  if (valid && typeof valid === "object" && !Array.isArray(valid))
    out.push({ ...valid, isAdmin: true }, { ...valid, subscriptionStatus: "lifetime" }, { ...valid, userId: 1 });
  for (const { path, value } of fields) {
    if (typeof value === "number") for (const n of HOSTILE_NUMBERS) out.push(setAt(valid, path, n));
    if (typeof value === "string") out.push(setAt(valid, path, 1), setAt(valid, path, ["array"]));
  }
  // Only what the schema itself refuses: the server must refuse exactly that, cleanly.
  return out.filter((b) => !route.body!.safeParse(b).success);
}

describe("schema violations → 4xx with a JSON error, nothing stored", () => {
  it.each(named(withBodySchema))("%s", async (_key, route) => {
    const bodies = violations(route);
    expect(bodies.length).toBeGreaterThan(5);
    for (const body of bodies) {
      const res = await kit.expectNoChange(() => kit.call(route, { as: alice, body }));
      expectJsonError(res);
    }
  });
});

describe("SQL and script payloads in every text and number field → refused, or stored as plain text; never a 500", () => {
  const payloads = [...SQL_PAYLOADS, ...SCRIPT_PAYLOADS, ...ODD_STRINGS];
  it.each(named(withBodySchema))("%s", async (_key, route) => {
    const valid = kit.validBody(route, alice);
    const fields = leaves(valid).filter((l) => l.path.length > 0 && (typeof l.value === "string" || typeof l.value === "number"));
    for (const { path } of fields) {
      for (const payload of payloads) {
        const body = setAt(valid, path, payload);
        const serialised = JSON.stringify(body);
        if (!route.body!.safeParse(body).success) {
          expectJsonError(await kit.expectNoChange(() => kit.call(route, { as: alice, body })));
          continue;
        }
        // The schema takes it as text (a name may be "<script>"): any answer but a server error,
        // and the tables are all still there (the snapshot reads every one of them).
        const res = await kit.call(route, { as: alice, body });
        expect(res.statusCode, `${serialised.slice(0, 200)} → ${res.body.slice(0, 200)}`).toBeLessThan(500);
        await kit.snapshot();
      }
    }
  });
});

describe("transport-level abuse → 4xx with a JSON error, nothing stored", () => {
  it.each(named(writes))("%s: a body over 1 MB → 413", async (_key, route) => {
    const res = await kit.expectNoChange(() => kit.call(route, { as: alice, raw: OVERSIZED_BODY }));
    expectJsonError(res, 413);
  });

  it.each(named(writes))("%s: malformed JSON → 400", async (_key, route) => {
    for (const raw of MALFORMED_JSON) {
      const res = await kit.expectNoChange(() => kit.call(route, { as: alice, raw }));
      expectJsonError(res, 400);
    }
  });

  it.each(named(writes))("%s: an empty JSON body or a wrong content type → 4xx", async (_key, route) => {
    expectJsonError(await kit.expectNoChange(() => kit.call(route, { as: alice, raw: "" })), 400);
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/xml"]) {
      const res = await kit.expectNoChange(() => kit.call(route, { as: alice, raw: "a=1", headers: { "content-type": type } }));
      expectJsonError(res, 415);
    }
  });

  it.each(named(withBodySchema))("%s: bad UTF-8 in a body the schema refuses → 400", async (_key, route) => {
    for (const raw of [BAD_UTF8('{"unexpected":"', '"}'), BAD_UTF8('{"', '":1}'), BAD_UTF8("", "")]) {
      const res = await kit.expectNoChange(() => kit.call(route, { as: alice, raw }));
      expectJsonError(res, 400);
    }
  });
});

describe("hostile path params → 4xx with a JSON error, nothing stored", () => {
  it.each(named(routes.filter((r) => r.paramNames.length > 0)))("%s", async (_key, route) => {
    const body = kit.validBody(route, alice);
    for (const param of route.paramNames) {
      for (const value of HOSTILE_PARAMS) {
        const params = { ...kit.ownParams(route, alice), [param]: value };
        const res = await kit.expectNoChange(() => kit.call(route, { as: alice, params, body }));
        expectJsonError(res);
      }
    }
  });
});
