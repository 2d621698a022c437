import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser, uniqueEmail } from "../test/auth-helpers";
import { createTestApp, SAME_ORIGIN, type TestApp } from "../test/test-app";

// Real limits (multiplier 1), in their own app so other files' traffic doesn't count.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MULTIPLIER: "1" });
});
afterAll(() => t.close());

const post = (url: string, payload: object, ip = "10.0.0.1") =>
  t.app.inject({ method: "POST", url, headers: SAME_ORIGIN, payload, remoteAddress: ip });

describe("rate limits", () => {
  it("stops a guesser after 10 failures per account from one client, with Retry-After — and the owner still gets in (issue 18 #4)", async () => {
    const u = await buildUser(t.app);
    const codes: number[] = [];
    for (let i = 0; i < 11; i++)
      codes.push((await post("/api/auth/login", { email: u.email, password: "wrong-guess" }, "10.1.0.66")).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
    expect(codes[10]).toBe(429);
    // Even the right password from the guesser's client waits: it is not a guessing oracle.
    const guesser = await post("/api/auth/login", { email: u.email, password: u.password }, "10.1.0.66");
    expect(guesser.statusCode).toBe(429);
    expect(Number(guesser.headers["retry-after"])).toBeGreaterThan(0);
    // The owner, on their own connection, is not locked out by someone else's failures.
    expect((await post("/api/auth/login", { email: u.email, password: u.password }, "10.1.0.7")).statusCode).toBe(200);
  });

  it("never counts a correct password against the account (issue 18 #4)", async () => {
    const u = await buildUser(t.app);
    for (let i = 0; i < 15; i++)
      expect((await post("/api/auth/login", { email: u.email, password: u.password }, `10.1.2.${i}`)).statusCode).toBe(200);
    expect((await post("/api/auth/login", { email: u.email, password: "wrong-guess" }, "10.1.2.99")).statusCode).toBe(401);
  });

  it("ignores a spoofed X-Forwarded-For / Forwarded without TRUST_PROXY: the socket peer is counted (issue 18 #2)", async () => {
    let status = 0;
    for (let i = 0; i < 31; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        headers: { ...SAME_ORIGIN, "x-forwarded-for": `198.51.100.${i}`, "x-real-ip": `198.51.100.${i}`, forwarded: `for=198.51.100.${i}` },
        payload: { email: uniqueEmail(), password: "wrong-guess" },
        remoteAddress: "10.2.9.1",
      });
      status = res.statusCode;
    }
    expect(status).toBe(429);
  });

  it("limits sign-in attempts per IP to 30 per 15 minutes", async () => {
    let status = 0;
    for (let i = 0; i < 31; i++)
      status = (await post("/api/auth/login", { email: uniqueEmail(), password: "wrong-guess" }, "10.2.0.1")).statusCode;
    expect(status).toBe(429);
  });

  it("limits registrations per IP to 10 per hour", async () => {
    const codes: number[] = [];
    for (let i = 0; i < 11; i++)
      codes.push((await post("/api/users", { name: "R", email: uniqueEmail(), password: "correct horse battery" }, "10.3.0.1")).statusCode);
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(codes[10]).toBe(429);
  });

  it("limits password-reset requests per address and client to 3 per hour (the owner's client still asks), per address to 10, per IP to 5", async () => {
    const email = uniqueEmail();
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await post("/api/auth/password-reset", { email }, "10.4.0.1")).statusCode);
    expect(codes).toEqual([202, 202, 202, 429]);
    // Another client (the owner) can still ask: the first client's requests do not lock the address.
    expect((await post("/api/auth/password-reset", { email }, "10.4.1.1")).statusCode).toBe(202);
    // Spread over many clients, the address still gets at most 10 mails an hour.
    const spread: number[] = [];
    for (let i = 0; i < 8; i++) spread.push((await post("/api/auth/password-reset", { email }, `10.4.2.${i}`)).statusCode);
    expect(spread.slice(0, 6)).toEqual(Array(6).fill(202));
    expect(spread.at(-1)).toBe(429);
    const ipCodes: number[] = [];
    for (let i = 0; i < 6; i++) ipCodes.push((await post("/api/auth/password-reset", { email: uniqueEmail() }, "10.5.0.1")).statusCode);
    expect(ipCodes.at(-1)).toBe(429);
  });

  it("limits the password re-entered to delete an account (issue 18 #14)", async () => {
    const u = await buildUser(t.app);
    const del = (password: string, ip: string) =>
      t.app.inject({
        method: "DELETE",
        url: `/api/users/${u.id}`,
        headers: { ...SAME_ORIGIN, cookie: u.cookie },
        payload: { password },
        remoteAddress: ip,
      });
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await del("wrong-guess", "10.6.0.1")).statusCode);
    expect(codes).toEqual([403, 403, 403, 403, 403, 429]);
    expect((await del(u.password, "10.6.0.1")).statusCode).toBe(429);
  });

  it("refuses a body over the size limit with 413 and a JSON error", async () => {
    const res = await post("/api/users", { name: "x".repeat(300_000), email: uniqueEmail(), password: "correct horse battery" });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: "Request body is too large" });
  });
});
