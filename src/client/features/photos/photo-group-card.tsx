import { Columns2, Trash2 } from "lucide-react";
import { useId } from "react";
import { formatBytes, plural } from "../../../domain/format";
import { Button } from "../../components/ui/button";
import { decisionOf, type PhotoEntry, type PhotoGroup, type Proposal } from "./photo-groups";
import { PhotoTileGrid } from "./photo-tile";

interface Props {
  group: PhotoGroup;
  root: FileSystemDirectoryHandle | null;
  /** The folder can be changed: trash; otherwise the rest can only be marked reviewed. */
  canTrash: boolean;
  busy: boolean;
  choices: ReadonlyMap<number, Proposal>;
  onDecide(entry: PhotoEntry, d: Proposal): void;
  onCompare(group: PhotoGroup, entry: PhotoEntry): void;
  /** Acts on the photos marked for the trash: the move (after its confirmation), or a reviewed mark. */
  onAct(entries: PhotoEntry[]): void;
}

/**
 * One group, laid out for a decision (issue 37): the photo to keep and why, every member with
 * its keep/trash choice, and one primary action — keep the best (or the original) and trash
 * the rest — with Compare beside it.
 */
export function PhotoGroupCard({ group, root, canTrash, busy, choices, onDecide, onCompare, onAct }: Props) {
  const titleId = useId();
  const rest = group.entries.filter((e) => decisionOf(e, choices) === "trash");
  const bytes = group.entries.reduce((n, e) => n + e.item.size, 0);
  const noun = group.kind === "exact" ? "exact copy" : "similar photo";
  const kept = group.kind === "exact" ? "original" : "best";
  return (
    <section aria-labelledby={titleId} className="grid gap-3 rounded-2xl border border-border bg-card p-3 sm:p-4" data-testid="photo-group">
      <div className="grid gap-0.5">
        <h3 id={titleId} className="font-semibold">
          {plural(group.entries.length, noun, group.kind === "exact" ? "exact copies" : "similar photos")} · {formatBytes(bytes)}
        </h3>
        <p className="text-sm text-muted-foreground" data-testid="group-reason">
          Keep <strong className="break-all text-foreground">{group.keep.name}</strong>: {group.reason}.
        </p>
      </div>
      <PhotoTileGrid
        entries={group.entries}
        root={root}
        choices={choices}
        onOpen={(entry) => onCompare(group, entry)}
        onDecide={onDecide}
      />
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant={canTrash ? "primary" : "outline"} disabled={busy || rest.length === 0} onClick={() => onAct(rest)}>
          <Trash2 className="size-4" aria-hidden />
          {canTrash ? `Keep ${kept}, trash ${rest.length}` : `Keep ${kept}, mark ${rest.length} reviewed`}
        </Button>
        <Button size="sm" variant="outline" onClick={() => onCompare(group, group.entries[1] ?? group.entries[0]!)}>
          <Columns2 className="size-4" aria-hidden /> Compare
        </Button>
      </div>
    </section>
  );
}
