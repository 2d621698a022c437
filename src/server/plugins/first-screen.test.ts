/**
 * Decision 024: a signed-in tab screen is sent rendered, with the data it was rendered from.
 * The renderer here is a stand-in module in the client folder (the real one is tested with the
 * components, src/client/prerender/first-screen.test.tsx): these tests hold the server's side —
 * whose data goes in, for whom, under which headers, and what happens when rendering fails.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIRST_SCREEN_ELEMENT_ID, type FirstScreenData } from "../../domain/first-screen";
import { buildApp } from "../app";
import type { Database } from "../db/client";
import { openTestDatabase } from "../test/test-database";
import { loadEnv } from "../env";
import { as, buildUser, type TestUser } from "../test/auth-helpers";
import { TEST_ROUTES } from "../test/routes";

let app: FastifyInstance;
let database: Database;

/** Renders the user's name (or "Visitor") and the URL it was asked for; throws for the name "Crash". */
const STAND_IN_RENDERER = `
export async function renderFirstScreen(url, data) {
  if (data.reads.me === null) return "<main data-url=\\"" + url + "\\"><h1>Visitor</h1></main>";
  if (data.reads.me.name === "Crash") throw new Error("render failed");
  const esc = (s) => String(s).replace(/[&<>"]/g, (c) => "&#" + c.charCodeAt(0) + ";");
  return "<main data-url=\\"" + esc(url) + "\\"><h1>" + esc(data.reads.me.name) + "</h1></main>";
}`;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), "cs-first-screen-"));
  writeFileSync(
    join(dir, "index.html"),
    '<!doctype html><html lang="en" class="dark"><head><title>CleanSpace</title></head><body><div id="root"></div></body></html>',
  );
  mkdirSync(join(dir, ".ssr"));
  writeFileSync(join(dir, ".ssr/first-screen.mjs"), STAND_IN_RENDERER);
  database = await openTestDatabase();
  app = await buildApp({
    env: loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", RATE_LIMIT_MULTIPLIER: "100" }),
    database,
    clientDir: dir,
    extraRoutes: TEST_ROUTES,
  });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const page = (url: string, user?: TestUser) => app.inject({ method: "GET", url, headers: user ? { cookie: user.cookie } : {} });

/** The payload a page carries, parsed as the browser does (the element's text), or null. */
function payloadOf(html: string): FirstScreenData | null {
  const match = new RegExp(`<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">(.*?)</script>`, "s").exec(html);
  return match ? (JSON.parse(match[1]!) as FirstScreenData) : null;
}

const startTrial = (id: number) =>
  database.db.execute(sql`update users set subscription_status = 'trial', trial_ends_at = now() + interval '1 day' where id = ${id}`);

