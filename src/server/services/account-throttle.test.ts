/**
 * Issue 18 #4: the per-account throttle counts failures only, holds a spreading guesser at
 * the per-account cap, and never holds a client that signed in to the account before.
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
const refused = (p: Promise<void>) =>
  p.then(
    () => false,
    (e: { statusCode?: number }) => e.statusCode === 429,
  );

describe("createAccountThrottle", () => {
  it("holds one client after its failures, others keep trying", async () => {
    const throttle = createAccountThrottle(createDbRateLimiter(t.database.db), "t1", limits);
    await throttle.fail("ann@example.com", "10.0.0.1");
    expect(await refused(throttle.check("ann@example.com", "10.0.0.1"))).toBe(false);
    await throttle.fail("ann@example.com", "10.0.0.1");
    expect(await refused(throttle.check("ann@example.com", "10.0.0.1"))).toBe(true);
    expect(await refused(throttle.check("ann@example.com", "10.0.0.2"))).toBe(false);
  });

  it("holds every unknown client at the per-account cap, but never a client that signed in before", async () => {
    const throttle = createAccountThrottle(createDbRateLimiter(t.database.db), "t2", limits);
    await throttle.succeed("bo@example.com", "10.1.0.9");
    for (let i = 0; i < 4; i++) await throttle.fail("bo@example.com", `10.1.0.${i}`);
    expect(await refused(throttle.check("bo@example.com", "10.1.0.50"))).toBe(true);
    expect(await refused(throttle.check("bo@example.com", "10.1.0.9"))).toBe(false);
    // Another account is untouched.
    expect(await refused(throttle.check("cy@example.com", "10.1.0.50"))).toBe(false);
  });

  it("a success ends that client's run of failures", async () => {
    const throttle = createAccountThrottle(createDbRateLimiter(t.database.db), "t3", limits);
    await throttle.fail("di@example.com", "10.2.0.1");
    await throttle.succeed("di@example.com", "10.2.0.1");
    await throttle.fail("di@example.com", "10.2.0.1");
    expect(await refused(throttle.check("di@example.com", "10.2.0.1"))).toBe(false);
  });
});
