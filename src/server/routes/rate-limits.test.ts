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
  it("limits sign-in attempts per account to 10 per 15 minutes, with Retry-After", async () => {
    const u = await buildUser(t.app);
    const codes: number[] = [];
    // Spread over many IPs: the per-account limit must hold on its own.
    for (let i = 0; i < 11; i++) codes.push((await post("/api/auth/login", { email: u.email, password: "wrong-guess" }, `10.1.0.${i}`)).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
    const last = await post("/api/auth/login", { email: u.email, password: u.password }, "10.1.1.1");
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("limits sign-in attempts per IP to 30 per 15 minutes", async () => {
    let status = 0;
    for (let i = 0; i < 31; i++) status = (await post("/api/auth/login", { email: uniqueEmail(), password: "wrong-guess" }, "10.2.0.1")).statusCode;
    expect(status).toBe(429);
  });

  it("limits registrations per IP to 10 per hour", async () => {
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await post("/api/users", { name: "R", email: uniqueEmail(), password: "correct horse battery" }, "10.3.0.1")).statusCode);
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(codes[10]).toBe(429);
  });

  it("limits password-reset requests per address to 3 per hour and per IP to 5", async () => {
    const email = uniqueEmail();
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await post("/api/auth/password-reset", { email }, `10.4.0.${i}`)).statusCode);
    expect(codes).toEqual([202, 202, 202, 429]);
    const ipCodes: number[] = [];
    for (let i = 0; i < 6; i++) ipCodes.push((await post("/api/auth/password-reset", { email: uniqueEmail() }, "10.5.0.1")).statusCode);
    expect(ipCodes.at(-1)).toBe(429);
  });

  it("refuses a body over the size limit with 413 and a JSON error", async () => {
    const res = await post("/api/users", { name: "x".repeat(300_000), email: uniqueEmail(), password: "correct horse battery" });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: "Request body is too large" });
  });
});
