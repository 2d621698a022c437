/** Where the latest scan came from (lib/file-actions/folder-source.ts): one query key and one reader. */
import { useQuery } from "@tanstack/react-query";
import type { StoredScanIndex } from "../../../scan/index-store";
import { detectFolderSource } from "../file-actions/folder-source";
import { queryKeys } from "../query-keys";

/**
 * Keyed by the scan alone, and never refetched for it: where a scan came from does not change
 * when its files move to the trash. A key that changed with each move would unmount the list
 * (and its undo banner) on every move, and an emptied folder would look read-only, so nothing
 * could be put back.
 */
const folderSourceQueryKey = (index: StoredScanIndex | null | undefined) => queryKeys.device.folder(index?.scannedAt ?? null);

export function useFolderSource(index: StoredScanIndex | null | undefined) {
  return useQuery({
    queryKey: folderSourceQueryKey(index),
    queryFn: () => detectFolderSource(index ?? null),
    enabled: index !== undefined,
    staleTime: Infinity,
    networkMode: "always",
  });
}
