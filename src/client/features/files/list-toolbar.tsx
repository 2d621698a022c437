/** Search, sort and group by folder above a list (issue 38: lists people can work with). */
import { FolderTree } from "lucide-react";
import type { ItemSort } from "../../../domain/list-view";
import { SearchField, SortSelect } from "../../components/lists/list-controls";
import { cn } from "../../lib/cn";

const SORT_LABELS: Record<ItemSort, string> = { size: "Largest first", date: "Newest first", name: "Name (A–Z)", folder: "Folder" };

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
      <SearchField label={`Search ${noun}`} placeholder="Name or folder" value={query} onChange={onQuery} />
      <SortSelect value={sort} orders={sorts} labels={SORT_LABELS} onChange={onSort} />
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
