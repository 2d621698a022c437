import { formatBytes, plural } from "../../../../domain/format";
import type { OrganizeItem } from "../../../lib/device-data/organize-item";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";

interface Props {
  items: readonly OrganizeItem[] | null;
  folderName: string;
  busy: boolean;
  onConfirm(items: readonly OrganizeItem[]): void;
  onCancel(): void;
}

/** Names what the move will do — how many files, how many bytes, where to — before it happens. */
export function MoveConfirm({ items, folderName, busy, onConfirm, onCancel }: Props) {
  const list = items ?? [];
  const bytes = list.reduce((n, i) => n + i.size, 0);
  const originals = list.filter((i) => i.duplicateGroup !== null && i.isOriginal).length;
  const possible = list.filter((i) => i.possibleDuplicate && !i.isOriginal).length;
  return (
    <ConfirmDialog
      open={items !== null}
      title="Move to CleanSpace Trash?"
      confirmLabel={`Move ${plural(list.length, "file")}`}
      busy={busy}
      onConfirm={() => onConfirm(list)}
      onCancel={onCancel}
    >
      <p data-testid="move-summary">
        {plural(list.length, "file")} ({formatBytes(bytes)}) will move to the CleanSpace trash in “{folderName}”.
      </p>
      <p>They leave this list and their folders. Nothing is deleted: you can undo, or restore them from the trash later.</p>
      {originals > 0 ? (
        <p className="font-medium text-foreground">
          {plural(originals, "original")} of duplicate groups {originals === 1 ? "is" : "are"} included.
        </p>
      ) : null}
      {possible > 0 ? (
        <p className="font-medium text-foreground">
          {plural(possible, "file")} {possible === 1 ? "is" : "are"} only a possible duplicate: the quick scan compared sizes, not contents.
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
