import { describe, expect, it } from "vitest";
import { helmetHeaders, helmetOptions } from "./security-headers";

describe("security headers (computed once from helmet)", () => {
  it("has helmet's full set, with our CSP and no HSTS when the public origin is http", () => {
    const headers = helmetHeaders(helmetOptions(false));
    expect(headers["content-security-policy"]).toContain("script-src 'self' 'wasm-unsafe-eval' https://js.stripe.com");
    expect(headers["content-security-policy"]).not.toContain("upgrade-insecure-requests");
    expect(headers).toMatchObject({
      "x-content-type-options": "nosniff",
      "x-frame-options": "SAMEORIGIN",
      "referrer-policy": "no-referrer",
      "cross-origin-opener-policy": "same-origin",
      "cross-origin-resource-policy": "same-origin",
    });
    expect(headers).not.toHaveProperty("strict-transport-security");
    expect(headers).not.toHaveProperty("cross-origin-embedder-policy");
  });

  it("adds HSTS and upgrade-insecure-requests when APP_ORIGIN is https", () => {
    const headers = helmetHeaders(helmetOptions(true));
    expect(headers["strict-transport-security"]).toBe("max-age=15552000; includeSubDomains");
    expect(headers["content-security-policy"]).toContain("upgrade-insecure-requests");
  });
});
