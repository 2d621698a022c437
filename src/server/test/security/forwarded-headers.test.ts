/**
 * Issue 18 #1 and #2: a client chooses its Host, X-Forwarded-* and Forwarded headers, so
 * nothing that builds a URL or keys a limit may believe them unless TRUST_PROXY names the
 * proxy that sets them. Every route that builds a URL (the reset mail) and every route that
 * keys a limit gets the spoofed headers here.
 */
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "../../db/schema";
import { buildUser, uniqueEmail, type TestUser } from "../auth-helpers";
import { createTestApp, SAME_ORIGIN, type TestApp } from "../test-app";

const SPOOFS = (i: number): Record<string, string> => ({
  host: "evil.example",
  "x-forwarded-host": "evil.example",
  "x-forwarded-proto": "https",
  "x-forwarded-for": `198.51.100.${i % 250}`,
  "x-real-ip": `198.51.100.${i % 250}`,
  forwarded: `for=198.51.100.${i % 250};host=evil.example;proto=https`,
});

async function resetLinkFor(t: TestApp, user: TestUser, headers: Record<string, string>): Promise<string> {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/auth/password-reset",
    headers,
    payload: { email: user.email },
    remoteAddress: "10.77.0.1",
  });
  expect(res.statusCode).toBe(202);
  await t.app.mail.idle();
  const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email)).orderBy(desc(mailOutbox.id));
  return /(\S+)\/reset-password\?token=/.exec(mail!.text)![1]!;
}

describe("links in mail come from configuration only (issue 18 #1)", () => {
  for (const [label, env, expected] of [
    ["no APP_ORIGIN: http://localhost:PORT", { PORT: "5211" }, "http://localhost:5211"],
    [
      "APP_ORIGIN and TRUST_PROXY set: the first APP_ORIGIN",
      { APP_ORIGIN: "https://app.example, https://www.app.example", TRUST_PROXY: "1" },
      "https://app.example",
    ],
    ["TRUST_PROXY without APP_ORIGIN: still localhost", { TRUST_PROXY: "loopback, 10.0.0.0/8", PORT: "5211" }, "http://localhost:5211"],
  ] as const) {
    it(`${label}, whatever Host / X-Forwarded-* / Forwarded say`, async () => {
      const t = await createTestApp(env);
      try {
        // Each request passes the CSRF check (its Origin matches what the server accepts:
        // scheme and host, the scheme from X-Forwarded-Proto when the peer is a trusted
        // proxy); every header a client could choose points elsewhere.
        const sameOrigin = (host: string, scheme = "http") =>
          "APP_ORIGIN" in env ? { origin: "https://app.example", host: "app.example" } : { origin: `${scheme}://${host}`, host };
        const spoofedScheme = "TRUST_PROXY" in env ? "https" : "http";
        const created = await t.app.inject({
          method: "POST",
          url: "/api/users",
          headers: sameOrigin("localhost"),
          payload: { name: "L", email: uniqueEmail(), password: "correct horse battery" },
        });
        const user = { email: created.json<{ email: string }>().email } as TestUser;
        expect(await resetLinkFor(t, user, { ...SPOOFS(1), ...sameOrigin("evil.example", spoofedScheme) })).toBe(expected);
        expect(await resetLinkFor(t, user, sameOrigin("evil.example:8443"))).toBe(expected);
      } finally {
        await t.close();
      }
    });
  }
});

