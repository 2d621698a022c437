import { Check, Star, Trash2 } from "lucide-react";
import { formatBytes } from "../../../domain/format";
import { cn } from "../../lib/cn";
import { folderOf } from "../../components/lists/item-visual";
import { decisionOf, labelsOf, type PhotoEntry, type Proposal } from "./photo-groups";
import { PhotoThumb } from "./photo-thumb";

export const dimensionsOf = (item: { width?: number; height?: number }) =>
  item.width && item.height ? `${item.width} × ${item.height}` : "size unknown";

/**
 * Keep or trash one photo: two pressed-state buttons, each named for the photo, so a screen
 * reader hears "Keep IMG_0001.jpg, pressed" (a label: some name computations drop the space
 * before a visually hidden part). A calm segmented control in the neutral tokens, the same
 * look for either choice: the icon and the word say which, and no tile is painted as an alarm
 * (issue 38); the group's one primary action is what acts.
 */
export function KeepTrashChoice({ name, decision, onDecide }: { name: string; decision: Proposal; onDecide(d: Proposal): void }) {
  const option = (value: Proposal, label: string, Icon: typeof Check) => (
    <button
      type="button"
      aria-pressed={decision === value}
      aria-label={`${label} ${name}`}
      onClick={() => onDecide(value)}
      className={cn(
        "inline-flex h-8 flex-1 items-center justify-center gap-1 rounded-control text-xs font-medium",
        decision === value ? "bg-card text-foreground shadow-sm ring-1 ring-border" : "text-muted-foreground hover:text-foreground",
      )}
    >
      <Icon className="size-3.5" aria-hidden />
      {label}
    </button>
  );
  return (
    <div className="flex gap-1 rounded-panel bg-muted p-0.5" data-testid="keep-trash-choice">
      {option("keep", "Keep", Check)}
      {option("trash", "Trash", Trash2)}
    </div>
  );
}

/** One photo of a view: its thumbnail (opens the comparison), name, size, badge and the keep/trash choice. */
export function PhotoTile({
  entry,
  label,
  decision,
  root,
  canChoose,
  onOpen,
  onDecide,
}: {
  entry: PhotoEntry;
  /** The name, or the path where the name is not unique here. */
  label: string;
  decision: Proposal;
  root: FileSystemDirectoryHandle | null;
  canChoose: boolean;
  onOpen(): void;
  onDecide(d: Proposal): void;
}) {
  const { item, badge, keeper } = entry;
  return (
    // Neutral borders: the proposed keeper alone is marked, by its frame and its badge.
    <div
      className={cn("grid gap-1.5 rounded-panel border bg-card p-1.5", keeper ? "border-brand ring-1 ring-brand" : "border-border")}
      data-testid="photo-tile"
      data-decision={decision}
      data-keeper={keeper || undefined}
    >
      <button
        type="button"
        onClick={onOpen}
        className="relative block aspect-square overflow-hidden rounded-control bg-muted"
        aria-label={`Compare ${label}`}
      >
        <PhotoThumb item={item} root={root} className={decision === "trash" && canChoose ? "opacity-70" : undefined} />
        {badge ? (
          <span
            className={cn(
              "absolute left-1 top-1 inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-[0.7rem] font-medium",
              keeper ? "bg-brand text-white" : "border border-border bg-card text-foreground",
            )}
            data-testid={keeper ? "keeper-badge" : "photo-badge"}
          >
            {keeper ? <Star className="size-3 fill-current" aria-hidden /> : null}
            {badge}
          </span>
        ) : null}
      </button>
      <div className="min-w-0 px-0.5">
        <p className="truncate text-xs font-medium" title={item.path}>
          {item.name}
        </p>
        <p className="truncate text-[0.7rem] text-muted-foreground">
          {dimensionsOf(item)} · {formatBytes(item.size)}
        </p>
        <p className="truncate text-[0.7rem] text-muted-foreground" title={item.path}>
          {folderOf(item.path) || "(top of the folder)"}
        </p>
      </div>
      {canChoose ? <KeepTrashChoice name={label} decision={decision} onDecide={onDecide} /> : null}
    </div>
  );
}

/**
 * A group's or section's photos as a grid of tiles, each with its keep/trash choice; the first
 * `limit` of them when given. Labels tell apart photos that share a name (labelsOf) across every
 * entry, shown or not, so a label does not change when more are shown.
 */
export function PhotoTileGrid({
  entries,
  limit = entries.length,
  root,
  choices,
  onOpen,
  onDecide,
}: {
  entries: readonly PhotoEntry[];
  limit?: number;
  root: FileSystemDirectoryHandle | null;
  choices: ReadonlyMap<number, Proposal>;
  onOpen(entry: PhotoEntry): void;
  onDecide(entry: PhotoEntry, d: Proposal): void;
}) {
  const labels = labelsOf(entries);
  return (
    <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 md:grid-cols-4">
      {entries.slice(0, limit).map((entry) => (
        <li key={entry.item.id}>
          <PhotoTile
            entry={entry}
            label={labels.get(entry.item.id) ?? entry.item.name}
            decision={decisionOf(entry, choices)}
            root={root}
            canChoose
            onOpen={() => onOpen(entry)}
            onDecide={(d) => onDecide(entry, d)}
          />
        </li>
      ))}
    </ul>
  );
}
