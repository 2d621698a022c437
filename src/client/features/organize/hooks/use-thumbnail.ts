/**
 * A thumbnail made on this device: the File read through the folder handle, shown through an
 * object URL that is revoked as soon as the row or preview goes away. Nothing is uploaded.
 */
import { useEffect, useState } from "react";
import { readFileAt } from "../../../lib/file-actions/handles";
import { canThumbnail, type OrganizeItem } from "../organize-item";

export function useThumbnail(root: FileSystemDirectoryHandle | null, item: OrganizeItem): string | null {
  const [url, setUrl] = useState<{ key: string; url: string } | null>(null);
  const wanted = root !== null && item.kind === "photo" && canThumbnail(item);
  useEffect(() => {
    if (!wanted || !root) return;
    let objectUrl: string | null = null;
    let cancelled = false;
    void readFileAt(root, item.path).then((file) => {
      if (cancelled || !file) return;
      objectUrl = URL.createObjectURL(file);
      setUrl({ key: item.key, url: objectUrl });
    });
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [root, item.key, item.path, wanted]);
  return url && url.key === item.key ? url.url : null;
}
