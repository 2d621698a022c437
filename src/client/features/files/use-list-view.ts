/** The Files list's view: search, sort and group by folder (rules in domain/list-view.ts), kept while the tab is open. */
import { useCallback, useMemo, useState } from "react";
import {
  DEFAULT_ITEM_SORT,
  groupByFolder,
  groupedRows,
  normaliseSearch,
  searchItems,
  sortItems,
  type GroupedRow,
  type ItemSort,
  type ListItem,
} from "../../../domain/list-view";

export interface ListView<T> {
  query: string;
  /** True when the search text hides something (not empty, not only spaces). */
  searching: boolean;
  sort: ItemSort;
  grouped: boolean;
  /** The items in view, searched and sorted: what "Select all" and quick-select act on. */
  visible: T[];
  /** With group by folder on: folder headers and the rows of open folders. */
  rows: GroupedRow<T>[] | null;
  setQuery(q: string): void;
  setSort(s: ItemSort): void;
  setGrouped(on: boolean): void;
  toggleFolder(folder: string): void;
}

export function useListView<T extends ListItem>(items: readonly T[]): ListView<T> {
  const [query, setQuery] = useState("");
  const [sort, setSort] = useState<ItemSort>(DEFAULT_ITEM_SORT);
  const [grouped, setGrouped] = useState(false);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const visible = useMemo(() => sortItems(searchItems(items, query), sort), [items, query, sort]);
  const rows = useMemo(() => (grouped ? groupedRows(groupByFolder(visible, sort), collapsed) : null), [grouped, visible, sort, collapsed]);
  const toggleFolder = useCallback(
    (folder: string) =>
      setCollapsed((old) => {
        const next = new Set(old);
        if (next.has(folder)) next.delete(folder);
        else next.add(folder);
        return next;
      }),
    [],
  );
  return { query, searching: normaliseSearch(query) !== "", sort, grouped, visible, rows, setQuery, setSort, setGrouped, toggleFolder };
}
