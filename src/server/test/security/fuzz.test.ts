/**
 * Property-based fuzzing of every route that reads a JSON body (issue 12): 200 bodies per
 * route from fast-check — arbitrary JSON, values shaped like the route's zod schema, and
 * near misses with one thing broken (a field dropped, added, retyped, nulled or made
 * hostile). Whatever comes in, the answer is never a 500; a refusal is a 4xx JSON error
 * and leaves every table as it was. Seeds are fixed, so a failure replays exactly.
 * Each route gets its own Pro user, so one route's accepted bodies (a new e-mail, a
 * deleted preset) cannot change what another route sees.
 */
import fc from "fast-check";
import { afterAll, describe, expect, it, vi } from "vitest";
import { diffSnapshots } from "./db-snapshot";
import { isTestOnly } from "./policy";
import { createProbeKit, expectJsonError } from "./probe-kit";
import { isStateChanging, type ApiRoute } from "./route-table";
import { bodyArbitrary } from "./zod-arbitrary";

vi.mock("fastify", async (original) => (await import("./route-table")).withRouteRecorder(await original<{ default: unknown }>()));

const RUNS_PER_ROUTE = 200;

const kit = await createProbeKit();
afterAll(() => kit.t.close());
// Test-only routes (NODE_ENV=test seeding) are not served in production: not fuzzed.
const fuzzed = kit.routes.filter((r) => isStateChanging(r) && r.body && !isTestOnly(r));

/** A stable seed per route, so a failure names a body that replays. */
const seedOf = (route: ApiRoute) => [...route.key].reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, 7);

describe(`fuzzing every JSON body (${RUNS_PER_ROUTE} cases per route): never a 500, refusals change nothing`, () => {
  it("covers the routes that read a body", () => {
    expect(fuzzed.map((r) => r.key)).toEqual(
      expect.arrayContaining(["POST /api/users", "POST /api/cleanup-events", "PATCH /api/settings"]),
    );
  });

  it.each(fuzzed.map((r) => [r.key, r] as const))("%s", async (_key, route) => {
    const user = await kit.freshUser("Fuzz");
    let baseline = await kit.snapshot();
    let cases = 0;
    await fc.assert(
      fc.asyncProperty(bodyArbitrary(route.body), async (body) => {
        cases++;
        const res = await kit.call(route, { as: user, params: kit.ownParams(route, user), body });
        const where = `${JSON.stringify(body).slice(0, 300)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
        expect(res.statusCode, where).toBeLessThan(500);
        // An accepted signup mails without awaiting it; that row must not be blamed on the next case.
        await kit.t.app.mail.idle();
        const after = await kit.snapshot();
        if (res.statusCode >= 400) {
          expectJsonError(res);
          expect(diffSnapshots(baseline, after), where).toEqual([]);
        }
        // An accepted body may change the tables: it is the next comparison's starting point.
        baseline = after;
      }),
      { numRuns: RUNS_PER_ROUTE, seed: seedOf(route), endOnFailure: true },
    );
    expect(cases).toBe(RUNS_PER_ROUTE);
  });
});
