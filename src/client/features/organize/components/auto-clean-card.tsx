import { Wand2 } from "lucide-react";
import { formatBytes, plural } from "../../../../domain/format";
import { Button } from "../../../components/ui/button";
import type { FolderSource } from "../../../lib/file-actions/folder-source";
import type { OrganizeItem } from "../../../lib/device-data/organize-item";

interface Props {
  source: FolderSource;
  copies: OrganizeItem[];
  metadataOnly: boolean;
  onMove(items: OrganizeItem[]): void;
}

/** The free path of Auto Clean (spec §6, no gate): move the exact copies, keep every original. */
export function AutoCleanCard({ source, copies, metadataOnly, onMove }: Props) {
  const bytes = copies.reduce((n, i) => n + i.size, 0);
  return (
    <section aria-labelledby="auto-clean-title" className="grid gap-3 rounded-2xl border border-border bg-card p-5">
      <h2 id="auto-clean-title" className="flex items-center gap-2 text-lg font-semibold">
        <Wand2 className="size-5 text-accent" aria-hidden /> Auto Clean
      </h2>
      {metadataOnly ? (
        <p className="text-sm">Your last scan compared sizes only. Run a full scan so only true, content-verified copies are cleaned.</p>
      ) : copies.length === 0 ? (
        <p className="text-sm">Nothing to clean here: your last scan found no duplicate copies.</p>
      ) : source.kind !== "folder" ? (
        <p className="text-sm">
          Your last scan found {plural(copies.length, "copy", "copies")} ({formatBytes(bytes)}), but this browser cannot change those files.
          Scan a folder with a browser that lets CleanSpace move files.
        </p>
      ) : (
        <>
          <p className="text-sm">
            {plural(copies.length, "exact copy", "exact copies")} ({formatBytes(bytes)}) can move to the CleanSpace trash in “{source.name}
            ”. The original of every file stays where it is.
          </p>
          <Button className="justify-self-start" onClick={() => onMove(copies)}>
            Move to CleanSpace Trash
          </Button>
        </>
      )}
    </section>
  );
}
