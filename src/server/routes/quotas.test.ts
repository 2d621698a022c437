/**
 * Issue 18 #7: one account cannot grow its history, or the work of its own heavy reads,
 * without bound. Real limits (multiplier 1), in their own app.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_SNAPSHOTS_PER_DAY } from "../../domain/limits";
import { saveSummary } from "../services/digital-data";
import { as, buildUser } from "../test/auth-helpers";
import { buildSummary } from "../../domain/testing/build-summary";
import { createTestApp, type TestApp } from "../test/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MULTIPLIER: "1" });
});
afterAll(() => t.close());

describe("per-user quotas", () => {
  it(`keeps at most ${MAX_SNAPSHOTS_PER_DAY} scan snapshots a day per user; another user is unaffected`, async () => {
    const [u, other] = [await buildUser(t.app), await buildUser(t.app)];
    await saveSummary(t.database.db, u.id, buildSummary());
    await saveSummary(t.database.db, other.id, buildSummary());
    const snap = (user: typeof u) => t.app.inject({ method: "POST", url: `/api/digital-data/${user.id}/scan`, headers: as(user) });
    const codes: number[] = [];
    for (let i = 0; i <= MAX_SNAPSHOTS_PER_DAY; i++) codes.push((await snap(u)).statusCode);
    expect(codes.slice(0, MAX_SNAPSHOTS_PER_DAY).every((c) => c === 200)).toBe(true);
    const refused = await snap(u);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect((await snap(other)).statusCode).toBe(200);
  });

  it("serves at most 20 account exports an hour per user", async () => {
    const u = await buildUser(t.app);
    const codes: number[] = [];
    for (let i = 0; i <= 20; i++)
      codes.push((await t.app.inject({ method: "POST", url: `/api/users/${u.id}/export`, headers: as(u), payload: {} })).statusCode);
    expect(codes.slice(0, 20).every((c) => c === 200)).toBe(true);
    expect(codes[20]).toBe(429);
  });
});
