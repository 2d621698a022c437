import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./test/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("app shell and API basics", () => {
  it("reports the database as reachable", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok", database: process.env.DATABASE_URL ? "postgres" : "pglite" });
  });

  it("answers unknown /api paths with a JSON 404", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/nope" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: "Not found" });
  });

  it("sends a Content-Security-Policy that allows WebAssembly but no inline scripts", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("sends the security headers on errors and unknown paths too", async () => {
    for (const res of [
      await t.app.inject({ method: "GET", url: "/api/nope" }),
      await t.app.inject({ method: "GET", url: "/api/auth/me" }),
    ]) {
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
      expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
    }
  });

  it("refuses a cross-site state-changing request with 403", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { origin: "https://evil.example", host: "localhost:5000" },
      payload: {},
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: "Cross-site request refused" });
  });

  it("refuses an Origin with the right host but another scheme when APP_ORIGIN is unset (issue 39)", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { origin: "https://localhost:5000", host: "localhost:5000" },
      payload: {},
    });
    expect(res.statusCode).toBe(403);
  });

  it("lets a same-origin state-changing request through to routing", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/anything",
      headers: { origin: "http://localhost:5000", host: "localhost:5000" },
      payload: {},
    });
    expect(res.statusCode).toBe(404);
  });

  it("answers malformed JSON with a 400 JSON error, not a 500", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/anything",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("Malformed request body");
  });
});
