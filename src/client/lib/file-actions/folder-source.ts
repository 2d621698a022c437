/**
 * Can CleanSpace change the scanned files? Only when the latest scan came from the folder the
 * browser still remembers (File System Access, or the origin-private folder). A scan of
 * files picked through a file input is read-only: the browser cannot change those files.
 * Shared by Organize and Auto Clean.
 */
import type { StoredScanIndex } from "../../../scan/index-store";
import { readFileAt } from "./handles";
import { folderPermission, lastFolder } from "../device-data/scan-folder";

export type FolderSource = { kind: "read-only" } | { kind: "folder"; root: FileSystemDirectoryHandle; name: string };

export async function detectFolderSource(index: StoredScanIndex | null): Promise<FolderSource> {
  const root = await lastFolder();
  if (!root || !index || index.items.length === 0) return { kind: "read-only" };
  const folder: FolderSource = { kind: "folder", root, name: root.name || "your folder" };
  // The index keeps no per-file handles (20,000 handles made the save 7 s): trust
  // the folder only when its files are where the index says.
  if (!(await folderPermission(root, "read", false).catch(() => false))) return { kind: "read-only" };
  for (const item of index.items.slice(0, 3)) {
    const file = await readFileAt(root, item.path);
    if (!file || file.size !== item.size) return { kind: "read-only" };
  }
  return folder;
}
