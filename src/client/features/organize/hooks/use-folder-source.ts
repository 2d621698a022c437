/** Organize's view of where the latest scan came from (lib/file-actions/folder-source.ts). */
import { useQuery } from "@tanstack/react-query";
import type { StoredScanIndex } from "../../../../scan/index-store";
import { detectFolderSource } from "../../../lib/file-actions/folder-source";
import { queryKeys } from "../../../lib/query-keys";

/**
 * Keyed by the scan alone, and never refetched for it: where a scan came from does not change
 * when its files move to the trash. (Keyed on the item count, every move made a new key, the
 * workspace fell back to "Loading" and unmounted — taking the undo banner with it — and once
 * the last file moved out the folder looked read-only, so nothing could be put back.)
 */
const folderSourceQueryKey = (index: StoredScanIndex | null | undefined) => queryKeys.organize.folder(index?.scannedAt ?? null);

export function useFolderSource(index: StoredScanIndex | null | undefined) {
  return useQuery({
    queryKey: folderSourceQueryKey(index),
    queryFn: () => detectFolderSource(index ?? null),
    enabled: index !== undefined,
    staleTime: Infinity,
    networkMode: "always",
  });
}
