/** Search and sort above a photo view (issue 38): groups by the space they free or by date, any view by name. */
import { Search } from "lucide-react";
import type { GroupSort } from "../../../domain/review-groups";

const SORT_LABELS: Record<GroupSort, string> = { reclaimable: "Most space freed", date: "Newest" };
const control = "h-9 rounded-lg border border-border bg-background px-2 text-sm";

export function PhotoViewControls({
  query,
  sort,
  onQuery,
  onSort,
}: {
  query: string;
  /** Null where the view is a list, not groups. */
  sort: GroupSort | null;
  onQuery(q: string): void;
  onSort(s: GroupSort): void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="photo-view-controls">
      <label className="relative min-w-44 flex-1">
        <span className="sr-only">Search photos</span>
        <Search className="pointer-events-none absolute left-2.5 top-2.5 size-4 text-muted-foreground" aria-hidden />
        <input
          type="search"
          value={query}
          onChange={(e) => onQuery(e.target.value)}
          placeholder="Photo name or folder"
          className={`${control} w-full pl-8`}
        />
      </label>
      {sort ? (
        <label className="flex items-center gap-2 text-sm">
          Sort
          <select className={control} value={sort} onChange={(e) => onSort(e.target.value as GroupSort)}>
            {(Object.keys(SORT_LABELS) as GroupSort[]).map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
      ) : null}
    </div>
  );
}
