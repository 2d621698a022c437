import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useEffect, useState } from "react";
import { formatBytes } from "../../../../domain/format";
import { Button } from "../../../components/ui/button";
import type { BatchAction } from "../../../components/lists/batch-action";
import type { OrganizeItem } from "../../../lib/device-data/organize-item";
import { folderOf, formatDay, ItemVisual } from "../../../components/lists/item-visual";

/** Spec §2: the preview's detail text appears after a 150 ms delay. */
export const PREVIEW_DETAIL_DELAY_MS = 150;

const TITLE = { photo: "Photo preview", file: "File preview", app: "App preview" } as const;

function Details({ item }: { item: OrganizeItem }) {
  const rows: [string, string][] =
    item.kind === "app"
      ? [
          ["Kind", item.type === "browser" ? "Browser" : "System"],
          ["Last used", formatDay(item.modified)],
          ["Status", item.isUnused ? "Unused for over 3 months" : "In use"],
        ]
      : [
          ["Size", formatBytes(item.size)],
          ["Modified", formatDay(item.modified)],
          ["Folder", folderOf(item.path) || "(top of the folder)"],
          ["Type", item.type || "unknown"],
          [
            "Status",
            item.duplicateGroup === null
              ? "Unique"
              : item.isOriginal
                ? "Original — its copies can go"
                : item.possibleDuplicate
                  ? "Possible duplicate (same size; content not compared)"
                  : "Duplicate copy of another file",
          ],
          ...(item.keepReason ? [["Why", item.keepReason] as [string, string]] : []),
        ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="preview-details">
      {rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-muted-foreground">{k}</dt>
          <dd className="break-all">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

function DelayedDetails({ item }: { item: OrganizeItem }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), PREVIEW_DETAIL_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return shown ? <Details item={item} /> : <p className="h-5 text-sm text-muted-foreground" aria-hidden />;
}

interface Props {
  item: OrganizeItem | null;
  root: FileSystemDirectoryHandle | null;
  canTrash: boolean;
  onClose(): void;
  onAction(action: BatchAction, item: OrganizeItem): void;
}

/** Long-press preview per type (photo, file, app); any action closes it. */
export function PreviewDialog({ item, root, canTrash, onClose, onAction }: Props) {
  const act = (action: BatchAction) => {
    if (!item) return;
    onClose();
    onAction(action, item);
  };
  return (
    <Dialog.Root open={item !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 grid max-h-[90dvh] w-[min(94vw,30rem)] -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-2xl border border-border bg-card p-6 shadow-xl">
          {item ? (
            <>
              <div className="flex items-start gap-3">
                <div className="min-w-0 flex-1">
                  <Dialog.Title className="break-all text-lg font-semibold">{item.name}</Dialog.Title>
                  <Dialog.Description className="text-sm text-muted-foreground">{TITLE[item.kind]}</Dialog.Description>
                </div>
                <Dialog.Close aria-label="Close preview" className="rounded-md p-1 hover:bg-muted">
                  <X className="size-4" aria-hidden />
                </Dialog.Close>
              </div>
              <ItemVisual item={item} root={root} size="lg" />
              <DelayedDetails key={item.key} item={item} />
              <div className="flex flex-wrap justify-end gap-2">
                {canTrash && !item.readOnly ? (
                  <Button size="sm" onClick={() => act("trash")}>
                    Move to CleanSpace Trash
                  </Button>
                ) : null}
                <Button size="sm" variant="outline" onClick={() => act("reviewed")}>
                  Mark reviewed
                </Button>
                <Button size="sm" variant="outline" onClick={() => act("ignored")}>
                  Ignore
                </Button>
              </div>
            </>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
