/**
 * The app's one tab row: a segmented control on Radix Tabs (arrow keys, roles and focus
 * handled). Screens pass the layout (grid columns, widths); the look lives here.
 */
import { Tabs } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";

export function TabRow({ className, ...props }: ComponentProps<typeof Tabs.List>) {
  return <Tabs.List className={cn("gap-1 rounded-panel bg-muted p-1", className)} {...props} />;
}

/** Padding and type size per row; set here, not by class overrides (cn does not merge classes). */
const SIZES = { sm: "px-1 py-1.5 text-xs", md: "px-2 py-1.5 text-sm", lg: "px-2 py-2 text-sm" } as const;

export function TabRowItem({ className, size = "md", ...props }: ComponentProps<typeof Tabs.Trigger> & { size?: keyof typeof SIZES }) {
  return (
    <Tabs.Trigger
      className={cn(
        "rounded-control font-medium text-muted-foreground data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm",
        SIZES[size],
        className,
      )}
      {...props}
    />
  );
}
