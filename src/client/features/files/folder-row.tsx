import { ChevronDown, ChevronRight, Folder } from "lucide-react";
import type { FolderGroup } from "../../../domain/list-view";
import { formatBytes, plural } from "../../../domain/format";

/** A folder's header in the grouped list: its name, how many items and how much they weigh; opens and closes the folder. */
export function FolderRow<T>({ group, open, noun, onToggle }: { group: FolderGroup<T>; open: boolean; noun: string; onToggle(): void }) {
  const Chevron = open ? ChevronDown : ChevronRight;
  return (
    <button
      type="button"
      aria-expanded={open}
      onClick={onToggle}
      data-testid="folder-header"
      className="flex h-full w-full items-center gap-2 border-b border-border bg-muted/60 px-3 text-left text-sm hover:bg-muted"
    >
      <Chevron className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      <Folder className="size-4 shrink-0 text-accent" aria-hidden />
      <span className="min-w-0 flex-1 truncate font-medium">{group.folder || "Top folder"}</span>
      <span className="shrink-0 text-muted-foreground">
        {plural(group.count, noun)} · {formatBytes(group.bytes)}
      </span>
    </button>
  );
}
