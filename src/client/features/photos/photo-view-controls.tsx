/** Search and sort above a photo view (issue 38): groups by the space they free or by date, any view by name. */
import type { GroupSort } from "../../../domain/review-groups";
import { SearchField, SortSelect } from "../../components/lists/list-controls";

const SORT_LABELS: Record<GroupSort, string> = { reclaimable: "Most space freed", date: "Newest" };

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
      <SearchField label="Search photos" placeholder="Photo name or folder" value={query} onChange={onQuery} />
      {sort ? <SortSelect value={sort} orders={Object.keys(SORT_LABELS) as GroupSort[]} labels={SORT_LABELS} onChange={onSort} /> : null}
    </div>
  );
}
