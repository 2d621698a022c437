import rateLimit from "@fastify/rate-limit";
import Fastify from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../test/test-database";
import { emailSignups } from "../db/schema";
import { loadEnv } from "../env";
import { registerErrorHandling } from "../plugins/errors";
import { createTestApp, SAME_ORIGIN, type TestApp } from "../test/test-app";
import { emailSignupRoutes } from "./email-signups";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MULTIPLIER: "1" });
});
afterAll(() => t.close());

// SAME_ORIGIN pairs "http://localhost:80" with host "localhost:80", but URL parsing drops the
// default port, so the Origin check sees "localhost" ≠ "localhost:80". Derive the host from
// the origin so these headers stay same-origin whatever the helper's values become.
const SAME_SITE = { ...SAME_ORIGIN, host: new URL(SAME_ORIGIN.origin).host };

// Each case posts from its own address so the per-client rate limit never couples them.
let nextIp = 10;
function post(payload: unknown, headers: Record<string, string> = SAME_SITE) {
  return t.app.inject({
    method: "POST",
    url: "/api/email-signup",
    headers,
    payload: payload as object,
    remoteAddress: `10.0.0.${nextIp++}`,
  });
}

const LANDING = { source: "landing_page", tags: ["app_launch_notification", "early_access"] };

async function rowsFor(email: string) {
  return t.database.db.select().from(emailSignups).where(eq(emailSignups.email, email));
}

describe("POST /api/email-signup", () => {
  it("stores a valid signup, lower-cased, and answers { ok: true }", async () => {
    const res = await post({ email: "  Ada@Example.COM ", ...LANDING });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const rows = await rowsFor("ada@example.com");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ source: "landing_page", tags: ["app_launch_notification", "early_access"] });
    expect(rows[0]!.createdAt).toBeInstanceOf(Date);
  });

  it("answers the same for an address already on the list and does not store it twice", async () => {
    const first = await post({ email: "grace@example.com", ...LANDING });
    const again = await post({ email: "GRACE@example.com", source: "showcase", tags: [] });
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.body).toBe(first.body);
    const rows = await rowsFor("grace@example.com");
    expect(rows).toHaveLength(1);
    expect(rows[0]!.source).toBe("landing_page");
  });

  it("defaults source and tags, and de-duplicates tags", async () => {
    expect((await post({ email: "min@example.com" })).statusCode).toBe(200);
    expect((await rowsFor("min@example.com"))[0]).toMatchObject({ source: "landing_page", tags: [] });
    await post({ email: "dup@example.com", tags: ["early_access", "early_access"] });
    expect((await rowsFor("dup@example.com"))[0]!.tags).toEqual(["early_access"]);
  });

  it.each([
    ["no @", { email: "not-an-email", ...LANDING }],
    ["missing", { ...LANDING }],
    ["not a string", { email: 42, ...LANDING }],
    ["too long", { email: `${"a".repeat(250)}@example.com`, ...LANDING }],
  ])("refuses a bad e-mail (%s) with a 400 naming the field", async (_case, body) => {
    const res = await post(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/email/);
    expect(res.json().issues[0].field).toBe("email");
  });

  it("refuses unknown tags, too many tags and a bad source", async () => {
    const unknownTag = await post({ email: "t1@example.com", source: "landing_page", tags: ["spam_me"] });
    expect(unknownTag.statusCode).toBe(400);
    expect(unknownTag.json().error).toMatch(/tags/);
    const many = await post({ email: "t2@example.com", tags: Array(6).fill("early_access") });
    expect(many.statusCode).toBe(400);
    const source = await post({ email: "t3@example.com", source: "Robert'); DROP TABLE--" });
    expect(source.statusCode).toBe(400);
    expect(source.json().error).toMatch(/source/);
    expect(await rowsFor("t1@example.com")).toHaveLength(0);
  });

  it("refuses an unknown field with a 400", async () => {
    const res = await post({ email: "extra@example.com", ...LANDING, isAdmin: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/isAdmin|Unrecognized/i);
    expect(await rowsFor("extra@example.com")).toHaveLength(0);
  });

  it("refuses a cross-site request with 403 and stores nothing", async () => {
    const res = await post({ email: "csrf@example.com", ...LANDING }, { origin: "https://evil.example", host: "localhost:80" });
    expect(res.statusCode).toBe(403);
    expect(await rowsFor("csrf@example.com")).toHaveLength(0);
  });

  it("limits one client to 5 signups a minute (when the rate-limit plugin is registered)", async ({ skip }) => {
    if (!t.app.hasPlugin("@fastify/rate-limit")) skip("@fastify/rate-limit is not registered in buildApp yet");
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/email-signup",
        headers: SAME_SITE,
        payload: { email: `burst${i}@example.com`, ...LANDING },
        remoteAddress: "10.9.9.9",
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

/** The route alone on a bare Fastify, for what buildApp cannot inject (a fake mailer). */
async function bareApp(decorate: (app: ReturnType<typeof Fastify>) => void | Promise<void>) {
  const database = await openTestDatabase();
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  app.decorate("db", database.db);
  app.decorate("env", loadEnv({ NODE_ENV: "test" }));
  await decorate(app);
  await app.register(emailSignupRoutes);
  return {
    app,
    database,
    send: (email: string) => app.inject({ method: "POST", url: "/api/email-signup", payload: { email } }),
    async close() {
      await app.close();
      await database.close();
    },
  };
}

describe("route rate-limit config", () => {
  it("asks @fastify/rate-limit for 5 a minute", async () => {
    const b = await bareApp(async (app) => {
      await app.register(rateLimit, { global: false });
    });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 6; i++) codes.push((await b.send(`rl${i}@example.com`)).statusCode);
      expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    } finally {
      await b.close();
    }
  });
});

describe("confirmation mail", () => {
  it("is sent once to a new address, never for a known one, and a mail failure never fails the signup", async () => {
    const sent: Array<{ to: string; subject: string; text: string }> = [];
    let failNext = false;
    const b = await bareApp((app) => {
      app.decorate("mail", {
        async send(m: { to: string; subject: string; text: string }) {
          if (failNext) throw new Error("SMTP down");
          sent.push(m);
        },
      });
    });
    const { send, database } = b;
    try {
      expect((await send("new@example.com")).statusCode).toBe(200);
      expect((await send("new@example.com")).statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 10));
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({ to: "new@example.com", subject: expect.stringContaining("CleanSpace") });
      expect(sent[0]!.text).toContain("support@cleanspace.app");

      failNext = true;
      expect((await send("other@example.com")).statusCode).toBe(200);
      expect(await database.db.select().from(emailSignups).where(eq(emailSignups.email, "other@example.com"))).toHaveLength(1);
    } finally {
      await b.close();
    }
  });
});
