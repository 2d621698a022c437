/**
 * The CleanSpace trash of the chosen folder: what is in `.cleanspace-trash`, restorable, and —
 * only here, after a confirmation naming the count and bytes — deletable for good.
 */
import { useQueryClient } from "@tanstack/react-query";
import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useState } from "react";
import { formatCount, formatBytes, plural } from "../../../../domain/format";
import { Button } from "../../../components/ui/button";
import { notify } from "../../../lib/device/haptics";
import { deletePermanently, restoreFromTrash, type TrashEntry } from "../../../lib/file-actions/trash";
import { folderPermission } from "../../../lib/device-data/scan-folder";
import { playSound } from "../../../lib/sounds";
import { toast } from "../../../lib/toast-store";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { VirtualList } from "../../../components/lists/virtual-list";
import { refreshTrashList, useTrashList } from "../../../lib/device-data/trash-list";

interface Props {
  open: boolean;
  root: FileSystemDirectoryHandle;
  onOpenChange(open: boolean): void;
  /** Records the permanent delete (real bytes, now freed) as a cleanup event (signed-in users). */
  onDeleted(count: number, bytes: number): void;
  /** Records files put back (their bytes leave "in the trash"); not a cleanup. */
  onRestored(count: number, bytes: number): void;
}

const bytesOf = (entries: readonly TrashEntry[], paths: readonly string[]) => {
  const sizes = new Map(entries.map((e) => [e.trashPath, e.size]));
  return paths.reduce((n, p) => n + (sizes.get(p) ?? 0), 0);
};

export function TrashView({ open, root, onOpenChange, onDeleted, onRestored }: Props) {
  const queryClient = useQueryClient();
  const trash = useTrashList(root, { enabled: open });
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const entries = trash.data ?? [];
  const chosen = entries.filter((e) => selected.has(e.trashPath));
  const bytes = chosen.reduce((n, e) => n + e.size, 0);

  const toggle = (e: TrashEntry) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(e.trashPath)) next.delete(e.trashPath);
      else next.add(e.trashPath);
      return next;
    });

  const withPermission = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      if (!(await folderPermission(root, "readwrite", true).catch(() => false))) {
        toast({
          variant: "destructive",
          title: "Permission needed",
          description: "CleanSpace needs permission to change files in this folder.",
        });
        return;
      }
      await work();
    } finally {
      setBusy(false);
      setSelected(new Set());
      await refreshTrashList(queryClient, root);
    }
  };

  const remove = () =>
    withPermission(async () => {
      setConfirming(false);
      const { deleted, failed } = await deletePermanently(
        root,
        chosen.map((e) => e.trashPath),
      );
      if (deleted.length > 0) {
        playSound(deleted.length > 1 ? "bulkDelete" : "delete");
        notify("success");
        onDeleted(deleted.length, bytesOf(chosen, deleted));
        toast({ title: "Deleted permanently", description: `${plural(deleted.length, "file")} deleted for good.` });
      }
      if (failed.length > 0)
        toast({ variant: "destructive", title: `${plural(failed.length, "file")} could not be deleted`, description: failed[0]!.reason });
    });

  const restore = () =>
    withPermission(async () => {
      const { restored, failed } = await restoreFromTrash(
        root,
        chosen.map((e) => ({ item: { path: e.originalPath, size: e.size }, trashPath: e.trashPath })),
      );
      if (restored.length > 0) {
        onRestored(
          restored.length,
          bytesOf(
            chosen,
            restored.map((r) => r.trashPath),
          ),
        );
        toast({ title: "Restored", description: `${plural(restored.length, "file")} back in place. Scan the folder again to list them.` });
      }
      if (failed.length > 0)
        toast({ variant: "destructive", title: `${plural(failed.length, "file")} stayed in the trash`, description: failed[0]!.reason });
    });

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 grid max-h-[90dvh] w-[min(94vw,36rem)] -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-2xl border border-border bg-card p-6 shadow-xl">
          <div className="flex items-start gap-3">
            <div className="flex-1">
              <Dialog.Title className="text-lg font-semibold">CleanSpace trash</Dialog.Title>
              <Dialog.Description className="text-sm text-muted-foreground">
                Files moved here stay in “{root.name}”, in the folder .cleanspace-trash, until you delete them.
              </Dialog.Description>
            </div>
            <Dialog.Close aria-label="Close trash" className="rounded-md p-1 hover:bg-muted">
              <X className="size-4" aria-hidden />
            </Dialog.Close>
          </div>
          {trash.isLoading ? (
            <p role="status">Reading the trash…</p>
          ) : trash.isError ? (
            <p role="alert">The trash could not be read: {String(trash.error)}</p>
          ) : entries.length === 0 ? (
            <p className="text-sm" data-testid="trash-empty">
              The trash is empty.
            </p>
          ) : (
            <>
              <div className="flex items-center justify-between gap-2 text-sm">
                <label className="flex items-center gap-2">
                  <input
                    type="checkbox"
                    className="size-4"
                    checked={chosen.length === entries.length}
                    onChange={(e) => setSelected(e.target.checked ? new Set(entries.map((x) => x.trashPath)) : new Set())}
                  />
                  Select all ({formatCount(entries.length)})
                </label>
                <span>
                  {plural(chosen.length, "file")} selected{chosen.length > 0 ? ` · ${formatBytes(bytes)}` : ""}
                </span>
              </div>
              <VirtualList
                items={entries}
                rowHeight={52}
                maxHeight="15rem"
                label="Files in the CleanSpace trash"
                getKey={(e) => e.trashPath}
                renderRow={(e) => (
                  <label className="flex h-full items-center gap-3 border-b border-border px-3 text-sm">
                    <input type="checkbox" className="size-4" checked={selected.has(e.trashPath)} onChange={() => toggle(e)} />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-medium">{e.originalPath}</span>
                      <span className="block text-xs text-muted-foreground">
                        {formatBytes(e.size)} · moved {e.day}
                      </span>
                    </span>
                  </label>
                )}
              />
              <div className="flex flex-wrap justify-end gap-2">
                <Button variant="outline" disabled={chosen.length === 0 || busy} onClick={() => void restore()}>
                  Restore
                </Button>
                <Button variant="destructive" disabled={chosen.length === 0 || busy} onClick={() => setConfirming(true)}>
                  Delete permanently
                </Button>
              </div>
            </>
          )}
          <ConfirmDialog
            open={confirming}
            title="Delete permanently?"
            confirmLabel="Delete permanently"
            confirmVariant="destructive"
            busy={busy}
            onConfirm={() => void remove()}
            onCancel={() => setConfirming(false)}
          >
            <p>
              {plural(chosen.length, "file")} ({formatBytes(bytes)}) will be deleted for good. This cannot be undone.
            </p>
          </ConfirmDialog>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
