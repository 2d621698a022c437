/**
 * "Export cleanup plan": fingerprints the duplicate groups' files on this device
 * (SHA-256, read in 1 MiB slices) and builds the plan by the keep-rules. Works in any
 * browser: the bytes come from the remembered folder, or — where the page cannot write —
 * from the same folder picked again through a file input. Nothing is uploaded; the plan is
 * saved as a download. Loaded on demand (hash-wasm's SHA-256 is not in the main bundle).
 */
import { createSHA256 } from "hash-wasm";
import { type BuiltPlan, type HashedFile, buildCleanupPlan } from "../../../domain/cleanup-plan";
import type { KeepPolicy } from "../../../domain/keep-rules";
import type { ScanItem } from "../../../scan/types";
import { saveFile } from "../download";
import { readFileAt } from "./handles";
import { isTrashPath } from "./trash";

const CHUNK = 1024 * 1024;

export async function sha256OfFile(file: Blob): Promise<string> {
  const hasher = await createSHA256();
  hasher.init();
  for (let start = 0; start < file.size; start += CHUNK) {
    hasher.update(new Uint8Array(await file.slice(start, Math.min(file.size, start + CHUNK)).arrayBuffer()));
  }
  return `sha256:${hasher.digest("hex")}`;
}

/** Where the plan's files are read from, and what their paths are relative to. */
export interface PlanFiles {
  rootName: string;
  /** The file behind a scanned path, and its path relative to the plan's root; null when it is not there. */
  open(scanPath: string): Promise<{ file: File; path: string } | null>;
}

export function folderFiles(root: FileSystemDirectoryHandle): PlanFiles {
  return {
    rootName: root.name,
    open: async (path) => {
      const file = await readFileAt(root, path);
      return file ? { file, path } : null;
    },
  };
}

/**
 * Files picked again with `<input webkitdirectory>`: their paths start with the picked
 * folder's name. A scan of picked files has that prefix too; a scan of a folder does not.
 */
export function pickedFiles(files: readonly File[]): PlanFiles {
  const byPath = new Map(files.map((f) => [f.webkitRelativePath || f.name, f]));
  const first = files[0]?.webkitRelativePath ?? "";
  const rootName = first.includes("/") ? first.slice(0, first.indexOf("/")) : "";
  return {
    rootName,
    open: async (scanPath) => {
      if (rootName && scanPath.startsWith(`${rootName}/`) && byPath.has(scanPath))
        return { file: byPath.get(scanPath)!, path: scanPath.slice(rootName.length + 1) };
      const prefixed = rootName ? `${rootName}/${scanPath}` : scanPath;
      const file = byPath.get(prefixed);
      return file ? { file, path: scanPath } : null;
    },
  };
}

export interface ExportProgress {
  done: number;
  total: number;
}

/**
 * The plan for the scan's duplicate groups. A file missing or changed in size since the
 * scan takes no part (the plan only ever names files as they are now).
 */
export async function buildPlanOnDevice(
  items: readonly ScanItem[],
  source: PlanFiles,
  policy: KeepPolicy,
  onProgress?: (p: ExportProgress) => void,
  signal?: AbortSignal,
): Promise<BuiltPlan & { missing: number }> {
  const groups = new Map<number, ScanItem[]>();
  for (const item of items) {
    if (item.duplicateGroup === null || isTrashPath(item.path)) continue;
    const list = groups.get(item.duplicateGroup);
    if (list) list.push(item);
    else groups.set(item.duplicateGroup, [item]);
  }
  const members = [...groups.values()].filter((g) => g.length > 1);
  const total = members.reduce((n, g) => n + g.length, 0);
  let done = 0;
  let missing = 0;
  const hashed: HashedFile[][] = [];
  for (const group of members) {
    const out: HashedFile[] = [];
    for (const item of group) {
      signal?.throwIfAborted();
      const found = await source.open(item.path).catch(() => null);
      if (!found || found.file.size !== item.size) missing++;
      else
        out.push({
          path: found.path,
          size: found.file.size,
          modified: found.file.lastModified,
          hash: await sha256OfFile(found.file).catch(() => null),
        });
      onProgress?.({ done: ++done, total });
    }
    hashed.push(out);
  }
  const built = buildCleanupPlan({ groups: hashed, policy, rootName: source.rootName, createdBy: "web", now: new Date() });
  return { ...built, missing };
}

/** Saves the plan as a JSON download (lib/download.ts: nothing is uploaded). */
export function downloadPlan(built: BuiltPlan, fileName: string): void {
  saveFile(`${JSON.stringify(built.plan, null, 2)}\n`, fileName, "application/json");
}

/** "cleanspace-plan-Pictures-2026-11-24.json", with characters file systems dislike replaced. */
export function planFileName(rootName: string, now: Date): string {
  const safe = rootName.replace(/[^\p{L}\p{N}._-]+/gu, "-").replace(/^-+|-+$/g, "") || "folder";
  return `cleanspace-plan-${safe}-${now.toISOString().slice(0, 10)}.json`;
}
