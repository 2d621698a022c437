/**
 * Every page route of spec §2's route table. The client router and the server (which
 * answers unknown paths with the app shell and a 404 status) both read this list.
 */
export const PAGE_PATHS = [
  "/",
  "/showcase",
  "/landing",
  "/demo",
  "/app",
  "/home",
  "/dashboard",
  "/organize",
  "/insights",
  "/settings",
  "/subscribe",
  "/login",
  "/register",
  "/forgot-password",
  "/reset-password",
  "/email-change",
  "/verify-email",
  "/privacy",
  "/terms",
  "/welcome",
  "/mobile-demo",
] as const;

export type PagePath = (typeof PAGE_PATHS)[number];

const known = new Set<string>(PAGE_PATHS);

/** The path without its trailing slashes ("/insights/" → "/insights"); "/" stays "/". */
export function withoutTrailingSlash(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
}

/** True when the path (without query or trailing slash) is a page of the app. */
export function isKnownPage(pathname: string): boolean {
  return known.has(withoutTrailingSlash(pathname));
}
