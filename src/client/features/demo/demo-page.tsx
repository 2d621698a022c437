import { BarChart3, Eye, FolderOpen, Home, Settings, type LucideIcon } from "lucide-react";
import { Tabs } from "radix-ui";
import { useState } from "react";
import { PRODUCT_NAME } from "../../../domain/brand";
import { DemoHome } from "./components/demo-home";
import { DemoInsights } from "./components/demo-insights";
import { DemoOrganize } from "./components/demo-organize";
import { DemoSettings } from "./components/demo-settings";
import type { DemoCategory, DemoTab } from "./demo-data";

const TABS: ReadonlyArray<{ id: DemoTab; label: string; icon: LucideIcon }> = [
  { id: "home", label: "Home", icon: Home },
  { id: "organize", label: "Organize", icon: FolderOpen },
  { id: "insights", label: "Insights", icon: BarChart3 },
  { id: "settings", label: "Settings", icon: Settings },
];

/**
 * View-only demo (spec §2 "Demo"): a phone-sized frame with its own tab bar. The tab lives
 * in local state, not the router, so the demo never touches the real app's screens.
 */
export function DemoPage() {
  const [tab, setTab] = useState<DemoTab>("home");
  const [category, setCategory] = useState<DemoCategory>("photos");

  return (
    <main className="min-h-dvh bg-muted px-2 py-4 sm:py-8">
      <div className="mx-auto flex h-[min(860px,calc(100dvh-2rem))] max-w-sm flex-col overflow-hidden rounded-[2rem] border border-border bg-background shadow-xl">
        <p className="flex items-center justify-center gap-2 bg-warning/15 px-3 py-1.5 text-xs font-semibold text-warning">
          <Eye className="size-4" aria-hidden />
          Demo Mode - View Only
        </p>
        <Tabs.Root value={tab} onValueChange={(v) => setTab(v as DemoTab)} className="flex min-h-0 flex-1 flex-col">
          <div className="min-h-0 flex-1 overflow-y-auto p-4">
            <h1 className="mb-3 text-sm font-semibold text-muted-foreground">{PRODUCT_NAME} Demo</h1>
            <Tabs.Content value="home">
              <DemoHome
                onOpenCategory={(c) => {
                  setCategory(c);
                  setTab("organize");
                }}
              />
            </Tabs.Content>
            <Tabs.Content value="organize">
              <DemoOrganize category={category} onCategoryChange={setCategory} />
            </Tabs.Content>
            <Tabs.Content value="insights">
              <DemoInsights />
            </Tabs.Content>
            <Tabs.Content value="settings">
              <DemoSettings />
            </Tabs.Content>
          </div>
          <Tabs.List aria-label="Demo navigation" className="grid grid-cols-4 border-t border-border bg-card">
            {TABS.map(({ id, label, icon: Icon }) => (
              <Tabs.Trigger
                key={id}
                value={id}
                className="flex flex-col items-center gap-1 py-2.5 text-xs font-medium text-muted-foreground data-[state=active]:text-accent"
              >
                <Icon className="size-5" aria-hidden />
                {label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
        </Tabs.Root>
      </div>
    </main>
  );
}
