import { BarChart3, FolderOpen, Home, Settings } from "lucide-react";
import type { MouseEvent } from "react";
import { useLocation } from "wouter";
import { paths } from "../config/paths";
import { notify } from "../lib/device/haptics";

/** The four app destinations (spec §2 "Bottom tab bar"), in order: the tab bar and the side navigation show the same list. */
export const NAV_TABS = [
  { label: "Dashboard", href: paths.root, icon: Home, match: [paths.root, paths.app, paths.home, paths.dashboard] },
  { label: "Organize", href: paths.organize(), icon: FolderOpen, match: [paths.organize()] },
  { label: "Insights", href: paths.insights, icon: BarChart3, match: [paths.insights] },
  { label: "Settings", href: paths.settings, icon: Settings, match: [paths.settings] },
] as const;

export type NavTab = (typeof NAV_TABS)[number];

/**
 * The active tab for the address, and the click handler both navigations share: haptic
 * selection feedback, client navigation, a full page load if that throws (spec §2).
 * Modified clicks (new tab, new window) are left to the browser.
 */
export function useNavTabs() {
  const [location, navigate] = useLocation();
  const isActive = (tab: NavTab) => (tab.match as readonly string[]).includes(location);
  const onClick = (tab: NavTab) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    notify("selection");
    try {
      navigate(tab.href);
    } catch {
      window.location.assign(tab.href);
    }
  };
  return { isActive, onClick };
}
