/**
 * One file, several names: a hard link set (or a file reached twice through a bind mount)
 * is one file. Acting on a copy means acting on every name it has inside the root, and its
 * bytes are freed only when its last name goes — and never while it has names outside.
 */
import * as nodeFs from "node:fs";
import { TRASH_DIR } from "../domain/scan-rules";
import { nameFromBytes } from "./path-bytes";
import { type TrashFs, inRoot } from "./trash-fs";

/** "dev:ino": a file's identity on this machine. */
export function fileKey(stats: { dev: number; ino: number }): string {
  return `${stats.dev}:${stats.ino}`;
}

/**
 * Every name inside the root (the trash left out) of the files whose keys are wanted, by one
 * walk that never follows a symbolic link and lists a folder reached twice (a bind mount) once.
 * Names are root-relative strings of their bytes (path-bytes.ts).
 */
export function findNames(root: string, wanted: ReadonlySet<string>): Map<string, string[]> {
  const found = new Map<string, string[]>();
  if (wanted.size === 0) return found;
  const seenFolders = new Set<string>();
  const stack: string[] = [""];
  while (stack.length > 0) {
    const rel = stack.pop()!;
    let entries: nodeFs.Dirent<Buffer>[];
    const folder = rel === "" ? Buffer.from(root) : inRoot(root, rel);
    try {
      const stats = nodeFs.statSync(folder);
      if (seenFolders.has(fileKey(stats))) continue;
      seenFolders.add(fileKey(stats));
      entries = nodeFs.readdirSync(folder, { withFileTypes: true, encoding: "buffer" });
    } catch {
      continue; // unreadable: its names cannot be acted on either
    }
    for (const entry of entries) {
      const name = nameFromBytes(entry.name);
      const child = rel === "" ? name : `${rel}/${name}`;
      if (entry.isDirectory()) {
        if (child !== TRASH_DIR) stack.push(child);
      } else if (entry.isFile()) {
        let stats: nodeFs.Stats;
        try {
          stats = nodeFs.lstatSync(inRoot(root, child));
        } catch {
          continue;
        }
        const key = fileKey(stats);
        if (!wanted.has(key)) continue;
        const names = found.get(key);
        if (names) names.push(child);
        else found.set(key, [child]);
      }
    }
  }
  for (const names of found.values()) names.sort();
  return found;
}

/** Keys of the planned copies that have several names: the only ones worth a walk. */
export function linkedKeys(fs: TrashFs, root: string, actions: readonly { file: { path: string } }[]): Set<string> {
  const keys = new Set<string>();
  for (const { file } of actions) {
    try {
      const stats = fs.lstatSync(inRoot(root, file.path));
      if (stats.nlink > 1) keys.add(fileKey(stats));
    } catch {
      // gone: refused when it is reached
    }
  }
  return keys;
}
