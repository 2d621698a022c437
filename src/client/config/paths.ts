/** Every spec route and its href builder, in one place (spec §2 route table). */
export type OrganizeTab = "photos" | "files" | "apps" | "email";

export const paths = {
  root: "/",
  showcase: "/showcase",
  landing: "/landing",
  demo: "/demo",
  app: "/app",
  home: "/home",
  dashboard: "/dashboard",
  organize: (tab?: OrganizeTab, extra: Record<string, string> = {}) => {
    const q = new URLSearchParams({ ...(tab ? { tab } : {}), ...extra }).toString();
    return q ? `/organize?${q}` : "/organize";
  },
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
