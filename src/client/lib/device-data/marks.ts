/**
 * Reviewed and ignored marks, kept on this device in IndexedDB (Organize). They are what an
 * action does when the browser cannot change the files (a read-only pick, apps): the items
 * leave the list and come back when the marks are cleared (undo, or "Show them again").
 */
import { useQuery } from "@tanstack/react-query";
import { openDB, type DBSchema } from "idb";
import { queryKeys } from "../query-keys";

export type Mark = "reviewed" | "ignored";
export interface MarkRecord {
  mark: Mark;
  at: number;
}

interface MarksDb extends DBSchema {
  marks: { key: string; value: MarkRecord };
}

const DB_NAME = "cleanspace-organize";

async function open() {
  const db = await openDB<MarksDb>(DB_NAME, 1, { upgrade: (d) => void d.createObjectStore("marks") });
  db.addEventListener("versionchange", () => db.close());
  return db;
}

export async function loadMarks(): Promise<Map<string, MarkRecord>> {
  const db = await open();
  try {
    const tx = db.transaction("marks");
    const [keys, values] = await Promise.all([tx.store.getAllKeys(), tx.store.getAll(), tx.done]);
    return new Map(keys.map((k, i) => [k, values[i]!]));
  } finally {
    db.close();
  }
}

export async function setMarks(keys: readonly string[], mark: Mark, at = Date.now()): Promise<void> {
  const db = await open();
  try {
    const tx = db.transaction("marks", "readwrite");
    await Promise.all([...keys.map((k) => tx.store.put({ mark, at }, k)), tx.done]);
  } finally {
    db.close();
  }
}

export async function clearMarks(keys?: readonly string[]): Promise<void> {
  const db = await open();
  try {
    const tx = db.transaction("marks", "readwrite");
    await Promise.all([...(keys ? keys.map((k) => tx.store.delete(k)) : [tx.store.clear()]), tx.done]);
  } finally {
    db.close();
  }
}

export const marksQueryKey = queryKeys.device.marks;

/** The marks as one query, for every list that hides marked items. */
export function useMarks() {
  return useQuery({ queryKey: marksQueryKey, queryFn: loadMarks, staleTime: 0, networkMode: "always" });
}
