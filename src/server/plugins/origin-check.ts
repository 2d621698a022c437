/**
 * CSRF defence: a state-changing request that carries a browser Origin from another site
 * is refused with 403. Requests without Origin (non-browser clients) are judged by
 * Sec-Fetch-Site when present. Stripe webhooks are exempt (signed instead).
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
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
  if (allowed) return allowed.includes(origin.replace(/\/$/, ""));
  const host = request.headers["x-forwarded-host"] ?? request.headers.host;
  if (typeof host !== "string") return false;
  try {
    const o = new URL(origin);
    // Normalise the Host header through URL too, so default ports compare equal.
    return o.host === new URL(`${o.protocol}//${host.split(",")[0]?.trim()}`).host;
  } catch {
    return false;
  }
}

export function registerOriginCheck(app: FastifyInstance, allowed: string[] | null): void {
  app.addHook("onRequest", async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (!request.url.startsWith("/api/")) return;
    if (EXEMPT_PATHS.has(request.url.split("?")[0] ?? "")) return;
    if (!isAllowedOrigin(request, allowed)) throw new HttpError(403, "Cross-site request refused");
  });
}
