/**
 * The Photos tab's views (issue 19): all photos (Organize's list), exact copies, similar
 * shots, blurry photos and screenshots — a tab row on Radix Tabs (arrow keys, roles), each
 * label with how many photos the view lists. The views themselves load on demand.
 */
import { Tabs } from "radix-ui";
import type { ReactNode } from "react";
import type { PhotoView } from "../../../domain/filters";
import { TabRow, TabRowItem } from "../../components/ui/tabs";

export type PhotoViewChoice = PhotoView | "all";

const LABELS: Record<PhotoViewChoice, string> = {
  all: "All photos",
  exact: "Exact copies",
  similar: "Similar",
  blurry: "Blurry",
  screenshots: "Screenshots",
};
const ORDER: PhotoViewChoice[] = ["all", "exact", "similar", "blurry", "screenshots"];

export function PhotoViewFrame({
  view,
  counts,
  onView,
  children,
}: {
  view: PhotoViewChoice;
  /** Photos per view; null before the scan analysed photos. */
  counts: Record<PhotoView, number> | null;
  onView(view: PhotoViewChoice): void;
  children: ReactNode;
}) {
  return (
    <Tabs.Root value={view} onValueChange={(v) => onView(v as PhotoViewChoice)} className="grid gap-4">
      <TabRow aria-label="Photo views" className="grid grid-cols-3 sm:grid-cols-5">
        {ORDER.map((v) => (
          <TabRowItem key={v} value={v} size="sm" className="flex items-center justify-center gap-1.5">
            {LABELS[v]}
            {v !== "all" && counts ? (
              <span className="rounded-full bg-background px-1.5 text-[0.7rem] tabular-nums" data-testid={`photo-view-count-${v}`}>
                {counts[v]}
              </span>
            ) : null}
          </TabRowItem>
        ))}
      </TabRow>
      <Tabs.Content value={view} className="grid gap-4 outline-none">
        {children}
      </Tabs.Content>
    </Tabs.Root>
  );
}
