import { AppWindow, Archive, File, FileText, Film, Image, Music, type LucideIcon } from "lucide-react";
import { formatBytes } from "../../../domain/format";
import { cn } from "../../lib/cn";
import { useThumbnail } from "../../lib/device-data/use-thumbnail";
import type { OrganizeItem } from "../../lib/device-data/organize-item";

const ICONS: Record<string, LucideIcon> = {
  photo: Image,
  video: Film,
  audio: Music,
  document: FileText,
  archive: Archive,
  application: AppWindow,
};

/** A local thumbnail for decodable photos, else the category's icon. */
export function ItemVisual({
  item,
  root,
  size = "sm",
}: {
  item: OrganizeItem;
  root: FileSystemDirectoryHandle | null;
  size?: "sm" | "lg";
}) {
  const url = useThumbnail(root, item);
  const Icon = ICONS[item.category] ?? File;
  const box = size === "sm" ? "size-10" : "h-48 w-full";
  if (url)
    return (
      <img
        src={url}
        alt=""
        className={cn(box, "shrink-0 rounded-lg object-cover", size === "lg" && "object-contain bg-muted")}
        decoding="async"
      />
    );
  return (
    <span className={cn(box, "flex shrink-0 items-center justify-center rounded-lg bg-muted")}>
      <Icon className={size === "sm" ? "size-5 text-accent" : "size-12 text-accent"} aria-hidden />
    </span>
  );
}

// One formatter for every row: toLocaleDateString builds a new one per call, which shows when
// a 100,000-item list scrolls a screenful of fresh rows in each frame.
const DAY = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric" });

export function formatDay(ms: number): string {
  return ms > 0 ? DAY.format(ms) : "never";
}

export function folderOf(path: string): string {
  const slash = path.lastIndexOf("/");
  return slash > 0 ? path.slice(0, slash) : "";
}

export function itemMeta(item: OrganizeItem): string {
  if (item.kind === "app") return `${item.type === "browser" ? "Browser" : "System"} · last used ${formatDay(item.modified)}`;
  return [formatBytes(item.size), formatDay(item.modified), folderOf(item.path)].filter(Boolean).join(" · ");
}

const BADGE = "rounded-full px-2 py-0.5 text-xs font-medium";

export function ItemBadges({ item }: { item: OrganizeItem }) {
  const badges: { label: string; tone: string }[] = [];
  if (item.duplicateGroup !== null) {
    if (item.keepAction === "leave") badges.push({ label: "Protected", tone: "bg-green-600/15 text-green-800 dark:text-green-200" });
    else if (item.isOriginal) badges.push({ label: "Original", tone: "bg-green-600/15 text-green-800 dark:text-green-200" });
    else
      badges.push({
        label: item.possibleDuplicate ? "Possible duplicate" : "Duplicate",
        tone: "bg-amber-500/20 text-amber-900 dark:text-amber-200",
      });
  }
  if (item.isLarge) badges.push({ label: "Large", tone: "bg-muted text-foreground" });
  if (item.isOld) badges.push({ label: "Old", tone: "bg-muted text-foreground" });
  if (item.isUnused) badges.push({ label: "Unused", tone: "bg-muted text-foreground" });
  if (badges.length === 0) return null;
  return (
    <span className="hidden shrink-0 gap-1 sm:flex">
      {badges.map((b) => (
        <span key={b.label} className={cn(BADGE, b.tone)}>
          {b.label}
        </span>
      ))}
    </span>
  );
}
