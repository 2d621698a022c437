/**
 * Every page route of spec §2's route table, the one place paths are written: the client
 * router and links (config/paths.ts), and the server (which answers unknown paths with the
 * app shell and a 404 status, and preloads a tab's code and data) all read it.
 */
export const PAGES = {
  root: "/",
  showcase: "/showcase",
  landing: "/landing",
  demo: "/demo",
  app: "/app",
  home: "/home",
  dashboard: "/dashboard",
  organize: "/organize",
  insights: "/insights",
  settings: "/settings",
  subscribe: "/subscribe",
  login: "/login",
  register: "/register",
  forgotPassword: "/forgot-password",
  resetPassword: "/reset-password",
  emailChange: "/email-change",
  verifyEmail: "/verify-email",
  privacy: "/privacy",
  terms: "/terms",
  welcome: "/welcome",
  mobileDemo: "/mobile-demo",
} as const;

/** The three paths of the Dashboard tab (spec §2: /app, /home and /dashboard are one screen). */
export const DASHBOARD_PATHS = [PAGES.app, PAGES.home, PAGES.dashboard] as const;

export const PAGE_PATHS = Object.values(PAGES);

export type PagePath = (typeof PAGES)[keyof typeof PAGES];

const known = new Set<string>(PAGE_PATHS);

/** The path without its trailing slashes ("/insights/" → "/insights"); "/" stays "/". */
export function withoutTrailingSlash(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
}

/** True when the path (without query or trailing slash) is a page of the app. */
export function isKnownPage(pathname: string): boolean {
  return known.has(withoutTrailingSlash(pathname));
}
