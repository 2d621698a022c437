/**
 * The slice of the File System Access API the trash mover uses, spelled out (TypeScript's
 * DOM library leaves out folder iteration and FileSystemFileHandle.move), and path walking
 * from a root folder handle. Works the same on a picked folder and the origin-private one.
 */
export interface DirHandle {
  readonly kind: "directory";
  readonly name: string;
  getDirectoryHandle(name: string, options?: { create?: boolean }): Promise<DirHandle>;
  getFileHandle(name: string, options?: { create?: boolean }): Promise<FileHandle>;
  removeEntry(name: string, options?: { recursive?: boolean }): Promise<void>;
  entries(): AsyncIterable<[string, DirHandle | FileHandle]>;
}

export interface WritableFile extends WritableStream<Uint8Array> {
  close(): Promise<void>;
  abort(reason?: unknown): Promise<void>;
}

export interface FileHandle {
  readonly kind: "file";
  readonly name: string;
  getFile(): Promise<File>;
  createWritable(options?: { keepExistingData?: boolean }): Promise<WritableFile>;
  /** Chromium: moves (and renames) the file in place — no copy. Not everywhere. */
  move?(destination: DirHandle, name: string): Promise<void>;
  /** True when both handles are the same entry (FileSystemHandle.isSameEntry). */
  isSameEntry?(other: FileHandle): Promise<boolean>;
}

export const asDir = (handle: FileSystemDirectoryHandle): DirHandle => handle as unknown as DirHandle;

export class UnsafePathError extends Error {
  override readonly name = "UnsafePathError";
}

/**
 * "a/b/c.jpg" → ["a", "b", "c.jpg"]. Refuses empty, "." and ".." segments and
 * backslashes: a path from the index must never reach outside the chosen folder.
 */
export function splitPath(path: string): string[] {
  const parts = path.split("/");
  if (parts.length === 0 || parts.some((p) => p === "" || p === "." || p === ".." || p.includes("\\") || p.includes("\0"))) {
    throw new UnsafePathError(`Unsafe path: ${path}`);
  }
  return parts;
}

export function isNotFound(error: unknown): boolean {
  return (error as { name?: string } | null)?.name === "NotFoundError";
}

export async function dirAt(root: DirHandle, segments: readonly string[], create = false): Promise<DirHandle> {
  let dir = root;
  for (const name of segments) dir = await dir.getDirectoryHandle(name, { create });
  return dir;
}

export interface Located {
  parent: DirHandle;
  name: string;
  handle: FileHandle;
}

/** The file at a root-relative path, with its folder (to remove it) — NotFoundError if absent. */
export async function locateFile(root: DirHandle, path: string): Promise<Located> {
  const parts = splitPath(path);
  const name = parts[parts.length - 1]!;
  const parent = await dirAt(root, parts.slice(0, -1));
  return { parent, name, handle: await parent.getFileHandle(name) };
}

export async function fileExists(dir: DirHandle, name: string): Promise<boolean> {
  try {
    await dir.getFileHandle(name);
    return true;
  } catch (error) {
    if (isNotFound(error)) return false;
    // A folder of that name (TypeMismatchError) also blocks the name.
    return true;
  }
}

/** "b.jpg", then "b (2).jpg", "b (3).jpg"… — the first name not taken in `dir`. */
export async function freeName(dir: DirHandle, name: string): Promise<string> {
  if (!(await fileExists(dir, name))) return name;
  const dot = name.lastIndexOf(".");
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
  for (let n = 2; ; n++) {
    const candidate = `${stem} (${n})${ext}`;
    if (!(await fileExists(dir, candidate))) return candidate;
  }
}

/** Reads a file for a local thumbnail or preview; null when it is not there any more. */
export async function readFileAt(root: FileSystemDirectoryHandle, path: string): Promise<File | null> {
  try {
    return await (await locateFile(asDir(root), path)).handle.getFile();
  } catch {
    return null;
  }
}
