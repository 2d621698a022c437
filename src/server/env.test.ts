import { describe, expect, it } from "vitest";
import { allowedOrigins, appOrigin, EnvError, loadEnv, parseTrustProxy, servesHttps, trustProxyOption } from "./env";
import { startupNotes } from "./start";

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

  it("turns on e-mail OAuth per provider only with both client id and secret, on safe endpoints (decision 023)", () => {
    const env = loadEnv({});
    expect(env.GMAIL_OAUTH_CLIENT_ID).toBeUndefined();
    expect(env.GMAIL_OAUTH_AUTHORIZE_URL).toBe("https://accounts.google.com/o/oauth2/v2/auth");
    expect(env.OUTLOOK_OAUTH_TOKEN_URL).toBe("https://login.microsoftonline.com/common/oauth2/v2.0/token");
    expect(env.OUTLOOK_OAUTH_IMAP_HOST).toBe("outlook.office365.com");
    expect(() => loadEnv({ GMAIL_OAUTH_CLIENT_ID: "id" })).toThrow(/GMAIL_OAUTH_CLIENT_SECRET: set both or neither/);
    expect(() => loadEnv({ OUTLOOK_OAUTH_CLIENT_SECRET: "s" })).toThrow(/OUTLOOK_OAUTH_CLIENT_ID/);
    const local = loadEnv({
      GMAIL_OAUTH_CLIENT_ID: "id",
      GMAIL_OAUTH_CLIENT_SECRET: "s",
      GMAIL_OAUTH_TOKEN_URL: "http://127.0.0.1:9/token",
    });
    expect(local.GMAIL_OAUTH_TOKEN_URL).toBe("http://127.0.0.1:9/token");
    for (const bad of ["http://auth.example/token", "ftp://127.0.0.1/x", "https://u:p@auth.example/t", "not a url"])
      expect(() => loadEnv({ GMAIL_OAUTH_TOKEN_URL: bad }), bad).toThrow(/GMAIL_OAUTH_TOKEN_URL/);
  });

  it("parses the allowed origins list", () => {
    expect(allowedOrigins({ APP_ORIGIN: "https://a.example/, https://b.example" })).toEqual(["https://a.example", "https://b.example"]);
    expect(allowedOrigins({ APP_ORIGIN: undefined })).toBeNull();
  });
});

describe("appOrigin (issue 18 #1)", () => {
  it("is the first APP_ORIGIN without a trailing slash, else http://localhost:PORT", () => {
    expect(appOrigin(loadEnv({ APP_ORIGIN: "https://app.example/, https://b.example" }))).toBe("https://app.example");
    expect(appOrigin(loadEnv({}))).toBe("http://localhost:5000");
    expect(appOrigin(loadEnv({ PORT: "5211" }))).toBe("http://localhost:5211");
  });

  it("takes an explicit default port as the same origin, written as browsers send it", () => {
    expect(appOrigin(loadEnv({ APP_ORIGIN: "https://app.example:443" }))).toBe("https://app.example");
    expect(allowedOrigins({ APP_ORIGIN: "http://localhost:80, http://localhost:8080/" })).toEqual([
      "http://localhost",
      "http://localhost:8080",
    ]);
  });

  it("refuses an APP_ORIGIN that is not a bare http(s) origin", () => {
    for (const bad of [
      "app.example",
      "ftp://app.example",
      "https://app.example/path",
      "https://app.example/?q=1",
      "https://app.example/#x",
      "https://user:pw@app.example",
      "https://a.example, javascript:alert(1)",
    ]) {
      expect(() => loadEnv({ APP_ORIGIN: bad }), bad).toThrow(/APP_ORIGIN/);
    }
  });

  it("derives Secure cookies and HSTS from an https origin, never from NODE_ENV (issue 18 #13)", () => {
    expect(servesHttps(loadEnv({ APP_ORIGIN: "https://app.example", NODE_ENV: "development" }))).toBe(true);
    expect(servesHttps(loadEnv({ NODE_ENV: "production" }))).toBe(false);
  });

  it("says at start-up which origin links use, and that it is localhost when nothing is set", () => {
    expect(startupNotes(loadEnv({ PORT: "5211" }))[0]).toMatch(/APP_ORIGIN is not set: links in mail use http:\/\/localhost:5211/);
    expect(startupNotes(loadEnv({ APP_ORIGIN: "https://app.example", TRUST_PROXY: "1" })).join("\n")).toMatch(
      /Links in mail use https:\/\/app\.example[\s\S]*Secure[\s\S]*1 proxy hop/,
    );
  });
});

describe("TRUST_PROXY (issue 18 #2)", () => {
  it("trusts nobody by default", () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(trustProxyOption(loadEnv({}).TRUST_PROXY)).toBe(false);
  });

  it("takes a hop count or a list of addresses, ranges and proxy-addr names", () => {
    expect(parseTrustProxy("1")).toBe(1);
    expect(parseTrustProxy("10.0.0.1, 192.168.0.0/16, ::1, fd00::/8, loopback")).toEqual([
      "10.0.0.1",
      "192.168.0.0/16",
      "::1",
      "fd00::/8",
      "loopback",
    ]);
    const hops = trustProxyOption("2") as (a: string, hop: number) => boolean;
    expect([hops("x", 0), hops("x", 1), hops("x", 2)]).toEqual([true, true, false]);
  });

  it("refuses true, garbage and impossible ranges at start-up", () => {
    for (const bad of ["true", "*", "11", "10.0.0.1/33", "::1/129", "proxy.example", "10.0.0.256"]) {
      expect(() => loadEnv({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });
});
