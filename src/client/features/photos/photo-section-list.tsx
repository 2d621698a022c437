import { Trash2 } from "lucide-react";
import { useId } from "react";
import { formatBytes, plural } from "../../../domain/format";
import { Button } from "../../components/ui/button";
import { decisionOf, type PhotoEntry, type PhotoSection, type Proposal } from "./photo-groups";
import { PhotoTileGrid } from "./photo-tile";

interface Props {
  section: PhotoSection;
  root: FileSystemDirectoryHandle | null;
  canTrash: boolean;
  busy: boolean;
  choices: ReadonlyMap<number, Proposal>;
  /** How many tiles to show (the rest behind "Show more"). */
  limit: number;
  onShowMore(): void;
  onDecide(entry: PhotoEntry, d: Proposal): void;
  onOpen(section: PhotoSection, entry: PhotoEntry): void;
  onAct(entries: PhotoEntry[]): void;
}

/** A list of photos (blurry ones, old or recent screenshots) with keep/trash per photo and one action for the marked ones. */
export function PhotoSectionList({ section, root, canTrash, busy, choices, limit, onShowMore, onDecide, onOpen, onAct }: Props) {
  const titleId = useId();
  const marked = section.entries.filter((e) => decisionOf(e, choices) === "trash");
  const bytes = section.entries.reduce((n, e) => n + e.item.size, 0);
  return (
    <section
      aria-labelledby={titleId}
      className="grid gap-3 rounded-2xl border border-border bg-card p-3 sm:p-4"
      data-testid="photo-section"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={titleId} className="font-semibold">
          {section.title}
          <span className="font-normal text-muted-foreground">
            {" "}
            · {plural(section.entries.length, "photo")} · {formatBytes(bytes)}
          </span>
        </h3>
        <Button size="sm" variant={canTrash ? "primary" : "outline"} disabled={busy || marked.length === 0} onClick={() => onAct(marked)}>
          <Trash2 className="size-4" aria-hidden />
          {canTrash ? `Trash marked photos (${marked.length})` : `Mark as reviewed (${marked.length})`}
        </Button>
      </div>
      <PhotoTileGrid
        entries={section.entries}
        limit={limit}
        root={root}
        choices={choices}
        onOpen={(entry) => onOpen(section, entry)}
        onDecide={onDecide}
      />
      {section.entries.length > limit ? (
        <Button size="sm" variant="outline" className="justify-self-start" onClick={onShowMore}>
          Show {plural(Math.min(section.entries.length - limit, limit), "more photo")}
        </Button>
      ) : null}
    </section>
  );
}
