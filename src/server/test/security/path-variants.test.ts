/**
 * Issue 18 #10: the Origin (CSRF) check and the session guard decide on the route Fastify
 * matched, never on the raw path. Every guarded route is requested through percent-encoded,
 * dot-segment, doubled-slash and trailing-slash spellings of its path: a foreign Origin is
 * refused (403) or the spelling matches nothing (404), and a guarded route without a session
 * is 401 or 404 — never the handler's answer, and no table changes.
 */
import { afterAll, describe, expect, it, vi } from "vitest";
import { ORIGIN_EXEMPT } from "./policy";
import { createProbeKit, fillPath } from "./probe-kit";
import { isStateChanging, type ApiRoute } from "./route-table";

vi.mock("fastify", async (original) => (await import("./route-table")).withRouteRecorder(await original<{ default: unknown }>()));

const kit = await createProbeKit();
afterAll(() => kit.t.close());

const encodeFirst = (segment: string) => (segment ? `%${segment.charCodeAt(0).toString(16).padStart(2, "0")}${segment.slice(1)}` : segment);

/** Spellings of `path` a server that matched the raw string would treat differently. */
function pathVariants(path: string): string[] {
  const segments = path.split("/").slice(1);
  const out = new Set<string>();
  segments.forEach((_s, i) => {
    out.add("/" + segments.map((s, j) => (j === i ? encodeFirst(s) : s)).join("/"));
    out.add(
      "/" +
        segments
          .map((s, j) => (j === i ? s.toUpperCase().replace(/^./, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`) : s))
          .join("/"),
    );
  });
  out.add("/" + segments.map(encodeFirst).join("/"));
  out.add(`/x/..${path}`);
  out.add(`/api/.${path.slice(4)}`);
  out.add(`/api/%2e${path.slice(4)}`);
  out.add(`/%2e%2e${path}`);
  out.add(`/${path}`);
  out.add(`${path}/`);
  out.add(`${path};x=1`);
  out.add(path.replaceAll("/", "%2F").replace(/^%2F/, "/"));
  out.add(`${path}?x=/api/`);
  return [...out];
}

const named = (list: ApiRoute[]) => list.map((r) => [r.key, r] as const);
const guardedWrites = kit.routes.filter((r) => isStateChanging(r) && !ORIGIN_EXEMPT[r.key]);
const authRoutes = kit.routes.filter((r) => r.auth);

describe("a foreign Origin is refused on every spelling of every state-changing route", () => {
  it.each(named(guardedWrites))("%s", async (_key, route) => {
    const path = fillPath(route, kit.ownParams(route, kit.alice));
    const body = kit.validBody(route, kit.alice) ?? {};
    for (const variant of pathVariants(path)) {
      const res = await kit.expectNoChange(() =>
        kit.t.app.inject({
          method: route.method,
          url: variant,
          headers: { origin: "https://evil.example", host: "localhost:80", cookie: kit.alice.cookie, "content-type": "application/json" },
          payload: JSON.stringify(body),
        }),
      );
      expect([403, 404], `${route.method} ${variant} → ${res.statusCode} ${res.body.slice(0, 120)}`).toContain(res.statusCode);
    }
  });
});

describe("no session, no answer, on every spelling of every signed-in route", () => {
  it.each(named(authRoutes))("%s", async (_key, route) => {
    const path = fillPath(route, kit.ownParams(route, kit.alice));
    const body = kit.validBody(route, kit.alice);
    for (const variant of pathVariants(path)) {
      const res = await kit.expectNoChange(() =>
        kit.t.app.inject({
          method: route.method,
          url: variant,
          headers: {
            origin: "http://localhost:80",
            host: "localhost:80",
            ...(body !== undefined ? { "content-type": "application/json" } : {}),
          },
          ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
        }),
      );
      expect([401, 404], `${route.method} ${variant} → ${res.statusCode} ${res.body.slice(0, 120)}`).toContain(res.statusCode);
    }
  });
});

describe("the spellings reach the real route (so the tests above are not vacuous)", () => {
  it("POST /%61pi/auth/login with a foreign Origin is 403, not 404", async () => {
    const res = await kit.t.app.inject({
      method: "POST",
      url: "/%61pi/auth/login",
      headers: { origin: "https://evil.example", host: "localhost:80" },
      payload: { email: "a@b.co", password: "whatever1" },
    });
    expect(res.statusCode).toBe(403);
  });
  it("GET /%61pi/auth/me without a session is 401, not 404", async () => {
    expect((await kit.t.app.inject({ method: "GET", url: "/%61pi/auth/me" })).statusCode).toBe(401);
  });
});
