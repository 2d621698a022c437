/** Every spec route and its href builder (the paths themselves: domain/routes.ts). */
import { PAGES } from "../../domain/routes";

export type OrganizeTab = "photos" | "files" | "apps" | "email";

export const paths = {
  ...PAGES,
  organize: (tab?: OrganizeTab, extra: Record<string, string> = {}) => {
    const q = new URLSearchParams({ ...(tab ? { tab } : {}), ...extra }).toString();
    return q ? `${PAGES.organize}?${q}` : PAGES.organize;
  },
} as const;
