/**
 * How a list of items is ordered, searched and grouped by folder on the device (Organize's
 * Files, Photos and Apps lists; issue 38 "Lists people can work with"). Pure: the same rules
 * for any item with a name, a path, a size and a date.
 */

export interface ListItem {
  id: number;
  name: string;
  /** Relative path inside the scanned folder, "/"-separated; the item's name is its last part. */
  path: string;
  size: number;
  /** ms since the epoch. */
  modified: number;
}

export const ITEM_SORTS = ["size", "date", "name", "folder"] as const;
export type ItemSort = (typeof ITEM_SORTS)[number];
/** Largest first: what frees the most space is what people look for first. */
export const DEFAULT_ITEM_SORT: ItemSort = "size";

export function parseItemSort(value: string | null | undefined): ItemSort {
  return (ITEM_SORTS as readonly string[]).includes(value ?? "") ? (value as ItemSort) : DEFAULT_ITEM_SORT;
}

/** The folder part of a path ("" for the scanned folder itself). */
export function folderOfPath(path: string): string {
  const slash = path.lastIndexOf("/");
  return slash > 0 ? path.slice(0, slash) : "";
}

// One collator: names compare as people read them (accents, case, "file2" before "file10").
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });
const byName = (a: ListItem, b: ListItem) => collator.compare(a.name, b.name);
// Ties keep one order on every render: the path, then the id.
const tieBreak = (a: ListItem, b: ListItem) => collator.compare(a.path, b.path) || a.id - b.id;

const ORDER: Record<ItemSort, (a: ListItem, b: ListItem) => number> = {
  size: (a, b) => b.size - a.size,
  date: (a, b) => b.modified - a.modified,
  name: byName,
  folder: (a, b) => collator.compare(folderOfPath(a.path), folderOfPath(b.path)) || byName(a, b),
};

/** size: largest first; date: newest first; name: A–Z; folder: A–Z by folder, then by name. */
export function sortItems<T extends ListItem>(items: readonly T[], sort: ItemSort): T[] {
  const order = ORDER[sort];
  return [...items].sort((a, b) => order(a, b) || tieBreak(a, b));
}

/** The search text as it is compared: trimmed, lower-cased; "" means no search. */
export function normaliseSearch(query: string): string {
  return query.trim().toLocaleLowerCase();
}

/**
 * Items whose name or path contains the search text, ignoring case; every item when the text is
 * empty or only spaces, so a stray space never hides the whole list.
 */
export function searchItems<T extends Pick<ListItem, "name" | "path">>(items: readonly T[], query: string): T[] {
  const q = normaliseSearch(query);
  if (!q) return [...items];
  return items.filter((i) => i.name.toLocaleLowerCase().includes(q) || i.path.toLocaleLowerCase().includes(q));
}

export interface FolderGroup<T> {
  folder: string;
  items: T[];
  count: number;
  bytes: number;
}

/**
 * Items by folder, each group in the order the items came in (sorted first, so the sort holds
 * inside a folder). Groups are ordered by total size, largest first, for the size sort, and
 * A–Z by folder otherwise.
 */
export function groupByFolder<T extends ListItem>(items: readonly T[], sort: ItemSort): FolderGroup<T>[] {
  const groups = new Map<string, FolderGroup<T>>();
  for (const item of items) {
    const folder = folderOfPath(item.path);
    let g = groups.get(folder);
    if (!g) groups.set(folder, (g = { folder, items: [], count: 0, bytes: 0 }));
    g.items.push(item);
    g.count += 1;
    g.bytes += item.size;
  }
  const byFolder = (a: FolderGroup<T>, b: FolderGroup<T>) => collator.compare(a.folder, b.folder);
  return [...groups.values()].sort(sort === "size" ? (a, b) => b.bytes - a.bytes || byFolder(a, b) : byFolder);
}

/** One row of a grouped list: a folder's header, or an item under an open folder. */
export type GroupedRow<T> = { kind: "folder"; group: FolderGroup<T>; open: boolean } | { kind: "item"; item: T };

/** Flattens groups into rows for one windowed list; a collapsed folder shows its header alone. */
export function groupedRows<T>(groups: readonly FolderGroup<T>[], collapsed: ReadonlySet<string>): GroupedRow<T>[] {
  const rows: GroupedRow<T>[] = [];
  for (const group of groups) {
    const open = !collapsed.has(group.folder);
    rows.push({ kind: "folder", group, open });
    if (open) for (const item of group.items) rows.push({ kind: "item", item });
  }
  return rows;
}
