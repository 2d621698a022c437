import { BarChart3, FolderOpen, Home, Settings } from "lucide-react";
import { useLocation } from "wouter";
import { paths } from "../config/paths";
import { notify } from "../lib/device/haptics";

const TABS = [
  { label: "Dashboard", href: paths.root, icon: Home, match: [paths.root, paths.app, paths.home, paths.dashboard] },
  { label: "Organize", href: paths.organize(), icon: FolderOpen, match: [paths.organize()] },
  { label: "Insights", href: paths.insights, icon: BarChart3, match: [paths.insights] },
  { label: "Settings", href: paths.settings, icon: Settings, match: [paths.settings] },
] as const;

/**
 * Bottom tab bar (spec §2): four tabs, haptic selection feedback, a full page load if
 * client navigation throws, active dot and highlight; full width on small screens and a
 * centred max-width panel on larger ones.
 */
export function TabBar() {
  const [location, navigate] = useLocation();
  // Rendered by AppRoutes outside the route's sliding wrapper (see there), so `fixed` is the screen's.
  return (
    <nav
      aria-label="Main"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-border bg-card/95 backdrop-blur md:bottom-4 md:mx-auto md:max-w-md md:rounded-2xl md:border md:shadow-lg"
    >
      <ul className="grid grid-cols-4">
        {TABS.map((tab) => {
          const active = (tab.match as readonly string[]).includes(location);
          const Icon = tab.icon;
          return (
            <li key={tab.label}>
              <a
                href={tab.href}
                aria-current={active ? "page" : undefined}
                onClick={(event) => {
                  if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                  event.preventDefault();
                  notify("selection");
                  try {
                    navigate(tab.href);
                  } catch {
                    window.location.assign(tab.href);
                  }
                }}
                className={`relative flex flex-col items-center gap-1 py-2.5 text-xs font-medium transition-colors ${
                  active ? "text-accent" : "text-muted-foreground hover:text-foreground"
                }`}
              >
                <span className={`rounded-xl px-4 py-1 ${active ? "bg-brand/15" : ""}`}>
                  <Icon className="size-5" aria-hidden />
                </span>
                {tab.label}
                {active ? <span data-testid="active-dot" className="absolute top-1 size-1.5 rounded-full bg-brand" aria-hidden /> : null}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
