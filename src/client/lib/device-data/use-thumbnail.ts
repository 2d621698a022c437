/**
 * A thumbnail made on this device: the File read through the folder handle, or — where the
 * folder came through the folder input and there is no handle — the small thumbnail the scan
 * made while it analysed the photo (scan/photos/thumbnail-store-idb.ts), shown through an
 * object URL that is revoked as soon as the row or preview goes away. Nothing is uploaded.
 */
import { useEffect, useState } from "react";
import { readThumbnail } from "../../../scan/photos/thumbnail-store-idb";
import { readFileAt } from "../file-actions/handles";
import { canThumbnail, type OrganizeItem } from "./organize-item";

export function useThumbnail(root: FileSystemDirectoryHandle | null, item: OrganizeItem): string | null {
  const [url, setUrl] = useState<{ key: string; url: string } | null>(null);
  const wanted = item.kind === "photo" && item.size > 0;
  // The browser shows these formats from the file itself; a HEIC only through the scan's thumbnail.
  const fromFile = root !== null && canThumbnail(item);
  useEffect(() => {
    if (!wanted) return;
    let objectUrl: string | null = null;
    let cancelled = false;
    const read = async (): Promise<Blob | null> =>
      (fromFile && root ? await readFileAt(root, item.path) : null) ?? (await readThumbnail(item.path));
    void read().then((blob) => {
      if (cancelled || !blob) return;
      objectUrl = URL.createObjectURL(blob);
      setUrl({ key: item.key, url: objectUrl });
    });
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [root, item.key, item.path, wanted, fromFile]);
  return url && url.key === item.key ? url.url : null;
}
