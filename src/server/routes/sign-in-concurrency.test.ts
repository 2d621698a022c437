/**
 * Issue 39 #3: the sign-in caps hold when every guess is in flight at once. Real parallel
 * requests: many app.inject calls against one app, and an app listening on a port hit with
 * fetch. Limits at their real values (multiplier 1). Runs on PGlite, and on PostgreSQL when
 * DATABASE_URL is set (test-app.ts).
 */
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "../test/auth-helpers";
import { createTestApp, SAME_ORIGIN, type TestApp } from "../test/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MULTIPLIER: "1" });
});
afterAll(() => t.close());

const login = (email: string, password: string, ip: string) =>
  t.app.inject({ method: "POST", url: "/api/auth/login", headers: SAME_ORIGIN, payload: { email, password }, remoteAddress: ip });

const tally = (codes: number[]) => ({ ok: codes.filter((c) => c === 401).length, held: codes.filter((c) => c === 429).length });

describe("sign-in caps under concurrency (issue 39 #3)", () => {
  it("30 concurrent wrong passwords from one client: 10 answered 401, the other 20 429", async () => {
    const u = await buildUser(t.app);
    const codes = (await Promise.all(Array.from({ length: 30 }, () => login(u.email, "wrong-guess", "10.39.0.1")))).map(
      (r) => r.statusCode,
    );
    expect(tally(codes)).toEqual({ ok: 10, held: 20 });
    // The owner's right password from another client still gets in.
    expect((await login(u.email, u.password, "10.39.0.2")).statusCode).toBe(200);
  });

  it("160 concurrent wrong passwords from 16 clients (10 each, under the per-client cap): the hourly cap of 100 holds", async () => {
    const u = await buildUser(t.app);
    const known = "10.39.1.250";
    expect((await login(u.email, u.password, known)).statusCode).toBe(200);
    const requests = Array.from({ length: 160 }, (_, i) => login(u.email, "wrong-guess", `10.39.1.${i % 16}`));
    const codes = (await Promise.all(requests)).map((r) => r.statusCode);
    expect(tally(codes)).toEqual({ ok: 100, held: 60 });
    // A new device waits; the owner's known device is not held by the per-account cap.
    expect((await login(u.email, u.password, "10.39.1.200")).statusCode).toBe(429);
    expect((await login(u.email, u.password, known)).statusCode).toBe(200);
  });

  it("160 concurrent wrong passwords from 8 clients: no client passes its 10, the account never passes 100", async () => {
    const u = await buildUser(t.app);
    const codes = (await Promise.all(Array.from({ length: 160 }, (_, i) => login(u.email, "wrong-guess", `10.39.2.${i % 8}`)))).map(
      (r) => r.statusCode,
    );
    expect(tally(codes)).toEqual({ ok: 80, held: 80 });
  });

  it("over a real socket: 30 concurrent fetches with a wrong password give at most 10 answers of 401", async () => {
    const u = await buildUser(t.app);
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as AddressInfo;
    const base = `http://127.0.0.1:${port}`;
    const codes = await Promise.all(
      Array.from({ length: 30 }, () =>
        fetch(`${base}/api/auth/login`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: base },
          body: JSON.stringify({ email: u.email, password: "wrong-guess" }),
        }).then((r) => r.status),
      ),
    );
    expect(tally(codes)).toEqual({ ok: 10, held: 20 });
  });
});
