import type { Mark } from "../../lib/device-data/marks";

/** What a list's batch bar, preview and photo views can do to items: move them, or mark them. */
export type BatchAction = "trash" | Mark;

/** Spec §3 "Undo history entry: action, items, timestamp" — plus how to undo it. */
export interface UndoEntry {
  action: BatchAction;
  items: number;
  timestamp: number;
  undo(): Promise<void>;
}
