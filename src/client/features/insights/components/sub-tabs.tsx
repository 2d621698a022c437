/** The inner tab rows of Insights (Radix Tabs: arrow keys, roles and focus handled). */
import { Tabs } from "radix-ui";
import type { ReactNode } from "react";
import { cn } from "../../../lib/cn";
import { TabRow, TabRowItem } from "../../../components/ui/tabs";

export interface SubTab {
  value: string;
  label: string;
  content: ReactNode;
}

export function SubTabs({
  tabs,
  label,
  defaultValue,
  className,
}: {
  tabs: SubTab[];
  label: string;
  defaultValue?: string;
  className?: string;
}) {
  return (
    <Tabs.Root defaultValue={defaultValue ?? tabs[0]?.value} className={cn("grid gap-3", className)}>
      <TabRow aria-label={label} className="flex">
        {tabs.map((t) => (
          <TabRowItem key={t.value} value={t.value} className="flex-1">
            {t.label}
          </TabRowItem>
        ))}
      </TabRow>
      {tabs.map((t) => (
        <Tabs.Content key={t.value} value={t.value} className="grid gap-3 outline-none">
          {t.content}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
