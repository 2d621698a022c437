/**
 * A list of the latest scan's items (Files, the Photos tab's "All", Apps): search, sort and
 * group by folder above it, the count and size of what is in view, and the windowed rows,
 * which scroll with the page.
 */
import { formatBytes, plural } from "../../../domain/format";
import { ITEM_SORTS, type ItemSort } from "../../../domain/list-view";
import { EmptyList } from "../../components/lists/empty-states";
import { VirtualList } from "../../components/lists/virtual-list";
import { Button } from "../../components/ui/button";
import type { OrganizeItem } from "../../lib/device-data/organize-item";
import type { GroupedRow } from "../../../domain/list-view";
import { FolderRow } from "./folder-row";
import { ItemRow, ROW_HEIGHT } from "./item-row";
import { ListToolbar } from "./list-toolbar";
import type { ListView } from "./use-list-view";

export type ListKind = "photos" | "files" | "apps";

const NOUN: Record<ListKind, string> = { photos: "photo", files: "file", apps: "app" };
const EMPTY: Record<ListKind, string> = {
  photos: "Your last scan found no photos.",
  files: "Your last scan found no files besides photos.",
  apps: "No apps this page can see.",
};
// Apps have no folder, and the web knows no app's size.
const APP_SORTS: readonly ItemSort[] = ["date", "name"];

const itemKeyOf = (item: OrganizeItem) => item.key;
const rowKeyOf = (row: GroupedRow<OrganizeItem>) => (row.kind === "folder" ? `folder:${row.group.folder}` : row.item.key);

export function ItemList({
  kind,
  total,
  filtered,
  view,
  batch,
  selected,
  root,
  onToggle,
  onPreview,
}: {
  kind: ListKind;
  /** Items before any filter or search (what "found no …" speaks of). */
  total: number;
  /** Items the advanced filter lets through, before the search. */
  filtered: number;
  view: ListView<OrganizeItem>;
  batch: boolean;
  selected: ReadonlySet<number>;
  root: FileSystemDirectoryHandle | null;
  onToggle(item: OrganizeItem): void;
  onPreview(item: OrganizeItem): void;
}) {
  const noun = NOUN[kind];
  const label = `${kind[0]!.toUpperCase()}${kind.slice(1)} from your last scan`;
  const renderItem = (item: OrganizeItem) => (
    <ItemRow item={item} root={root} batch={batch} selected={selected.has(item.id)} onToggle={onToggle} onPreview={onPreview} />
  );
  return (
    <>
      {total > 0 ? (
        <ListToolbar
          noun={`${noun}s`}
          query={view.query}
          sort={view.sort}
          grouped={view.grouped}
          sorts={kind === "apps" ? APP_SORTS : ITEM_SORTS}
          canGroup={kind !== "apps"}
          onQuery={view.setQuery}
          onSort={view.setSort}
          onGrouped={view.setGrouped}
        />
      ) : null}
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-semibold">
          {plural(view.visible.length, noun)}
          {kind !== "apps" ? (
            <span className="font-normal text-muted-foreground"> · {formatBytes(view.visible.reduce((n, i) => n + i.size, 0))}</span>
          ) : null}
        </h2>
        <p className="text-xs text-muted-foreground">Tip: press and hold an item for a quick preview</p>
      </div>
      {view.visible.length === 0 ? (
        total === 0 ? (
          <EmptyList>{EMPTY[kind]}</EmptyList>
        ) : filtered > 0 && view.searching ? (
          <div
            className="grid justify-items-center gap-2 rounded-2xl border border-dashed border-border p-6 text-center text-sm"
            data-testid="empty-list"
          >
            <p className="text-muted-foreground">No items match “{view.query.trim()}”.</p>
            <Button size="sm" variant="outline" onClick={() => view.setQuery("")}>
              Clear search
            </Button>
          </div>
        ) : (
          <EmptyList>No items match these filters.</EmptyList>
        )
      ) : view.rows ? (
        <VirtualList
          items={view.rows}
          rowHeight={ROW_HEIGHT}
          label={label}
          getKey={rowKeyOf}
          renderRow={(row) =>
            row.kind === "folder" ? (
              <FolderRow group={row.group} open={row.open} noun={noun} onToggle={() => view.toggleFolder(row.group.folder)} />
            ) : (
              renderItem(row.item)
            )
          }
        />
      ) : (
        <VirtualList items={view.visible} rowHeight={ROW_HEIGHT} label={label} getKey={itemKeyOf} renderRow={renderItem} />
      )}
    </>
  );
}
