/**
 * A folder the app can scan without a picker: files written into the origin-private file
 * system, whose root is then stored where the app keeps the folder it scanned last (IndexedDB
 * "cleanspace-folders", store "handles", key "last"; src/client/lib/scan-folder-store.ts reads it).
 */
import type { Page } from "@playwright/test";

/** One file: `size` bytes of `fill`, or the bytes given as base64. */
export type OpfsFile = { path: string; size: number; fill: number } | { path: string; base64: string };

/**
 * Writes the files in order. With `apartMs`, each file is written that many ms after the one
 * before, so their modification times order them (the oldest copy is the original).
 */
export async function writeOpfsFiles(page: Page, files: readonly OpfsFile[], options: { apartMs?: number } = {}): Promise<void> {
  await page.evaluate(
    async ({ files, apartMs }) => {
      const root = await navigator.storage.getDirectory();
      for (const f of files) {
        const parts = f.path.split("/");
        let dir = root;
        for (const p of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(p, { create: true });
        const w = await (await dir.getFileHandle(parts[parts.length - 1]!, { create: true })).createWritable();
        await w.write("base64" in f ? Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0)) : new Uint8Array(f.size).fill(f.fill));
        await w.close();
        if (apartMs > 0) await new Promise((r) => setTimeout(r, apartMs));
      }
    },
    { files, apartMs: options.apartMs ?? 0 },
  );
}

/** Stores the origin-private root as the folder the app scanned last. */
export async function rememberOpfsRoot(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const root = await navigator.storage.getDirectory();
    await new Promise<void>((resolve, reject) => {
      const req = indexedDB.open("cleanspace-folders", 1);
      req.onupgradeneeded = () => req.result.createObjectStore("handles");
      req.onerror = () => reject(req.error);
      req.onsuccess = () => {
        const tx = req.result.transaction("handles", "readwrite");
        tx.objectStore("handles").put(root, "last");
        tx.oncomplete = () => {
          req.result.close();
          resolve();
        };
        tx.onerror = () => reject(tx.error);
      };
    });
  });
}

/**
 * Every file in the origin-private file system, the CleanSpace trash and its journal included:
 * path ("Docs/notes.txt", ".cleanspace-trash/…") → SHA-256 hex of its bytes.
 */
export async function readOpfsFiles(page: Page): Promise<Record<string, string>> {
  return page.evaluate(async () => {
    const files: Record<string, string> = {};
    const walk = async (dir: FileSystemDirectoryHandle, prefix: string) => {
      for await (const [name, handle] of (dir as unknown as { entries(): AsyncIterable<[string, FileSystemHandle]> }).entries()) {
        const path = prefix ? `${prefix}/${name}` : name;
        if (handle.kind === "directory") await walk(handle as FileSystemDirectoryHandle, path);
        else {
          const bytes = await (await (handle as FileSystemFileHandle).getFile()).arrayBuffer();
          files[path] = [...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))]
            .map((b) => b.toString(16).padStart(2, "0"))
            .join("");
        }
      }
    };
    await walk(await navigator.storage.getDirectory(), "");
    return files;
  });
}
