import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import type { Database } from "../db/client";
import { openTestDatabase } from "../test/test-database";
import { loadEnv } from "../env";

let app: FastifyInstance;
let database: Database;
const script = "console.log('cleanspace');".repeat(100);

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), "cs-static-"));
  mkdirSync(join(dir, "assets"));
  writeFileSync(join(dir, "index.html"), "<!doctype html><head><title>CleanSpace</title></head><div id=root></div>");
  mkdirSync(join(dir, ".vite"));
  const manifest = {
    "index.html": { file: "assets/app-abc123.js", isEntry: true },
    "src/client/features/insights/insights-page.tsx": { file: "assets/insights-page-1.js", imports: ["index.html"] },
  };
  writeFileSync(join(dir, ".vite/manifest.json"), JSON.stringify(manifest));
  writeFileSync(join(dir, "assets/app-abc123.js"), script);
  writeFileSync(join(dir, "assets/app-abc123.js.br"), brotliCompressSync(script));
  mkdirSync(join(dir, ".prerendered"));
  for (const [name, title] of [
    ["showcase", "Showcase"],
    ["landing", "Landing"],
  ]) {
    const html = `<!doctype html><title>CleanSpace</title><div id=root><h1>${title}</h1></div>`;
    writeFileSync(join(dir, `.prerendered/${name}.html`), html);
    writeFileSync(join(dir, `.prerendered/${name}.html.br`), brotliCompressSync(html));
  }
  database = await openTestDatabase();
  app = await buildApp({ env: loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent" }), database, clientDir: dir });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe("serving the built client", () => {
  it("sends hashed assets precompressed and cached for a year", async () => {
    const res = await app.inject({ method: "GET", url: "/assets/app-abc123.js", headers: { "accept-encoding": "br, gzip" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("sends the public pages prerendered, compressed, and never by their file names", async () => {
    for (const [url, title] of [
      ["/", "Showcase"],
      ["/showcase", "Showcase"],
      ["/landing/", "Landing"],
    ] as const) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain(`<h1>${title}</h1>`);
      expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(res.headers["cache-control"]).toBe("no-cache");
    }
    const compressed = await app.inject({ method: "GET", url: "/landing", headers: { "accept-encoding": "br" } });
    expect(compressed.headers["content-encoding"]).toBe("br");
    expect(compressed.headers.vary).toContain("accept-encoding");
    expect((await app.inject({ method: "HEAD", url: "/" })).statusCode).toBe(200);
    expect((await app.inject({ method: "GET", url: "/.prerendered/showcase.html" })).statusCode).toBe(404);
  });

  it("answers known pages with the shell and 200, unknown ones with the shell and 404", async () => {
    const known = await app.inject({ method: "GET", url: "/insights" });
    expect(known.statusCode).toBe(200);
    expect(known.body).toContain("<div id=root>");
    expect(known.headers["cache-control"]).toBe("no-cache");
    const unknown = await app.inject({ method: "GET", url: "/nowhere" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain("<div id=root>");
  });

  it("preloads the page's own chunks in the shell it sends", async () => {
    const res = await app.inject({ method: "GET", url: "/insights/" });
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/insights-page-1.js"></head>');
    expect((await app.inject({ method: "GET", url: "/terms" })).body).not.toContain("modulepreload");
  });

  it("sends a signed-in user's dashboard with its data, on /home and on `/`, for that browser only", async () => {
    const registered = await app.inject({
      method: "POST",
      url: "/api/users",
      headers: { origin: "http://localhost", host: "localhost" },
      payload: { name: "Preload", email: `preload.${Date.now()}@example.com`, password: "correct horse battery staple" },
    });
    expect(registered.statusCode).toBe(201);
    const cookie = String(registered.headers["set-cookie"]).split(";")[0]!;
    const id = registered.json().id as number;
    // The tab screens carry the data itself (first-screen.test.ts): no preloads needed.
    const home = await app.inject({ method: "GET", url: "/home", headers: { cookie } });
    expect(home.body).toContain(`<script type="application/json" id="cs-first-screen">{"userId":${id},`);
    expect(home.body).not.toContain('rel="preload" as="fetch"');
    expect(home.headers["cache-control"]).toBe("private, no-store");
    const forged = await app.inject({ method: "GET", url: "/home", headers: { cookie: `cs_session=${"x".repeat(43)}` } });
    expect(forged.body).not.toContain("cs-first-screen");
    expect(forged.headers["cache-control"]).toBe("no-cache");
    const organize = await app.inject({ method: "GET", url: "/organize", headers: { cookie } });
    expect(organize.body).not.toContain("/api/digital-data/");

    // `/` is the dashboard for a live session, sent with its data like /home (issue 38: no
    // empty dashboard before the figures), and the prerendered showcase for anyone else.
    const root = await app.inject({ method: "GET", url: "/", headers: { cookie } });
    expect(root.body).toContain(`<script type="application/json" id="cs-first-screen">{"userId":${id},`);
    expect(root.headers["cache-control"]).toBe("private, no-store");
    expect(root.body).not.toContain("<h1>Showcase</h1>");
    expect(root.headers.vary).toContain("cookie");
    const rootForged = await app.inject({ method: "GET", url: "/", headers: { cookie: `cs_session=${"x".repeat(43)}` } });
    expect(rootForged.body).toContain("<h1>Showcase</h1>");
    expect(rootForged.headers.vary).toContain("cookie");
    // The showcase's own path is the showcase for everyone.
    expect((await app.inject({ method: "GET", url: "/showcase", headers: { cookie } })).body).toContain("<h1>Showcase</h1>");
  });
});
