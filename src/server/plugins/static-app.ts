/**
 * Serves the built client (dist/client) and answers every non-API GET that is not a file
 * with the app shell: known pages with 200, unknown ones with 404 (the app then shows
 * 'Page Not Found'). Unknown /api paths get a JSON 404.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { firstScreenOf, VISITOR_DATA, VISITOR_SCREENS } from "../../domain/first-screen";
import { isKnownPage, withoutTrailingSlash } from "../../domain/routes";
import { sessionOf } from "../auth/guard";
import { dashboardDataUrls, shellWithPreloads, showsDashboard, withDataPreloads, type ViteManifest } from "./page-preloads";
import { sendHtml } from "./compressed-html";
import { readFirstScreenData } from "./first-screen-data";
import { withFirstScreen } from "./first-screen-page";
import { loadFirstScreenRenderer } from "./first-screen-renderer";
import { findPrerenderedPages } from "./prerendered-pages";

export async function registerStaticApp(app: FastifyInstance, clientDir: string | undefined): Promise<void> {
  const indexPath = clientDir ? join(clientDir, "index.html") : undefined;
  const hasClient = indexPath !== undefined && existsSync(indexPath);
  if (hasClient && clientDir) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      // Built by scripts/compress-assets.mjs: .br/.gz beside each asset.
      preCompressed: true,
      // We set cache-control ourselves; the plugin's default (max-age=0) would override it.
      cacheControl: false,
      setHeaders(res, path) {
        // Hashed assets never change; everything else is revalidated.
        res.setHeader("cache-control", path.includes("/assets/") ? "public, max-age=31536000, immutable" : "no-cache");
        // A cache must not hand the brotli copy to a client that did not ask for it.
        res.setHeader("vary", "accept-encoding");
      },
    });
  }
  const shell = hasClient && indexPath ? readFileSync(indexPath, "utf8") : undefined;
  const manifestPath = clientDir ? join(clientDir, ".vite", "manifest.json") : undefined;
  const manifest = manifestPath && existsSync(manifestPath) ? (JSON.parse(readFileSync(manifestPath, "utf8")) as ViteManifest) : undefined;
  const pageShell = shell === undefined ? undefined : shellWithPreloads(shell, manifest);
  const prerendered = hasClient && clientDir ? findPrerenderedPages(clientDir) : undefined;
  const renderFirstScreen = hasClient && clientDir ? await loadFirstScreenRenderer(clientDir, app.log) : undefined;

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split("?")[0] ?? "/";
    if (path.startsWith("/api/") || path === "/api") {
      return reply.code(404).send({ error: "Not found" });
    }
    if ((request.method === "GET" || request.method === "HEAD") && pageShell) {
      const page = withoutTrailingSlash(path);
      const hasCookie = request.cookies[app.sessionCookie.name] !== undefined;
      // The preloads are an optimisation: if the session cannot be looked up (database
      // restarting), the page is still served, without them.
      const screen = firstScreenOf(page);
      const visitorScreen = VISITOR_SCREENS.has(page);
      const session =
        hasCookie && (screen !== undefined || visitorScreen || showsDashboard(page))
          ? await sessionOf(app, request, reply).catch(() => "unknown" as const)
          : null;
      // `/` differs by session: the showcase for visitors, the app (dashboard) otherwise.
      if (page === "/") reply.header("vary", "cookie, accept-encoding");
      const prerenderedFile = session === null ? prerendered?.fileFor(page) : undefined;
      if (prerenderedFile && prerendered) {
        return reply.header("cache-control", "no-cache").sendFile(prerenderedFile, prerendered.dir);
      }
      let html = pageShell(page, hasCookie);
      let cacheControl = "no-cache";
      if (visitorScreen && session === null && request.method === "GET" && renderFirstScreen) {
        // A visitor's sign-in, registration or plans page comes rendered (decision 043).
        const markup = await renderFirstScreen(request.url, VISITOR_DATA);
        if (markup !== null) html = withFirstScreen(pageShell(page, false, true), VISITOR_DATA, markup);
      }
      if (session !== null && session !== "unknown") {
        // A tab screen comes rendered, with its data (decision 024); `/` keeps the preloads of the dashboard's reads.
        const data =
          screen && request.method === "GET"
            ? await readFirstScreenData(app, request, screen, session.userId).catch((error: unknown) => {
                request.log.warn({ err: error }, "the first screen's data could not be read");
                return null;
              })
            : null;
        if (data) {
          const markup = renderFirstScreen && screen ? await renderFirstScreen(request.url, data) : null;
          html = withFirstScreen(markup === null ? html : pageShell(page, hasCookie, true), data, markup);
        } else if (showsDashboard(page)) html = withDataPreloads(html, dashboardDataUrls(session.userId));
        // It carries the user's name, address and data now: kept by no cache at all, not
        // even this browser's (a shared computer's back button, a disk cache; issue 39 #9).
        cacheControl = "private, no-store";
      }
      return sendHtml(request, reply.code(isKnownPage(path) ? 200 : 404).header("cache-control", cacheControl), html);
    }
    return reply.code(404).send({ error: "Not found" });
  });
}
