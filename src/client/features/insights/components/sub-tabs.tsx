/** The inner tab rows of Insights (Radix Tabs: arrow keys, roles and focus handled). */
import { Tabs } from "radix-ui";
import type { ReactNode } from "react";
import { cn } from "../../../lib/cn";

export interface SubTab {
  value: string;
  label: string;
  content: ReactNode;
}

export function SubTabs({ tabs, label, defaultValue, className }: { tabs: SubTab[]; label: string; defaultValue?: string; className?: string }) {
  return (
    <Tabs.Root defaultValue={defaultValue ?? tabs[0]?.value} className={cn("grid gap-3", className)}>
      <Tabs.List aria-label={label} className="flex gap-1 rounded-xl bg-muted p-1">
        {tabs.map((t) => (
          <Tabs.Trigger
            key={t.value}
            value={t.value}
            className="flex-1 rounded-lg px-2 py-1.5 text-sm font-medium text-muted-foreground data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm"
          >
            {t.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {tabs.map((t) => (
        <Tabs.Content key={t.value} value={t.value} className="grid gap-3 outline-none">
          {t.content}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
