/**
 * What a cleanup event did to the device (decision 012). Files first go to the
 * CleanSpace trash: their bytes are "in the trash, reclaimable" (undoable), not freed. They
 * are "freed" only when deleted for good from the trash. Each byte is counted once, with
 * the real size the device measured; the spec's estimate (§9 "Storage freed =
 * itemsProcessed x 2.5 MB") applies only to an action that freed space without a byte count.
 * A review or an ignore changes nothing on the device: it is not a cleanup.
 */
import { addCapped } from "./limits";

/** Spec §9: 2.5 MB per processed item (decimal MB, like formatBytes) — only when no bytes are known. */
export const ESTIMATED_BYTES_PER_ITEM = 2_500_000;

/** Move files into the CleanSpace trash: the bytes become reclaimable. */
export const TRASHING_ACTIONS: ReadonlySet<string> = new Set(["trash", "auto-clean"]);
/** Files taken back out of the trash (not an undo, which retracts the move itself). */
export const RESTORING_ACTIONS: ReadonlySet<string> = new Set(["restore"]);
/** Deleted for good from the trash: the bytes leave "reclaimable" and are freed. */
export const DELETING_ACTIONS: ReadonlySet<string> = new Set(["delete"]);
/** Actions that freed space directly; without a byte count the spec's estimate stands in. */
export const ESTIMATED_ACTIONS: ReadonlySet<string> = new Set(["quick-action", "recommendation", "suggestion"]);

/**
 * Actions that change the device and so move today's goal and the streak (spec §4 "Goal":
 * one per quick action). Restoring is not a second cleanup; reviewing and ignoring are none.
 */
export const GOAL_ACTIONS: readonly string[] = ["trash", "delete", "auto-clean", "quick-action", "recommendation", "suggestion"];
const GOAL_SET: ReadonlySet<string> = new Set(GOAL_ACTIONS);

export const countsTowardGoal = (action: string): boolean => GOAL_SET.has(action);

export interface LedgerEvent {
  action: string;
  items: number;
  /** Bytes the action moved: into the trash, out of it, or off the device. */
  bytesFreed: number;
  /** Events this one sums (same action and day; 1 when absent). Effects are linear in items and bytes. */
  count?: number;
}

export interface EventEffect {
  /** Change of what sits in the trash (negative: out of it). */
  reclaimable: number;
  /** Bytes freed for good, as measured. */
  freed: number;
  /** The spec's estimate, for a freeing action without a byte count. */
  estimated: number;
  estimatedItems: number;
  /** Items gone from the device for good. */
  itemsDeleted: number;
  /** Items of an action that counts as a cleanup. */
  itemsProcessed: number;
}

const NONE: EventEffect = { reclaimable: 0, freed: 0, estimated: 0, estimatedItems: 0, itemsDeleted: 0, itemsProcessed: 0 };

export function effectOf(e: LedgerEvent): EventEffect {
  const processed = countsTowardGoal(e.action) ? e.items : 0;
  if (TRASHING_ACTIONS.has(e.action)) return { ...NONE, reclaimable: e.bytesFreed, itemsProcessed: processed };
  if (RESTORING_ACTIONS.has(e.action)) return { ...NONE, reclaimable: -e.bytesFreed };
  // The items were counted as processed when they went to the trash: deleting them for good
  // is the same items' second step, never a second count (106 files are 106 items, not 212).
  if (DELETING_ACTIONS.has(e.action)) return { ...NONE, reclaimable: -e.bytesFreed, freed: e.bytesFreed, itemsDeleted: e.items };
  if (ESTIMATED_ACTIONS.has(e.action)) {
    return e.bytesFreed > 0
      ? { ...NONE, freed: e.bytesFreed, itemsDeleted: e.items, itemsProcessed: processed }
      : {
          ...NONE,
          estimated: e.items * ESTIMATED_BYTES_PER_ITEM,
          estimatedItems: e.items,
          itemsDeleted: e.items,
          itemsProcessed: processed,
        };
  }
  return NONE;
}

export interface CleanupTotals {
  /** Bytes in the CleanSpace trash, reclaimable (moved there and not restored or deleted). */
  reclaimableBytes: number;
  /** Measured bytes freed for good, all time. */
  bytesFreed: number;
  /** Spec estimate for freeing actions without measured bytes. */
  estimatedBytesFreed: number;
  /** Items behind that estimate. */
  estimatedItems: number;
  /** Items gone from the device for good. */
  itemsDeleted: number;
  /** Items of every cleanup (trash, delete, quick actions); reviews are none. */
  itemsProcessed: number;
  /** Cleanup actions (those that count toward the goal). */
  actions: number;
}

export function cleanupTotals(events: readonly LedgerEvent[]): CleanupTotals {
  const t: CleanupTotals = {
    reclaimableBytes: 0,
    bytesFreed: 0,
    estimatedBytesFreed: 0,
    estimatedItems: 0,
    itemsDeleted: 0,
    itemsProcessed: 0,
    actions: 0,
  };
  // Held at MAX_SAFE_INTEGER: a total past it would fail the response check.
  for (const e of events) {
    const f = effectOf(e);
    t.reclaimableBytes = addCapped(t.reclaimableBytes, f.reclaimable);
    t.bytesFreed = addCapped(t.bytesFreed, f.freed);
    t.estimatedBytesFreed = addCapped(t.estimatedBytesFreed, f.estimated);
    t.estimatedItems = addCapped(t.estimatedItems, f.estimatedItems);
    t.itemsDeleted = addCapped(t.itemsDeleted, f.itemsDeleted);
    t.itemsProcessed = addCapped(t.itemsProcessed, f.itemsProcessed);
    if (countsTowardGoal(e.action)) t.actions += e.count ?? 1;
  }
  // Files emptied from the trash outside CleanSpace leave no event: never show less than nothing.
  t.reclaimableBytes = Math.max(0, t.reclaimableBytes);
  return t;
}
