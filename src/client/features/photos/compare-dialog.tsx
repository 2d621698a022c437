/**
 * Side by side (issue 19): the photo proposed to keep beside another of its group, large,
 * with what tells them apart — pixel size, file size, sharpness, date, folder — and the
 * keep/trash choice for each. Previous/Next (or the arrow keys) walk the rest of the group.
 * Lists without a best shot (blurry photos, screenshots) show one photo at a time.
 */
import { ChevronLeft, ChevronRight, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { formatBytes } from "../../../domain/format";
import { Button } from "../../components/ui/button";
import { folderOf, formatDay } from "../../components/lists/item-visual";
import { decisionOf, labelsOf, type PhotoEntry, type Proposal } from "./photo-groups";
import { PhotoThumb } from "./photo-thumb";
import { dimensionsOf, KeepTrashChoice } from "./photo-tile";

export interface CompareState {
  title: string;
  /** The photo proposed to keep, shown on the left; null for a plain list. */
  anchor: PhotoEntry | null;
  /** The photos walked through on the right. */
  others: PhotoEntry[];
  at: number;
}

interface Props {
  state: CompareState | null;
  root: FileSystemDirectoryHandle | null;
  canChoose: boolean;
  choices: ReadonlyMap<number, Proposal>;
  onDecide(entry: PhotoEntry, d: Proposal): void;
  onMove(at: number): void;
  onClose(): void;
}

function Pane({
  entry,
  name,
  label,
  root,
  canChoose,
  decision,
  onDecide,
}: {
  entry: PhotoEntry;
  /** The name, or the path where the name is not unique in the group. */
  name: string;
  label: string;
  root: FileSystemDirectoryHandle | null;
  canChoose: boolean;
  decision: Proposal;
  onDecide(d: Proposal): void;
}) {
  const { item } = entry;
  const sharpness = item.photo ? Math.round(item.photo.sharpness).toLocaleString("en-US") : "unknown";
  return (
    <figure className="grid min-w-0 content-start gap-2" aria-label={`${label}: ${name}`}>
      <div className="h-[32dvh] overflow-hidden rounded-lg bg-muted sm:h-[48dvh]">
        <PhotoThumb item={item} root={root} fit="contain" />
      </div>
      <figcaption className="grid gap-1 text-xs">
        <p className="flex flex-wrap items-center gap-1 font-medium">
          <span className="min-w-0 break-all">{item.name}</span>
          {entry.badge ? <span className="rounded-full bg-muted px-2 py-0.5">{entry.badge}</span> : null}
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-muted-foreground">
          <dt>Pixels</dt>
          <dd>{dimensionsOf(item)}</dd>
          <dt>Size</dt>
          <dd>{formatBytes(item.size)}</dd>
          <dt>Sharpness</dt>
          <dd>{sharpness}</dd>
          <dt>Modified</dt>
          <dd>{formatDay(item.modified)}</dd>
          <dt>Folder</dt>
          <dd className="break-all">{folderOf(item.path) || "(top of the folder)"}</dd>
        </dl>
        {canChoose ? <KeepTrashChoice name={name} decision={decision} onDecide={onDecide} /> : null}
      </figcaption>
    </figure>
  );
}

export function CompareDialog({ state, root, canChoose, choices, onDecide, onMove, onClose }: Props) {
  const current = state ? state.others[state.at] : undefined;
  const names = labelsOf(state ? [...(state.anchor ? [state.anchor] : []), ...state.others] : []);
  const nameOf = (e: PhotoEntry) => names.get(e.item.id) ?? e.item.name;
  const count = state?.others.length ?? 0;
  const move = (step: number) => state && count > 1 && onMove((state.at + step + count) % count);
  return (
    <Dialog.Root open={state !== null && current !== undefined} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <Dialog.Content
          className="fixed left-1/2 top-1/2 z-50 grid max-h-[94dvh] w-[min(96vw,60rem)] -translate-x-1/2 -translate-y-1/2 gap-3 overflow-y-auto rounded-2xl border border-border bg-card p-3 shadow-xl sm:p-5"
          onKeyDown={(e) => {
            if (e.key === "ArrowRight") move(1);
            else if (e.key === "ArrowLeft") move(-1);
          }}
        >
          {state && current ? (
            <>
              <div className="flex items-start gap-2">
                <div className="min-w-0 flex-1">
                  <Dialog.Title className="text-lg font-semibold">{state.title}</Dialog.Title>
                  <Dialog.Description className="text-sm text-muted-foreground">
                    {state.anchor ? "The photo proposed to keep, beside another of its group." : "One photo at a time."}
                    {count > 1 ? ` ${state.at + 1} of ${count}; the arrow keys go to the next.` : ""}
                  </Dialog.Description>
                </div>
                <Dialog.Close aria-label="Close comparison" className="rounded-md p-1 hover:bg-muted">
                  <X className="size-4" aria-hidden />
                </Dialog.Close>
              </div>
              <div className={state.anchor ? "grid grid-cols-2 gap-2 sm:gap-4" : "grid"}>
                {state.anchor ? (
                  <Pane
                    entry={state.anchor}
                    name={nameOf(state.anchor)}
                    label="Proposed to keep"
                    root={root}
                    canChoose={canChoose}
                    decision={decisionOf(state.anchor, choices)}
                    onDecide={(d) => onDecide(state.anchor!, d)}
                  />
                ) : null}
                <Pane
                  key={current.item.id}
                  entry={current}
                  name={nameOf(current)}
                  label={state.anchor ? "Compared with" : "Photo"}
                  root={root}
                  canChoose={canChoose}
                  decision={decisionOf(current, choices)}
                  onDecide={(d) => onDecide(current, d)}
                />
              </div>
              <div className="flex flex-wrap items-center justify-between gap-2">
                {count > 1 ? (
                  <div className="flex gap-2">
                    <Button size="sm" variant="outline" onClick={() => move(-1)}>
                      <ChevronLeft className="size-4" aria-hidden /> Previous
                    </Button>
                    <Button size="sm" variant="outline" onClick={() => move(1)}>
                      Next <ChevronRight className="size-4" aria-hidden />
                    </Button>
                  </div>
                ) : (
                  <span />
                )}
                <Dialog.Close asChild>
                  <Button size="sm">Done</Button>
                </Dialog.Close>
              </div>
            </>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
