import { Trash2 } from "lucide-react";
import { Tabs } from "radix-ui";
import { DEMO_CATEGORIES, DEMO_ITEMS, type DemoCategory } from "../demo-data";
import { CATEGORY_ICONS } from "./demo-home";
import { TabRow, TabRowItem } from "../../../components/ui/tabs";

/** Demo Organize: one inner tab per category; every action is disabled (view-only). */
export function DemoOrganize({ category, onCategoryChange }: { category: DemoCategory; onCategoryChange(c: DemoCategory): void }) {
  return (
    <div className="grid gap-3">
      <h2 className="text-xl font-semibold">Organize</h2>
      <Tabs.Root value={category} onValueChange={(v) => onCategoryChange(v as DemoCategory)}>
        <TabRow aria-label="Categories" className="grid grid-cols-4">
          {DEMO_CATEGORIES.map((c) => (
            <TabRowItem key={c.id} value={c.id} size="sm">
              {c.title}
            </TabRowItem>
          ))}
        </TabRow>
        {DEMO_CATEGORIES.map((c) => {
          const { action, items } = DEMO_ITEMS[c.id];
          const Icon = CATEGORY_ICONS[c.id];
          return (
            <Tabs.Content key={c.id} value={c.id} className="mt-3 grid gap-3">
              <h3 className="sr-only">{c.title}</h3>
              <ul aria-label={`${c.title} items`} className="grid gap-2">
                {items.map((item) => (
                  <li key={item.id} className="flex items-center gap-3 rounded-panel border border-border bg-card p-3">
                    <Icon className="size-5 shrink-0 text-accent" aria-hidden />
                    <div className="min-w-0 flex-1">
                      <p className="truncate text-sm font-medium">{item.name}</p>
                      <p className="truncate text-xs text-muted-foreground">
                        {item.detail} · {item.size}
                      </p>
                    </div>
                    {item.flag ? (
                      <span className="rounded-full bg-caution/15 px-2 py-0.5 text-xs font-medium text-caution">{item.flag}</span>
                    ) : null}
                    <button type="button" disabled aria-label={`Delete ${item.name}`} className="rounded-control p-2 opacity-50">
                      <Trash2 className="size-4" aria-hidden />
                    </button>
                  </li>
                ))}
              </ul>
              <button type="button" disabled className="h-11 rounded-control bg-brand font-semibold text-white opacity-50">
                {action}
              </button>
              <p className="text-center text-xs text-muted-foreground">Actions are disabled in the demo.</p>
            </Tabs.Content>
          );
        })}
      </Tabs.Root>
    </div>
  );
}
