/** What the CleanSpace trash of a folder holds: one query key and one reader. */
import { useQuery, type QueryClient } from "@tanstack/react-query";
import { listTrash } from "../file-actions/trash";
import { queryKeys } from "../query-keys";

export function useTrashList(root: FileSystemDirectoryHandle, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: queryKeys.device.trash(root.name),
    queryFn: () => listTrash(root),
    enabled,
    staleTime: 0,
    networkMode: "always",
  });
}

export function refreshTrashList(queryClient: QueryClient, root: FileSystemDirectoryHandle): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: queryKeys.device.trash(root.name) });
}
