import { useEffect } from "react";
import { Button } from "../ui/button";
import type { UndoEntry } from "./batch-action";

/** Spec §4, §9: 'Action completed on N items' with Undo, for 10 s. */
export const UNDO_BANNER_MS = 10_000;

export function UndoBanner({
  entry,
  busy,
  onUndo,
  onExpire,
}: {
  entry: UndoEntry | null;
  busy: boolean;
  onUndo(): void;
  onExpire(): void;
}) {
  useEffect(() => {
    if (!entry) return;
    const timer = setTimeout(onExpire, UNDO_BANNER_MS);
    return () => clearTimeout(timer);
  }, [entry, onExpire]);
  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-0 bottom-24 z-40 flex justify-center px-4">
      {entry ? (
        <div className="pointer-events-auto flex w-full max-w-md items-center gap-3 rounded-xl border border-border bg-foreground p-3 text-background shadow-lg">
          <p className="flex-1 text-sm font-medium">
            Action completed on {entry.items} {entry.items === 1 ? "item" : "items"}
          </p>
          <Button size="sm" variant="secondary" disabled={busy} onClick={onUndo}>
            Undo
          </Button>
        </div>
      ) : null}
    </div>
  );
}
