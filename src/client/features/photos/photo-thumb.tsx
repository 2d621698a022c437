import { Image } from "lucide-react";
import { cn } from "../../lib/cn";
import { useThumbnail } from "../../lib/device-data/use-thumbnail";
import type { OrganizeItem } from "../../lib/device-data/organize-item";

/**
 * A photo made visible on this device: an object URL of the file itself (hooks/use-thumbnail),
 * never uploaded, revoked when it goes; an icon where the browser cannot read the folder.
 */
export function PhotoThumb({
  item,
  root,
  fit = "cover",
  className,
}: {
  item: OrganizeItem;
  root: FileSystemDirectoryHandle | null;
  fit?: "cover" | "contain";
  className?: string;
}) {
  const url = useThumbnail(root, item);
  if (url)
    return (
      <img
        src={url}
        alt=""
        loading="lazy"
        decoding="async"
        className={cn("size-full", fit === "cover" ? "object-cover" : "object-contain", className)}
      />
    );
  return (
    <span className={cn("flex size-full items-center justify-center", className)}>
      <Image className="size-8 text-accent" aria-hidden />
    </span>
  );
}
