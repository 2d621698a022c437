/**
 * Issue 18 #4: the per-account throttle counts failures only, holds a spreading guesser at
 * the per-account cap, and never holds a client that signed in to the account before.
 * Issue 39 #3: attempts are reserved before the check, so concurrent ones cannot pass a cap.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/test-app";
import { createAccountThrottle } from "./account-throttle";
import { createDbRateLimiter } from "./rate-limit";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const limits = { perClient: 2, perAccount: 4, windowMs: 60_000, accountWindowMs: 60_000 };
const refused = (p: Promise<unknown>) =>
  p.then(
    () => false,
    (e: { statusCode?: number }) => e.statusCode === 429,
  );

describe("createAccountThrottle", () => {
  it("holds one client after its failures, others keep trying", async () => {
    const throttle = createAccountThrottle(createDbRateLimiter(t.database.db), "t1", limits);
    expect(await refused(throttle.reserve("ann@example.com", "10.0.0.1"))).toBe(false);
    expect(await refused(throttle.reserve("ann@example.com", "10.0.0.1"))).toBe(false);
    expect(await refused(throttle.reserve("ann@example.com", "10.0.0.1"))).toBe(true);
    expect(await refused(throttle.reserve("ann@example.com", "10.0.0.2"))).toBe(false);
  });

  it("holds every unknown client at the per-account cap, but never a client that signed in before", async () => {
    const throttle = createAccountThrottle(createDbRateLimiter(t.database.db), "t2", limits);
    await (await throttle.reserve("bo@example.com", "10.1.0.9")).succeed();
    for (let i = 0; i < 4; i++) await throttle.reserve("bo@example.com", `10.1.0.${i}`);
    expect(await refused(throttle.reserve("bo@example.com", "10.1.0.50"))).toBe(true);
    expect(await refused(throttle.reserve("bo@example.com", "10.1.0.9"))).toBe(false);
    // Another account is untouched.
    expect(await refused(throttle.reserve("cy@example.com", "10.1.0.50"))).toBe(false);
  });

  it("a success ends that client's run of failures", async () => {
    const throttle = createAccountThrottle(createDbRateLimiter(t.database.db), "t3", limits);
    await throttle.reserve("di@example.com", "10.2.0.1");
    await (await throttle.reserve("di@example.com", "10.2.0.1")).succeed();
    await throttle.reserve("di@example.com", "10.2.0.1");
    expect(await refused(throttle.reserve("di@example.com", "10.2.0.1"))).toBe(false);
  });

  it("a released attempt (right password) does not count, for the client or the account", async () => {
    const throttle = createAccountThrottle(createDbRateLimiter(t.database.db), "t4", limits);
    for (let i = 0; i < 10; i++) await (await throttle.reserve("ed@example.com", "10.3.0.1")).release();
    expect(await refused(throttle.reserve("ed@example.com", "10.3.0.1"))).toBe(false);
  });

  it("reserves before the check: of 12 concurrent attempts from one client, exactly the cap gets through (issue 39 #3)", async () => {
    const throttle = createAccountThrottle(createDbRateLimiter(t.database.db), "t5", limits);
    const outcomes = await Promise.all(Array.from({ length: 12 }, () => refused(throttle.reserve("fa@example.com", "10.4.0.1"))));
    expect(outcomes.filter((r) => !r)).toHaveLength(limits.perClient);
  });

  it("a refusal at the per-account cap leaves the client's own count as it was", async () => {
    const throttle = createAccountThrottle(createDbRateLimiter(t.database.db), "t6", limits);
    for (let i = 0; i < 4; i++) await throttle.reserve("gu@example.com", `10.5.0.${i}`);
    const limiter = createDbRateLimiter(t.database.db);
    expect(await refused(throttle.reserve("gu@example.com", "10.5.0.77"))).toBe(true);
    expect((await limiter.peek("t6:fail:gu@example.com|10.5.0.77")).count).toBe(0);
  });
});
