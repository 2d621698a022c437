/**
 * `clean --protect FOLDER` and `--keep inside:/outside:FOLDER` on real folder trees: a folder
 * named through a symbolic link (DIR itself, or the folder) is the folder it leads to, so
 * names are compared by their real paths, both ways; a folder reached by another path too (a
 * bind mount, walked once by the scan) is recognised by its device and inode. A protected
 * folder that cannot be found is refused before anything starts: a typo must not protect nothing.
 */
import { existsSync, lstatSync, realpathSync, statSync } from "node:fs";
import { isAbsolute, join, relative, sep } from "node:path";
import { FolderPatternSchema } from "../domain/keep-rules";
import { UsageError } from "./args";
import { fileKey } from "./link-sets";
import { inRoot } from "./trash-fs";

export interface ResolvedFolder {
  /** The patterns the keep-rules match (the one written, and the real folder's, anchored at DIR's top). */
  patterns: string[];
  /** Device and inode of the folder when it was found on disk. */
  key: string | null;
}

/** `--protect FOLDER` (`option` names it in errors): its patterns and identity; throws a UsageError when it leads nowhere inside DIR. */
export function resolveFolder(root: string, folder: string, option: string, mustExist: boolean): ResolvedFolder {
  const realRoot = realpathSync(root);
  const inside = (path: string) => {
    const rel = relative(realRoot, realpathSync(path));
    return !rel.startsWith("..") && !isAbsolute(rel);
  };
  // An absolute path inside DIR is that folder; any other leading "/" anchors at DIR's top.
  const candidates = isAbsolute(folder) ? [folder, join(root, folder)] : [join(root, folder)];
  const onDisk = candidates.find((path) => existsSync(path) && inside(path));
  if (onDisk === undefined) {
    if (isAbsolute(folder) && existsSync(folder)) {
      throw new UsageError(`${option} '${folder}' is not inside ${root} (compared by real paths: it is ${realpathSync(folder)})`);
    }
    if (isAbsolute(folder) && mustExist) {
      throw new UsageError(`${option} '${folder}': no such folder, on this machine or inside ${root}; nothing would be protected`);
    }
    return { patterns: [validPattern(folder, option)], key: null };
  }
  const real = realpathSync(onDisk);
  const rel = relative(realRoot, real);
  if (rel === "") throw new UsageError(`${option} '${folder}' is ${root} itself: name a folder inside it`);
  if (!statSync(real).isDirectory()) throw new UsageError(`${option} '${folder}' is not a folder`);
  const anchoredReal = `/${rel.split(sep).join("/")}`;
  // A relative name keeps its any-depth meaning, plus its real place when a link leads elsewhere.
  const typed = validPattern(folder, option);
  const direct = `/${typed
    .split("/")
    .filter((part) => part !== "")
    .join("/")}`;
  const patterns = isAbsolute(folder) ? [anchoredReal] : anchoredReal === direct ? [typed] : [typed, anchoredReal];
  return { patterns, key: fileKey(statSync(real)) };
}

function validPattern(folder: string, option: string): string {
  const parsed = FolderPatternSchema.safeParse(folder);
  if (!parsed.success) throw new UsageError(`${option} '${folder}': ${parsed.error.issues[0]?.message ?? "invalid"}`);
  return parsed.data;
}

/**
 * Anchored patterns ("/mnt/keep") for the folders, on the way to any of `paths`, that are a
 * protected folder reached by another path (same device and inode: a bind mount).
 */
export function samePlaceFolders(root: string, paths: readonly string[], keys: ReadonlySet<string>): string[] {
  if (keys.size === 0) return [];
  const found = new Set<string>();
  const known = new Map<string, boolean>();
  for (const path of paths) {
    const parts = path.split("/").slice(0, -1);
    for (let n = 1; n <= parts.length; n++) {
      const folder = parts.slice(0, n).join("/");
      let hit = known.get(folder);
      if (hit === undefined) {
        try {
          hit = keys.has(fileKey(lstatSync(inRoot(root, folder))));
        } catch {
          hit = false;
        }
        known.set(folder, hit);
      }
      if (hit) found.add(`/${folder}`);
    }
  }
  return [...found];
}
