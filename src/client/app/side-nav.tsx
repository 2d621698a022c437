import { Logo } from "../components/ui/logo";
import { NAV_TABS, useNavTabs } from "./nav-tabs";

/**
 * The desktop navigation: from the `lg` breakpoint the tab bar's four destinations stand in a
 * column on the left, same labels, order and behaviour (nav-tabs.ts), the current one marked
 * by aria-current, a dot and a highlight. Fixed to the window and never taller than it, so
 * the page stays the screen's one scrolling area.
 */
export function SideNav() {
  const { isActive, onClick } = useNavTabs();
  return (
    <nav
      aria-label="Main"
      className="fixed inset-y-0 left-0 z-40 hidden w-side-nav flex-col gap-6 border-r border-border bg-card px-3 py-6 lg:flex"
    >
      <Logo className="px-3" />
      <ul className="grid gap-1">
        {NAV_TABS.map((tab) => {
          const active = isActive(tab);
          const Icon = tab.icon;
          return (
            <li key={tab.label}>
              <a
                href={tab.href}
                aria-current={active ? "page" : undefined}
                onClick={onClick(tab)}
                className={`relative flex items-center gap-3 rounded-control px-3 py-2.5 text-sm font-medium transition-colors ${
                  active ? "bg-brand/15 text-accent" : "text-muted-foreground hover:bg-muted hover:text-foreground"
                }`}
              >
                <Icon className="size-5" aria-hidden />
                {tab.label}
                {active ? <span data-testid="active-dot" className="absolute right-3 size-1.5 rounded-full bg-brand" aria-hidden /> : null}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
