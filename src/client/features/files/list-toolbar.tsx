/** Search, sort and group by folder above a list (issue 38: lists people can work with). */
import { FolderTree, Search } from "lucide-react";
import type { ItemSort } from "../../../domain/list-view";
import { cn } from "../../lib/cn";

const SORT_LABELS: Record<ItemSort, string> = { size: "Largest first", date: "Newest first", name: "Name (A–Z)", folder: "Folder" };

const control = "h-9 rounded-lg border border-border bg-background px-2 text-sm";

export function ListToolbar({
  noun,
  query,
  sort,
  grouped,
  sorts,
  canGroup,
  onQuery,
  onSort,
  onGrouped,
}: {
  /** "files", "photos", "apps": names the search box. */
  noun: string;
  query: string;
  sort: ItemSort;
  grouped: boolean;
  sorts: readonly ItemSort[];
  canGroup: boolean;
  onQuery(q: string): void;
  onSort(s: ItemSort): void;
  onGrouped(on: boolean): void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="list-toolbar">
      <label className="relative min-w-44 flex-1">
        <span className="sr-only">Search {noun}</span>
        <Search className="pointer-events-none absolute left-2.5 top-2.5 size-4 text-muted-foreground" aria-hidden />
        <input
          type="search"
          value={query}
          onChange={(e) => onQuery(e.target.value)}
          placeholder="Name or folder"
          className={`${control} w-full pl-8`}
        />
      </label>
      <label className="flex items-center gap-2 text-sm">
        Sort
        <select className={control} value={sort} onChange={(e) => onSort(e.target.value as ItemSort)}>
          {sorts.map((s) => (
            <option key={s} value={s}>
              {SORT_LABELS[s]}
            </option>
          ))}
        </select>
      </label>
      {canGroup ? (
        <button
          type="button"
          aria-pressed={grouped}
          onClick={() => onGrouped(!grouped)}
          className={cn(
            "inline-flex h-9 items-center gap-2 rounded-lg border px-3 text-sm font-medium",
            grouped ? "border-brand bg-brand text-white" : "border-border hover:bg-muted",
          )}
        >
          <FolderTree className="size-4" aria-hidden /> Group by folder
        </button>
      ) : null}
    </div>
  );
}