describe("signed-in tab screens rendered by the server", () => {
  it("sends /home rendered from the session user's own data, for that browser only", async () => {
    const ada = await buildUser(app, { name: "Ada" });
    const res = await page("/home", ada);
    expect(res.statusCode).toBe(200);
    // Inert until the app has adopted it (no tap reaches a button that cannot answer yet).
    expect(res.body).toContain('<div id="root" inert><main data-url="/home"><h1>Ada</h1></main></div>');
    const data = payloadOf(res.body)!;
    expect(data.userId).toBe(ada.id);
    expect(Object.keys(data.reads).sort()).toEqual(["digitalData", "me", "preferences", "settings", "streak", "tip"]);
    expect(data.reads.me).toMatchObject({ id: ada.id, email: ada.email, name: "Ada" });
    // Exactly what the API sends that user.
    for (const [read, url] of [
      ["digitalData", `/api/digital-data/${ada.id}`],
      ["streak", `/api/streaks/${ada.id}`],
      ["settings", "/api/settings"],
    ] as const) {
      expect(data.reads[read], read).toEqual((await app.inject({ method: "GET", url, headers: as(ada) })).json());
    }
    expect(res.headers["cache-control"]).toBe("private, no-store");
  });

  it("every signed-in first screen (/home, /organize, /insights, and / as the dashboard) is sent no-store (issue 39 #9)", async () => {
    const ada = await buildUser(app, { name: "Ada Store" });
    await startTrial(ada.id);
    for (const url of ["/home", "/organize", "/insights", "/"]) {
      const res = await page(url, ada);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["cache-control"], url).toBe("private, no-store");
    }
  });

  it("never puts another user's data in a page", async () => {
    const [ada, bob] = [await buildUser(app, { name: "Ada" }), await buildUser(app, { name: "Bob" })];
    const forBob = await page("/home", bob);
    expect(forBob.body).toContain("<h1>Bob</h1>");
    expect(forBob.body).not.toContain(ada.email);
    expect(forBob.body).not.toContain("Ada");
    expect(payloadOf(forBob.body)!.userId).toBe(bob.id);
    expect(JSON.stringify(payloadOf(forBob.body))).not.toContain(`"userId":${ada.id}`);
  });

  it("sends visitors and forged sessions the plain shell, with no data and no markup", async () => {
    for (const headers of [{}, { cookie: `cs_session=${"x".repeat(43)}` }]) {
      for (const url of ["/home", "/organize", "/insights"]) {
        const res = await app.inject({ method: "GET", url, headers });
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toContain('<div id="root"></div>');
        expect(res.body, url).not.toContain(FIRST_SCREEN_ELEMENT_ID);
        expect(res.headers["cache-control"], url).toBe("no-cache");
      }
    }
    // A HEAD reads nothing either.
    const ada = await buildUser(app);
    expect((await app.inject({ method: "HEAD", url: "/home", headers: { cookie: ada.cookie } })).body).not.toContain(
      FIRST_SCREEN_ELEMENT_ID,
    );
  });

  it("renders a visitor's sign-in pages knowing there is no session; a signed-in user's get the plain shell (decision 043)", async () => {
    for (const headers of [{}, { cookie: `cs_session=${"x".repeat(43)}` }]) {
      for (const url of ["/login", "/register", "/forgot-password", "/welcome", "/subscribe"]) {
        const res = await app.inject({ method: "GET", url, headers });
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toContain(`<div id="root" inert><main data-url="${url}"><h1>Visitor</h1></main></div>`);
        expect(payloadOf(res.body), url).toEqual({ userId: null, reads: { me: null } });
        expect(res.headers["cache-control"], url).toBe("no-cache");
      }
    }
    // Only those: other public pages keep their own way (the shell, or decision 009's prerendered files).
    expect((await page("/privacy")).body).not.toContain(FIRST_SCREEN_ELEMENT_ID);
    const ada = await buildUser(app, { name: "Ada" });
    const signedIn = await page("/login", ada);
    expect(signedIn.body).toContain('<div id="root"></div>');
    expect(signedIn.body).not.toContain(FIRST_SCREEN_ELEMENT_ID);
  });

  it("renders Organize and Insights with the query the page was asked with; Insights only with Pro", async () => {
    const ada = await buildUser(app, { name: "Ada" });
    const organize = await page("/organize?tab=files", ada);
    expect(organize.body).toContain('<main data-url="/organize?tab=files">');
    expect(Object.keys(payloadOf(organize.body)!.reads).sort()).toEqual(["digitalData", "me", "settings"]);
    // A free user's Insights read is refused (403): the page goes without it, the browser shows the upgrade prompts.
    const free = payloadOf((await page("/insights", ada)).body)!;
    expect(Object.keys(free.reads).sort()).toEqual(["me", "settings"]);
    await startTrial(ada.id);
    const trial = payloadOf((await page("/insights/", ada)).body)!;
    expect(trial.reads.insights).toEqual((await app.inject({ method: "GET", url: `/api/insights/${ada.id}`, headers: as(ada) })).json());
  });

  it("keeps the page's data inert: escaped in its JSON element, under the same strict CSP", async () => {
    const mallory = await buildUser(app, { name: "</script><script>alert(1)</script>" });
    const res = await page("/home", mallory);
    const tail = res.body.slice(res.body.indexOf(`id="${FIRST_SCREEN_ELEMENT_ID}"`));
    // Only the element's own closing tag: the name cannot end it early.
    expect(tail.match(/<\/script>/g)).toHaveLength(1);
    expect(tail).toContain("\\u003c/script>\\u003cscript>alert(1)\\u003c/script>");
    expect(payloadOf(res.body)!.reads.me).toMatchObject({ name: "</script><script>alert(1)</script>" });
    expect(res.body).not.toContain("<script>alert(1)");
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval' https://js.stripe.com;");
    expect(csp).not.toContain("unsafe-inline';script");
    expect(csp).toBe(String((await page("/terms")).headers["content-security-policy"]));
  });

  it("still sends the page, with its data, when rendering fails", async () => {
    const crash = await buildUser(app, { name: "Crash" });
    const res = await page("/home", crash);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(payloadOf(res.body)!.userId).toBe(crash.id);
  });

  it("compresses the page it makes (brotli, else gzip) and says it varies by encoding", async () => {
    const ada = await buildUser(app, { name: "Ada" });
    const br = await app.inject({ method: "GET", url: "/home", headers: { cookie: ada.cookie, "accept-encoding": "gzip, deflate, br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toContain("accept-encoding");
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain("<h1>Ada</h1>");
    const gz = await app.inject({ method: "GET", url: "/home", headers: { cookie: ada.cookie, "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toContain("<h1>Ada</h1>");
    expect((await page("/home", ada)).headers["content-encoding"]).toBeUndefined();
  });

  it("renders in the account's theme from the first paint", async () => {
    const ada = await buildUser(app);
    expect((await page("/home", ada)).body).toContain('<html lang="en" class="dark">');
    await app.inject({ method: "PATCH", url: "/api/settings", headers: as(ada), payload: { darkMode: false } });
    expect((await page("/home", ada)).body).toContain('<html lang="en"><head>');
  });
});
