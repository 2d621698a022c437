import { Check } from "lucide-react";
import { Checkbox } from "radix-ui";
import { useLongPress } from "../../lib/use-long-press";
import type { OrganizeItem } from "../../lib/device-data/organize-item";
import { ItemBadges, ItemVisual, itemMeta } from "../../components/lists/item-visual";

interface Props {
  item: OrganizeItem;
  root: FileSystemDirectoryHandle | null;
  batch: boolean;
  selected: boolean;
  onToggle(item: OrganizeItem): void;
  onPreview(item: OrganizeItem): void;
}

export const ROW_HEIGHT = 64;

/** One row: a checkbox in batch mode; tap selects (or previews), press and hold previews. */
export function ItemRow({ item, root, batch, selected, onToggle, onPreview }: Props) {
  const press = useLongPress(
    () => onPreview(item),
    () => (batch ? onToggle(item) : onPreview(item)),
  );
  return (
    <div className="flex h-full items-center gap-3 border-b border-border px-3">
      {batch ? (
        <Checkbox.Root
          checked={selected}
          onCheckedChange={() => onToggle(item)}
          aria-label={`Select ${item.name}`}
          className="flex size-5 shrink-0 items-center justify-center rounded border border-border bg-background data-[state=checked]:border-brand data-[state=checked]:bg-brand"
        >
          <Checkbox.Indicator>
            <Check className="size-3.5 text-white" aria-hidden />
          </Checkbox.Indicator>
        </Checkbox.Root>
      ) : null}
      <button type="button" {...press} className="flex min-w-0 flex-1 select-none items-center gap-3 py-2 text-left">
        <ItemVisual item={item} root={root} />
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-medium">{item.name}</span>
          <span className="block truncate text-xs text-muted-foreground">{itemMeta(item)}</span>
        </span>
        <ItemBadges item={item} />
      </button>
    </div>
  );
}
