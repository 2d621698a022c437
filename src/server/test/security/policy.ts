/**
 * Where a security rule truly does not apply, and why. Every other /api route gets every
 * probe. A new route that is public must be added here with its reason, or the access
 * suite fails: an unguarded route is a decision, never an accident.
 */
import type { ApiRoute } from "./route-table";

/** Routes that answer without a session (no `config: { auth: true }`). */
export const PUBLIC_ROUTES: Record<string, string> = {
  "GET /api/health": "load-balancer and uptime probe",
  "GET /api/tips/random": "tips shown on public pages",
  "POST /api/users": "registration",
  "POST /api/auth/login": "sign-in",
  "POST /api/auth/logout": "signing out without a session is a harmless 204 that clears the cookie",
  "POST /api/auth/password-reset": "a signed-out user asks for a reset link (always 202)",
  "POST /api/auth/password-reset/confirm": "the reset link's token is the credential",
  "POST /api/auth/verify-email": "the mailed link's token is the credential (the link may be opened signed out or on another device)",
  "POST /api/email-signup": "the landing page's early-access list",
  "POST /api/auth/email-change/confirm": "the link mailed to the new address; its token is the credential",
  "POST /api/auth/email-change/undo": "the link mailed to the old address; its token is the credential",
  "GET /api/stripe/config": "the publishable key the payment form needs",
  "POST /api/stripe/webhook": "called by Stripe; its signature is the credential",
};

/** Test-only routes: registered only by the test entry (test/routes/), never by main.ts (access suite, production-bundle test). */
export const isTestOnly = (route: Pick<ApiRoute, "url">) => route.url.startsWith("/api/test/");

/** State-changing routes the Origin (CSRF) check does not cover. */
export const ORIGIN_EXEMPT: Record<string, string> = {
  "POST /api/stripe/webhook": "server-to-server from Stripe, no browser Origin; the signature is checked instead",
};

/** Path params that name a user (the own-user rule), as opposed to a record of the user's. */
export function isUserIdParam(route: Pick<ApiRoute, "url">, param: string): boolean {
  return param === "userId" || (param === "id" && /\/api\/users\/:id(\/|$)/.test(route.url));
}
