/**
 * Auto Clean (spec §2 Quick Actions, §6 "Auto Clean has no gate"): moves the exact,
 * content-verified copies the last scan found into the CleanSpace trash — never an original,
 * never a size-only match, never what is already in the trash — and can undo it. Used by the
 * dashboard's Auto Clean, the Auto Clean Mode setting (after each scan) and the "Turn on
 * Auto Clean" recommendation. The move is recorded as one "auto-clean" cleanup event with
 * its real bytes (reclaimable until the trash is emptied).
 */
import type { KeepPolicy } from "../../../domain/keep-rules";
import { isInTrash } from "../../../domain/scan-rules";
import { loadScanIndex, saveScanIndex, type StoredScanIndex } from "../../../scan/index-store";
import type { ScanItem } from "../../../scan/types";
import { saveScan } from "../data/save-scan";
import { newClientId, postCleanupEvent, retractCleanupEvent } from "../cleanup-events";
import { readKeepPolicy } from "../device-data/keep-policy";
import { applyKeepPolicy } from "../device-data/keep-proposals";
import { folderPermission } from "../device-data/scan-folder";
import { detectFolderSource } from "./folder-source";
import { removeFromIndex } from "./scan-index-update";
import { moveToTrash, restoreFromTrash, type MovedItem } from "./trash";

export type AutoCleanScope = "all" | "photos";

export type AutoCleanOutcome =
  | { kind: "no-scan" }
  | { kind: "metadata-only" }
  | { kind: "nothing" }
  /** The copies exist, but this browser cannot change the scanned folder. */
  | { kind: "read-only"; copies: number; bytes: number }
  | { kind: "permission-denied"; copies: number; bytes: number }
  | { kind: "moved"; moved: number; bytes: number; failed: number; undo(): Promise<{ restored: number; failed: number }> };

/**
 * The copies Auto Clean would move: exact duplicates that the keep-rules do not keep (never
 * a protected file), outside the trash.
 */
export function autoCleanCopies(
  index: StoredScanIndex,
  scope: AutoCleanScope = "all",
  policy: KeepPolicy = readKeepPolicy(),
): (ScanItem & { keepPath?: string })[] {
  if (index.summary.metadataOnly) return [];
  const decided = applyKeepPolicy(index.items, policy);
  const chosen = new Set(
    decided
      .filter((i) => i.duplicateGroup !== null && !i.isOriginal && !isInTrash(i.path) && (scope === "all" || i.category === "photo"))
      .map((i) => i.id),
  );
  const keptIn = new Map(decided.filter((i) => i.duplicateGroup !== null && i.isOriginal).map((i) => [i.duplicateGroup, i.path]));
  // The stored items themselves (not the decided copies): they go back into the index on undo.
  // Each names the copy that stays: the mover checks it is still there, and another file.
  return index.items
    .filter((i) => chosen.has(i.id))
    .map((i) => {
      const keepPath = keptIn.get(i.duplicateGroup);
      return keepPath === undefined ? i : { ...i, keepPath };
    });
}

const sumBytes = (items: readonly { size: number }[]) => items.reduce((n, i) => n + i.size, 0);

interface Options {
  scope?: AutoCleanScope;
  /** Signed-in user: the server's aggregate and the cleanup event. Null for visitors. */
  userId: number | null;
  /** Ask for write permission (only from a user's click: browsers require the gesture). */
  ask: boolean;
  now?: Date;
}

async function storeIndex(next: StoredScanIndex, userId: number | null): Promise<void> {
  await saveScanIndex(next.items, next.summary, next.duplicates, next.photoReport);
  if (userId !== null) {
    await saveScan(userId, next.summary, { snapshot: false }).catch((error: unknown) =>
      console.warn("Updating the scan summary failed", error),
    );
  }
}

/** Records the move (its real bytes) as one cleanup event; resolves to its id for the undo. */
async function recordMove(userId: number | null, moved: readonly MovedItem<ScanItem>[]): Promise<string | null> {
  if (userId === null || moved.length === 0) return null;
  const clientId = newClientId();
  try {
    const category = moved.every((m) => m.item.category === "photo") ? "photos" : "files";
    await postCleanupEvent({
      clientId,
      category,
      action: "auto-clean",
      items: moved.length,
      bytesFreed: sumBytes(moved.map((m) => m.item)),
    });
    return clientId;
  } catch (error) {
    console.warn("Recording the cleanup failed", error);
    return null;
  }
}

export async function runAutoClean({ scope = "all", userId, ask, now = new Date() }: Options): Promise<AutoCleanOutcome> {
  const index = await loadScanIndex();
  if (!index) return { kind: "no-scan" };
  if (index.summary.metadataOnly) return { kind: "metadata-only" };
  const copies = autoCleanCopies(index, scope);
  if (copies.length === 0) return { kind: "nothing" };
  const bytes = sumBytes(copies);
  const source = await detectFolderSource(index);
  if (source.kind !== "folder") return { kind: "read-only", copies: copies.length, bytes };
  if (!(await folderPermission(source.root, "readwrite", ask).catch(() => false)))
    return { kind: "permission-denied", copies: copies.length, bytes };

  const root = source.root;
  const { moved, failed } = await moveToTrash(root, copies, now);
  if (moved.length > 0) await storeIndex(removeFromIndex(index, new Set(moved.map((m) => m.item.id))), userId);
  const clientId = await recordMove(userId, moved);
  return {
    kind: "moved",
    moved: moved.length,
    bytes: sumBytes(moved.map((m) => m.item)),
    failed: failed.length,
    undo: async () => {
      const { restored, failed: stuck } = await restoreFromTrash(root, moved);
      const back = new Set(restored.map((r) => r.item.id));
      const stillOut = new Set(moved.filter((m) => !back.has(m.item.id)).map((m) => m.item.id));
      const times = new Map(restored.map((r) => [r.item.id, r.modified]));
      // The index as it was before the move, minus whatever could not be put back.
      await storeIndex(removeFromIndex(index, stillOut, times), userId);
      if (clientId) await retractCleanupEvent(clientId).catch((error: unknown) => console.warn("Retracting the cleanup failed", error));
      // What could not be put back is still in the trash: recorded as such.
      await recordMove(
        userId,
        moved.filter((m) => stillOut.has(m.item.id)),
      );
      return { restored: restored.length, failed: stuck.length };
    },
  };
}
