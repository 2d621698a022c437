import type { IHasher } from "hash-wasm";
import { firstPassCoversWholeFile } from "../scan/content-hasher";
import { NodeFileHasher, type NodeEntry, trimSlash } from "../scan/sources/node-fs";
import type { HashRunOptions } from "../scan/types";
import type { ParallelHasher } from "./parallel-hasher";

/** Progress is reported this often (files); the abort signal is checked at every file. */
const PROGRESS_EVERY = 256;

/**
 * The CLI's hasher when it hashes on the main thread only (one thread, the default on a busy
 * machine): a plain loop over the files with one reused buffer and xxHash128 state — no job
 * queue, no per-file bookkeeping. The WASM hasher is only instantiated if a size collides
 * (`loadHasher` is called on the first pass that has work), so a scan without candidates,
 * or a metadata-only one, never pays for it.
 */
export function createSequentialHasher(root: string, loadHasher: () => Promise<IHasher>): ParallelHasher {
  const base = trimSlash(root);
  let local: NodeFileHasher | undefined;

  async function keys(first: boolean, entries: readonly NodeEntry[], run: HashRunOptions = {}): Promise<(string | null)[]> {
    const out: (string | null)[] = new Array<string | null>(entries.length).fill(null);
    if (entries.length === 0) return out;
    local ??= new NodeFileHasher(await loadHasher());
    const { signal, onProgress } = run;
    for (let i = 0; i < entries.length; i++) {
      signal?.throwIfAborted();
      if (onProgress && i % PROGRESS_EVERY === 0) onProgress(i);
      const entry = entries[i] as NodeEntry;
      const abs = `${base}/${entry.ref}`;
      out[i] = first ? local.firstKey(abs, entry.size) : local.fullKey(abs, entry.size);
    }
    onProgress?.(entries.length);
    return out;
  }

  return {
    isComplete: firstPassCoversWholeFile,
    firstKeys: (entries, run) => keys(true, entries, run),
    fullKeys: (entries, run) => keys(false, entries, run),
    close: async () => undefined,
  };
}
