import { useQuery } from "@tanstack/react-query";
import { Dialog } from "radix-ui";
import { useLocation } from "wouter";
import { formatCount, formatBytes } from "../../../../domain/format";
import { loadScanIndex } from "../../../../scan/index-store";
import { Button } from "../../../components/ui/button";
import { paths } from "../../../config/paths";

/**
 * Auto Clean (issue 6): shows exactly what the safe automatic cleanup would move — exact,
 * content-verified copies only, never an original — and applies it on confirmation in
 * Organize, where the move to the CleanSpace trash (with undo) happens.
 */
export function AutoCleanDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const [, navigate] = useLocation();
  const index = useQuery({ queryKey: ["dashboard", "local-index"], queryFn: loadScanIndex, enabled: open, staleTime: 0 });
  const data = index.data;
  const copies = data ? data.items.filter((i) => i.duplicateGroup !== null && !i.isOriginal) : [];
  const bytes = copies.reduce((n, i) => n + i.size, 0);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-border bg-card p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold">Auto Clean</Dialog.Title>
          <Dialog.Description asChild>
            <div className="mt-2 text-sm text-muted-foreground">
              {index.isLoading ? (
                <p>Looking at your last scan…</p>
              ) : !data ? (
                <p>Run a scan first: Auto Clean works on what your last scan found.</p>
              ) : data.summary.metadataOnly ? (
                <p>Your last scan was in quick mode (sizes only). Run a full scan so only true, content-verified copies are cleaned.</p>
              ) : copies.length === 0 ? (
                <p>Nothing to clean: your last scan found no duplicate copies.</p>
              ) : (
                <p>
                  Auto Clean will move <strong className="text-foreground">{formatCount(copies.length)} exact copies</strong> ({formatBytes(bytes)}) to the CleanSpace trash. The original of every file stays where it is, and you can undo.
                </p>
              )}
            </div>
          </Dialog.Description>
          <div className="mt-5 flex justify-end gap-2">
            <Dialog.Close asChild>
              <Button variant="outline">Cancel</Button>
            </Dialog.Close>
            {copies.length > 0 && data && !data.summary.metadataOnly ? (
              <Button onClick={() => navigate(paths.organize("files", { select: "duplicates", action: "trash" }))}>Review and clean</Button>
            ) : null}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
