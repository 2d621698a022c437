import { Dialog } from "radix-ui";
import { useState } from "react";
import { Link } from "wouter";
import { formatBytes, formatCount } from "../../../../domain/format";
import { Button } from "../../../components/ui/button";
import { paths } from "../../../config/paths";
import { autoCleanCopies } from "../../../lib/file-actions/auto-clean";
import { useScanIndex } from "../../../lib/device-data/scan-index";

/**
 * Auto Clean: shows exactly what the safe automatic cleanup moves — exact,
 * content-verified copies only, never an original, never what is already in the trash — and
 * moves them to the CleanSpace trash on confirmation, with an Undo. "Review first" opens the
 * copies where they can be acted on: photo copies on Organize's Photos tab, others on Files.
 */
export function AutoCleanDialog({
  open,
  onOpenChange,
  onClean,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  onClean(): Promise<unknown>;
}) {
  const index = useScanIndex({ enabled: open });
  const [busy, setBusy] = useState(false);
  const data = index.data?.index;
  const copies = data ? autoCleanCopies(data) : [];
  const bytes = copies.reduce((n, i) => n + i.size, 0);
  const photoCopies = copies.filter((i) => i.category === "photo").length;
  // action=trash: the move with its confirmation, for every plan (spec §6: Auto Clean has no gate).
  const review = paths.organize(photoCopies > 0 ? "photos" : "files", { select: "duplicates", action: "trash" });
  const clean = async () => {
    setBusy(true);
    try {
      await onClean();
      onOpenChange(false);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 rounded-card border border-border bg-card p-6 shadow-xl">
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
                <p data-testid="auto-clean-summary">
                  Auto Clean will move <strong className="text-foreground">{formatCount(copies.length)} exact copies</strong> (
                  {formatBytes(bytes)}
                  {photoCopies > 0 ? `, ${formatCount(photoCopies)} of them photos` : ""}) to the CleanSpace trash. The original of every
                  file stays where it is, and you can undo.
                </p>
              )}
            </div>
          </Dialog.Description>
          <div className="mt-5 flex flex-wrap justify-end gap-2">
            <Dialog.Close asChild>
              <Button variant="outline">Cancel</Button>
            </Dialog.Close>
            {copies.length > 0 ? (
              <>
                <Button variant="outline" asChild>
                  <Link href={review}>Review first</Link>
                </Button>
                <Button onClick={() => void clean()} disabled={busy}>
                  {busy ? "Moving…" : "Move copies to trash"}
                </Button>
              </>
            ) : null}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
