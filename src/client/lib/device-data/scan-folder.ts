/**
 * Remembers the last folder the user picked (a FileSystemDirectoryHandle is structured-
 * cloneable, so IndexedDB can keep it), so Quick Scan can rescan it and Organize can act
 * on its files — while the browser still grants permission.
 */
import { openDB } from "idb";

const DB = "cleanspace-folders";
const STORE = "handles";
const KEY = "last";

async function db() {
  return openDB(DB, 1, { upgrade: (d) => void d.createObjectStore(STORE) });
}

export async function rememberFolder(handle: FileSystemDirectoryHandle): Promise<void> {
  try {
    const d = await db();
    await d.put(STORE, handle, KEY);
    d.close();
  } catch (err) {
    console.warn("Could not remember the scanned folder", err);
  }
}

export async function forgetFolder(): Promise<void> {
  try {
    const d = await db();
    await d.delete(STORE, KEY);
    d.close();
  } catch {
    // Nothing remembered.
  }
}

export async function lastFolder(): Promise<FileSystemDirectoryHandle | null> {
  try {
    const d = await db();
    const handle = (await d.get(STORE, KEY)) as FileSystemDirectoryHandle | undefined;
    d.close();
    return handle ?? null;
  } catch {
    return null;
  }
}

type PermissionMode = "read" | "readwrite";
interface PermissionHandle {
  queryPermission?(d: { mode: PermissionMode }): Promise<PermissionState>;
  requestPermission?(d: { mode: PermissionMode }): Promise<PermissionState>;
}

/** 'granted' without a prompt, or after asking when `ask` (needs a user gesture). */
export async function folderPermission(handle: FileSystemDirectoryHandle, mode: PermissionMode, ask: boolean): Promise<boolean> {
  const h = handle as unknown as PermissionHandle;
  if (!h.queryPermission) return true; // Origin-private folders need no permission.
  if ((await h.queryPermission({ mode })) === "granted") return true;
  return ask && h.requestPermission ? (await h.requestPermission({ mode })) === "granted" : false;
}

export function supportsFolderPicker(): boolean {
  return typeof window !== "undefined" && "showDirectoryPicker" in window;
}
