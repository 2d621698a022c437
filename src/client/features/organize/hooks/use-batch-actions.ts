/**
 * What Organize's actions really do (spec §4 "Batch"):
 * - "trash" moves the files into the folder's CleanSpace trash and takes them out of the
 *   device's scan index (and the server's aggregate);
 * - "reviewed" / "ignored" mark items on this device (for files the browser cannot change).
 * A move to the trash records a cleanup event (its real bytes, reclaimable) for a signed-in
 * user; a mark changes nothing on the device, so it is no cleanup and records none.
 * Each action leaves one undo entry: undo puts the files back (retracting the event) or
 * clears the marks.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import type { OrganizeTab } from "../../../../domain/filters";
import { plural } from "../../../../domain/format";
import { saveScanIndex, type StoredScanIndex } from "../../../../scan/index-store";
import { postCleanupEvent, retractCleanupEvent, newClientId } from "../../../lib/cleanup-events";
import { notify } from "../../../lib/device/haptics";
import { removeFromIndex } from "../../../lib/file-actions/scan-index-update";
import { moveToTrash, restoreFromTrash } from "../../../lib/file-actions/trash";
import { folderPermission } from "../../../lib/device-data/scan-folder";
import { playSound } from "../../../lib/sounds";
import { toast } from "../../../lib/toast-store";
import { saveScan } from "../../../lib/data/save-scan";
import { clearMarks, marksQueryKey, setMarks, type Mark } from "../../../lib/device-data/marks";
import type { BatchAction, UndoEntry } from "../../../components/lists/batch-action";
import type { OrganizeItem } from "../../../lib/device-data/organize-item";
import { scanIndexQueryKey, type LoadedIndex } from "../../../lib/device-data/scan-index";
import { invalidateUserData, queryKeys } from "../../../lib/query-keys";

/** What changes the device and so is recorded (cleanup-ledger.ts); marks are not. */
type EventAction = "trash" | "delete" | "restore";

export interface BatchContext {
  tab: OrganizeTab;
  /** Signed-in user id (cleanup events and the server aggregate), null for visitors. */
  userId: number | null;
  root: FileSystemDirectoryHandle | null;
}

export class PermissionDeniedError extends Error {
  constructor() {
    super("CleanSpace needs permission to change files in this folder.");
  }
}

