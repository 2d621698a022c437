import { NAV_TABS, useNavTabs } from "./nav-tabs";

/**
 * Bottom tab bar (spec §2): four tabs, haptic selection feedback, a full page load if
 * client navigation throws, active dot and highlight; full width on small screens and a
 * centred max-width panel on larger ones. From the `lg` breakpoint the side navigation
 * (side-nav.tsx) takes its place.
 */
export function TabBar() {
  const { isActive, onClick } = useNavTabs();
  // Rendered by AppRoutes outside the route's sliding wrapper (see there), so `fixed` is the screen's.
  return (
    <nav
      aria-label="Main"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-border bg-card/95 backdrop-blur md:bottom-4 md:mx-auto md:max-w-md md:rounded-card md:border md:shadow-lg lg:hidden"
    >
      <ul className="grid grid-cols-4">
        {NAV_TABS.map((tab) => {
          const active = isActive(tab);
          const Icon = tab.icon;
          return (
            <li key={tab.label}>
              <a
                href={tab.href}
                aria-current={active ? "page" : undefined}
                onClick={onClick(tab)}
                className={`relative flex flex-col items-center gap-1 py-2.5 text-xs font-medium transition-colors ${
                  active ? "text-accent" : "text-muted-foreground hover:text-foreground"
                }`}
              >
                <span className={`rounded-panel px-4 py-1 ${active ? "bg-brand/15" : ""}`}>
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
