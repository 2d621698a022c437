import { describe, expect, it } from "vitest";
import { allowedOrigins, EnvError, loadEnv } from "./env";

describe("loadEnv", () => {
  it("works offline with no variables at all", () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(5000);
    expect(env.DATA_DIR).toBe("./data");
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("names every bad key", () => {
    expect(() => loadEnv({ PORT: "abc", DATABASE_URL: "mysql://x" })).toThrowError(EnvError);
    try {
      loadEnv({ PORT: "abc", DATABASE_URL: "mysql://x" });
    } catch (e) {
      expect((e as Error).message).toContain("PORT");
      expect((e as Error).message).toContain("DATABASE_URL");
    }
  });

  it("requires Stripe prices when a Stripe key is set", () => {
    expect(() => loadEnv({ STRIPE_SECRET_KEY: "sk_test_x" })).toThrow(/STRIPE_PRICE_MONTHLY/);
  });

  it("parses the allowed origins list", () => {
    expect(allowedOrigins({ APP_ORIGIN: "https://a.example/, https://b.example" })).toEqual([
      "https://a.example",
      "https://b.example",
    ]);
    expect(allowedOrigins({ APP_ORIGIN: undefined })).toBeNull();
  });
});