export function useBatchActions({ tab, userId, root }: BatchContext) {
  const queryClient = useQueryClient();
  const [lastAction, setLastAction] = useState<UndoEntry | null>(null);
  const [busy, setBusy] = useState(false);

  const recordEvent = useCallback(
    async (action: EventAction, items: number, bytesFreed: number): Promise<string | null> => {
      if (userId === null || items === 0) return null;
      const clientId = newClientId();
      try {
        await postCleanupEvent({ clientId, category: tab, action, items, bytesFreed });
        invalidateUserData(queryClient);
        return clientId;
      } catch (error) {
        // The files moved all the same; the goal just does not count this one.
        console.warn("Recording the cleanup failed", error);
        return null;
      }
    },
    [queryClient, tab, userId],
  );

  const retract = useCallback(
    async (clientId: string | null) => {
      if (!clientId) return;
      await retractCleanupEvent(clientId).catch((error: unknown) => console.warn("Retracting the cleanup failed", error));
      invalidateUserData(queryClient);
    },
    [queryClient],
  );

  /** Writes the index on the device, then the server's aggregate (a failure there is only logged). */
  const storeIndex = useCallback(
    async (next: StoredScanIndex) => {
      await saveScanIndex(next.items, next.summary, next.duplicates, next.photoReport);
      queryClient.setQueryData<LoadedIndex>(scanIndexQueryKey, (old) => ({ index: next, loadedAt: old?.loadedAt ?? Date.now() }));
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all });
      if (userId !== null)
        await saveScan(userId, next.summary, { snapshot: false }).catch((error: unknown) =>
          console.warn("Updating the scan summary failed", error),
        );
    },
    [queryClient, userId],
  );

  const trash = useCallback(
    async (items: readonly OrganizeItem[]) => {
      if (!root) throw new Error("No folder to move files in");
      // First thing after the click: the permission prompt needs the user's gesture.
      if (!(await folderPermission(root, "readwrite", true).catch(() => false))) throw new PermissionDeniedError();
      const before = queryClient.getQueryData<LoadedIndex>(scanIndexQueryKey)?.index;
      if (!before) throw new Error("The scan index is not loaded");
      const { moved, failed } = await moveToTrash(root, withKeptCopy(items, before.items), new Date());
      if (moved.length > 0) await storeIndex(removeFromIndex(before, new Set(moved.map((m) => m.item.id))));
      const bytes = moved.reduce((n, m) => n + m.item.size, 0);
      const clientId = await recordEvent("trash", moved.length, bytes);
      if (failed.length > 0) {
        toast({
          variant: "destructive",
          title: `${plural(failed.length, "file")} could not be moved`,
          description: `${failed[0]!.item.name}: ${failed[0]!.reason}`,
        });
      }
      if (moved.length === 0) return 0;
      setLastAction({
        action: "trash",
        items: moved.length,
        timestamp: Date.now(),
        undo: async () => {
          const { restored, failed: stuck } = await restoreFromTrash(root, moved);
          const back = new Set(restored.map((r) => r.item.id));
          const stillOut = new Set(moved.filter((m) => !back.has(m.item.id)).map((m) => m.item.id));
          const times = new Map(restored.map((r) => [r.item.id, r.modified]));
          // The index as it was before the move, minus whatever could not be put back.
          await storeIndex(removeFromIndex(before, stillOut, times));
          await retract(clientId);
          if (stillOut.size > 0) {
            await recordEvent(
              "trash",
              stillOut.size,
              moved.filter((m) => stillOut.has(m.item.id)).reduce((n, m) => n + m.item.size, 0),
            );
            toast({
              variant: "destructive",
              title: `${plural(stuck.length, "file")} stayed in the trash`,
              description: `${stuck[0]!.item.item.name}: ${stuck[0]!.reason}`,
            });
          } else {
            toast({
              title: "Undo complete",
              description: `${plural(restored.length, "file")} moved back to ${restored.length === 1 ? "its place" : "their places"}.`,
            });
          }
        },
      });
      return moved.length;
    },
    [queryClient, recordEvent, retract, root, storeIndex],
  );

  const mark = useCallback(
    async (items: readonly OrganizeItem[], kind: Mark) => {
      const keys = items.map((i) => i.key);
      await setMarks(keys, kind);
      await queryClient.invalidateQueries({ queryKey: marksQueryKey });
      setLastAction({
        action: kind,
        items: items.length,
        timestamp: Date.now(),
        undo: async () => {
          await clearMarks(keys);
          await queryClient.invalidateQueries({ queryKey: marksQueryKey });
          toast({ title: "Undo complete", description: `${plural(items.length, "item")} back in the list.` });
        },
      });
      return items.length;
    },
    [queryClient],
  );

  /** Runs an action; resolves to how many items it completed on (0 when none). */
  const run = useCallback(
    async (action: BatchAction, items: readonly OrganizeItem[]): Promise<number> => {
      if (items.length === 0) return 0;
      setBusy(true);
      try {
        const done = action === "trash" ? await trash(items) : await mark(items, action);
        if (done > 0) {
          playSound(done > 1 ? "bulkDelete" : "delete");
          notify("success");
        }
        return done;
      } catch (error) {
        playSound("error");
        notify("error");
        toast({
          variant: "destructive",
          title: error instanceof PermissionDeniedError ? "Permission needed" : "Action failed",
          description: error instanceof Error ? error.message : "Unknown error occurred",
        });
        return 0;
      } finally {
        setBusy(false);
      }
    },
    [mark, trash],
  );

  const undo = useCallback(async () => {
    const entry = lastAction;
    if (!entry) return;
    setLastAction(null);
    setBusy(true);
    try {
      await entry.undo();
      playSound("swipe");
    } catch (error) {
      toast({
        variant: "destructive",
        title: "Undo failed",
        description: error instanceof Error ? error.message : "Unknown error occurred",
      });
    } finally {
      setBusy(false);
    }
  }, [lastAction]);

  const dismissUndo = useCallback(() => setLastAction(null), []);

  return { run, undo, dismissUndo, lastAction, busy, recordEvent };
}

/**
 * A duplicate copy moved while its group's original stays names that original: the mover
 * checks, at the moment of the move, that it is still there and is another file (isSameEntry).
 */
function withKeptCopy<T extends { id: number; path: string; duplicateGroup: number | null; isOriginal: boolean }>(
  items: readonly T[],
  all: readonly { id: number; path: string; duplicateGroup: number | null; isOriginal: boolean }[],
): (T & { keepPath?: string })[] {
  const moving = new Set(items.map((i) => i.id));
  const originals = new Map(
    all.filter((i) => i.duplicateGroup !== null && i.isOriginal && !moving.has(i.id)).map((i) => [i.duplicateGroup, i.path]),
  );
  return items.map((item) => {
    const keepPath = item.duplicateGroup !== null && !item.isOriginal ? originals.get(item.duplicateGroup) : undefined;
    return keepPath === undefined ? item : { ...item, keepPath };
  });
}