describe("every limit is keyed on the real peer (issue 18 #2)", () => {
  let t: TestApp;
  let ip = 0;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MULTIPLIER: "1" });
  });
  afterAll(() => t.close());

  /** Route, the number of requests the limit allows from one client, and a request body per attempt. */
  const LIMITED: {
    name: string;
    allowed: number;
    signedIn?: boolean;
    request(i: number, user: TestUser): { method: "POST" | "DELETE"; url: string; payload: object };
  }[] = [
    {
      name: "POST /api/users",
      allowed: 10,
      request: () => ({
        method: "POST",
        url: "/api/users",
        payload: { name: "S", email: uniqueEmail(), password: "correct horse battery" },
      }),
    },
    {
      name: "POST /api/auth/login (per client)",
      allowed: 30,
      request: () => ({ method: "POST", url: "/api/auth/login", payload: { email: uniqueEmail(), password: "wrong-guess" } }),
    },
    {
      name: "POST /api/auth/login (per account and client)",
      allowed: 10,
      request: (_i, u) => ({ method: "POST", url: "/api/auth/login", payload: { email: u.email, password: "wrong-guess" } }),
    },
    {
      name: "POST /api/auth/password-reset (per client)",
      allowed: 5,
      request: () => ({ method: "POST", url: "/api/auth/password-reset", payload: { email: uniqueEmail() } }),
    },
    {
      name: "POST /api/auth/password-reset (per account and client)",
      allowed: 3,
      request: (_i, u) => ({ method: "POST", url: "/api/auth/password-reset", payload: { email: u.email } }),
    },
    {
      name: "POST /api/auth/password-reset/confirm",
      allowed: 20,
      request: () => ({
        method: "POST",
        url: "/api/auth/password-reset/confirm",
        payload: { token: "A".repeat(43), password: "brand new secret" },
      }),
    },
    {
      name: "POST /api/email-signup",
      allowed: 5,
      request: () => ({
        method: "POST",
        url: "/api/email-signup",
        payload: { email: uniqueEmail(), source: "landing_page", tags: ["early_access"] },
      }),
    },
    {
      name: "POST /api/auth/password",
      allowed: 5,
      signedIn: true,
      request: () => ({
        method: "POST",
        url: "/api/auth/password",
        payload: { currentPassword: "wrong-guess", newPassword: "brand new secret" },
      }),
    },
    {
      name: "DELETE /api/users/:id",
      allowed: 5,
      signedIn: true,
      request: (_i, u) => ({ method: "DELETE", url: `/api/users/${u.id}`, payload: { password: "wrong-guess" } }),
    },
    {
      name: "POST /api/auth/email-change",
      allowed: 5,
      signedIn: true,
      request: () => ({
        method: "POST",
        url: "/api/auth/email-change",
        payload: { currentPassword: "wrong-guess", newEmail: uniqueEmail() },
      }),
    },
  ];

  it.each(LIMITED.map((l) => [l.name, l] as const))(
    "%s: a new spoofed address per request does not escape the limit",
    async (_name, limited) => {
      const user = await buildUser(t.app);
      const peer = `10.88.${++ip}.1`;
      const codes: number[] = [];
      for (let i = 0; i <= limited.allowed; i++) {
        const { method, url, payload } = limited.request(i, user);
        const headers = {
          ...SPOOFS(i),
          origin: SAME_ORIGIN.origin,
          host: SAME_ORIGIN.host,
          ...(limited.signedIn ? { cookie: user.cookie } : {}),
        };
        codes.push((await t.app.inject({ method, url, headers, payload, remoteAddress: peer })).statusCode);
      }
      await t.app.mail.idle();
      expect(codes.slice(0, limited.allowed), codes.join(",")).not.toContain(429);
      expect(codes.at(-1), codes.join(",")).toBe(429);
    },
  );

  it("counts IPv6 clients per /64, so rotating addresses inside one network does not escape", async () => {
    const codes: number[] = [];
    for (let i = 0; i <= 5; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/password-reset",
        headers: SAME_ORIGIN,
        payload: { email: uniqueEmail() },
        remoteAddress: `2001:db8:77:1::${i + 1}`,
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([202, 202, 202, 202, 202, 429]);
  });

  it("refuses a cross-site request that claims the victim's host in X-Forwarded-Host", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { origin: "https://evil.example", host: "localhost:80", "x-forwarded-host": "evil.example", forwarded: "host=evil.example" },
      payload: {},
    });
    expect(res.statusCode).toBe(403);
  });
});

describe("TRUST_PROXY names the proxy whose X-Forwarded-For is believed (issue 18 #2)", () => {
  /** Six reset requests (the per-client limit is 5): the last answer tells whether they shared a client. */
  const resetBurst = async (t: TestApp, peer: string, xff: (i: number) => string) => {
    let last = 0;
    for (let i = 0; i <= 5; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/password-reset",
        headers: { ...SAME_ORIGIN, "x-forwarded-for": xff(i) },
        payload: { email: uniqueEmail() },
        remoteAddress: peer,
      });
      last = res.statusCode;
    }
    return last;
  };

  it("hop count 1: the address the proxy appended is the client; what the client prepended is ignored", async () => {
    const t = await createTestApp({ RATE_LIMIT_MULTIPLIER: "1", TRUST_PROXY: "1" });
    try {
      expect(await resetBurst(t, "10.0.0.2", (i) => `203.0.113.${i}, 192.0.2.10`)).toBe(429);
      // Different real clients behind the same proxy have separate limits.
      expect(await resetBurst(t, "10.0.0.2", (i) => `192.0.2.${100 + i}`)).toBe(202);
    } finally {
      await t.close();
    }
  });

  it("address list: only the listed proxy is believed; anyone else is the client themselves", async () => {
    const t = await createTestApp({ RATE_LIMIT_MULTIPLIER: "1", TRUST_PROXY: "10.0.0.2" });
    try {
      expect(await resetBurst(t, "10.0.0.2", (i) => `192.0.2.${100 + i}`)).toBe(202);
      expect(await resetBurst(t, "10.0.0.3", (i) => `192.0.2.${100 + i}`)).toBe(429);
    } finally {
      await t.close();
    }
  });
});
