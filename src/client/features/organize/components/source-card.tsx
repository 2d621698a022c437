import { FileDown, FolderLock, FolderOpen, RefreshCw, Trash2 } from "lucide-react";
import { Link } from "wouter";
import { plural } from "../../../../domain/format";
import { Button } from "../../../components/ui/button";
import { paths } from "../../../config/paths";
import type { FolderSource } from "../../../lib/file-actions/folder-source";

interface Props {
  source: FolderSource;
  scannedAt: string;
  hiddenCount: number;
  scanning: boolean;
  onRescan(): void;
  onOpenTrash(): void;
  onShowHidden(): void;
  /** Opens "Export cleanup plan"; absent where there is nothing to plan (apps). */
  onExportPlan?: () => void;
}

/** Says plainly what Organize can do with these files, and where they came from. */
export function SourceCard({ source, scannedAt, hiddenCount, scanning, onRescan, onOpenTrash, onShowHidden, onExportPlan }: Props) {
  const exportButton = onExportPlan ? (
    <Button size="sm" variant="outline" onClick={onExportPlan}>
      <FileDown className="size-4" aria-hidden /> Export cleanup plan
    </Button>
  ) : null;
  const when = new Date(scannedAt).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });
  return (
    <section aria-label="Scanned folder" className="grid gap-2 rounded-2xl border border-border bg-card p-4 text-sm">
      {source.kind === "folder" ? (
        <>
          <p className="flex items-start gap-2">
            <FolderOpen className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden />
            <span>
              Folder <strong>{source.name}</strong>, scanned {when}. Files you clean up move to the CleanSpace trash inside this folder, and
              you can put them back.
            </span>
          </p>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="outline" disabled={scanning} onClick={onRescan}>
              <RefreshCw className="size-4" aria-hidden /> {scanning ? "Scanning..." : "Scan this folder again"}
            </Button>
            <Button size="sm" variant="outline" onClick={onOpenTrash}>
              <Trash2 className="size-4" aria-hidden /> Open trash
            </Button>
            {exportButton}
          </div>
        </>
      ) : (
        <div className="grid gap-1">
          <p className="flex items-start gap-2" data-testid="read-only-note">
            <FolderLock className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden />
            <span>
              Scanned {when}. This browser can read these files but cannot change them: actions here mark items reviewed or ignored on this
              device.
            </span>
          </p>
          {/* The other ways out, one tap away rather than a paragraph to read before the list. */}
          <details className="pl-6 text-muted-foreground">
            <summary className="cursor-pointer font-medium text-accent">Other ways to clean them up</summary>
            <p className="mt-1">
              Use “Download list” to act on them yourself,{" "}
              <Link href={paths.home} className="font-medium text-accent underline">
                scan a folder
              </Link>{" "}
              in a browser that lets CleanSpace move files, or export a cleanup plan and let the CleanSpace command line carry it out on
              your computer.
            </p>
          </details>
        </div>
      )}
      {source.kind !== "folder" && exportButton ? <div className="flex flex-wrap gap-2">{exportButton}</div> : null}
      {hiddenCount > 0 ? (
        <p className="text-muted-foreground">
          {plural(hiddenCount, "item")} marked reviewed or ignored {hiddenCount === 1 ? "is" : "are"} hidden.{" "}
          <button type="button" className="font-medium text-accent underline" onClick={onShowHidden}>
            Show them again
          </button>
        </p>
      ) : null}
    </section>
  );
}
