/**
 * CSRF defence: a state-changing request that carries a browser Origin from another site
 * is refused with 403. Requests without Origin (non-browser clients) are judged by
 * Sec-Fetch-Site when present. Stripe webhooks are exempt (signed instead).
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { isApiRoute } from "../auth/guard";
import { HttpError } from "./errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const EXEMPT_PATHS = new Set(["/api/stripe/webhook"]);

export function isAllowedOrigin(request: FastifyRequest, allowed: string[] | null): boolean {
  const origin = request.headers.origin;
  if (!origin) {
    const site = request.headers["sec-fetch-site"];
    return site === undefined || site === "same-origin" || site === "same-site" || site === "none";
  }
  if (origin === "null") return false;
  if (allowed) return allowed.includes(normalizeOrigin(origin));
  // request.host is the Host header, or X-Forwarded-Host only when TRUST_PROXY trusts the peer.
  const host = request.host;
  if (!host) return false;
  try {
    const o = new URL(origin);
    // Scheme and host both: `https://127.0.0.1:PORT` is another origin than the http server
    // at that host and port (issue 39). request.protocol is the socket's, or X-Forwarded-Proto
    // only when TRUST_PROXY trusts the peer.
    if (o.protocol !== `${request.protocol}:`) return false;
    // Normalise the Host header through URL too, so default ports compare equal.
    return o.host === new URL(`${o.protocol}//${host}`).host;
  } catch {
    return false;
  }
}

export function registerOriginCheck(app: FastifyInstance, allowed: string[] | null): void {
  app.addHook("onRequest", async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    // Judged on the route Fastify matched (decoded), never the raw path: `/%61pi/auth/login`
    // is the login route too. Unmatched paths reach no handler.
    if (!isApiRoute(request)) return;
    if (EXEMPT_PATHS.has(request.routeOptions.url ?? "")) return;
    if (!isAllowedOrigin(request, allowed)) throw new HttpError(403, "Cross-site request refused");
  });
}

/** The origin as a browser would send it (no default port); unparseable text matches nothing. */
function normalizeOrigin(origin: string): string {
  try {
    return new URL(origin).origin;
  } catch {
    return "";
  }
}
