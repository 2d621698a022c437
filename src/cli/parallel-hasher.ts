import { fileURLToPath } from "node:url";
import { MessageChannel, type MessagePort, Worker, receiveMessageOnPort } from "node:worker_threads";
import { createXXHash128 } from "hash-wasm";
import { firstPassCoversWholeFile } from "../scan/content-hasher";
import { NodeFileHasher, type NodeEntry, nodeEntryPath, trimSlash } from "../scan/sources/node-fs";
import type { ContentHasher, HashRunOptions } from "../scan/types";
import type { HashPass, HashReply, HashRequest } from "./hash-protocol";
import { HashPassQueue } from "./hash-pass-queue";

export interface ParallelHasherOptions {
  /** The scanned folder: entries' refs are relative to it. */
  root: string;
  /** dist/cli/hash-worker.js; null (or a missing file) hashes on the main thread only. */
  workerUrl: URL | null;
  /** Extra threads besides the main one. */
  workers: number;
}

/** A worker's share is sent in batches this large (files, or bytes to read), two in flight each. */
const BATCH_FILES = 64;
const BATCH_BYTES = 1024 * 1024;
const BATCHES_IN_FLIGHT = 2;
/** The main thread hands out work between its own files this often. */
const PUMP_EVERY = 16;

interface Link {
  worker: Worker;
  port: MessagePort;
  alive: boolean;
  /** Batches sent and not yet answered, oldest first (replies come back in order). */
  inflight: { pass: HashPass; ids: number[] }[];
}

export type ParallelHasher = ContentHasher<string> & { close(): Promise<void> };

/**
 * The CLI's hasher: the main thread and N worker threads share each pass's queue. Workers
 * take batches from the front, the main thread takes single files from the back, so both
 * finish together whatever the mix of sizes. Work starts during the walk (`prefetch`), as
 * soon as two files share a size. A worker that dies hands its batches back to the main thread.
 */
export async function createParallelHasher(options: ParallelHasherOptions): Promise<ParallelHasher> {
  // The main thread's WASM hasher is made on first use: a rescan whose keys all come from the cache never needs it.
  let local: NodeFileHasher | undefined;
  const root = trimSlash(options.root);
  const passes: Record<HashPass, HashPassQueue> = { first: new HashPassQueue(), full: new HashPassQueue() };
  const links: Link[] = [];
  let workersStarted = options.workers <= 0 || options.workerUrl === null;
  let wake: (() => void) | null = null;
  let prefetched = 0;

  const onReply = (link: Link, reply: HashReply): void => {
    link.inflight.shift();
    const pass = passes[reply.pass];
    reply.ids.forEach((id, i) => pass.settle(id, reply.keys[i] ?? null));
  };
  const onGone = (link: Link): void => {
    if (!link.alive) return;
    link.alive = false;
    for (const batch of link.inflight.splice(0)) passes[batch.pass].requeue(batch.ids);
  };

  function startWorkers(): void {
    workersStarted = true;
    if (options.workerUrl === null) return;
    for (let n = 0; n < options.workers; n++) {
      const { port1, port2 } = new MessageChannel();
      const worker = new Worker(fileURLToPath(options.workerUrl), { workerData: { port: port2 }, transferList: [port2] });
      const link: Link = { worker, port: port1, alive: true, inflight: [] };
      port1.on("message", (reply: HashReply) => {
        onReply(link, reply);
        wake?.();
      });
      worker.on("error", () => {
        onGone(link);
        wake?.();
      });
      worker.on("exit", () => {
        onGone(link);
        wake?.();
      });
      links.push(link);
    }
  }

  /** Collects finished batches without waiting, then tops every worker up to two batches. */
  function pump(passName: HashPass): void {
    const pass = passes[passName];
    for (const link of links) {
      for (let got = receiveMessageOnPort(link.port); got; got = receiveMessageOnPort(link.port)) {
        onReply(link, got.message as HashReply);
      }
      while (link.alive && link.inflight.length < BATCHES_IN_FLIGHT) {
        const ids = pass.takeFront(BATCH_FILES, BATCH_BYTES, passName === "first");
        if (ids.length === 0) break;
        const request: HashRequest = {
          pass: passName,
          ids,
          paths: ids.map((id) => nodeEntryPath(root, pass.entry(id))),
          sizes: ids.map((id) => pass.entry(id).size),
        };
        link.inflight.push({ pass: passName, ids });
        link.port.postMessage(request);
      }
    }
  }

  async function run(passName: HashPass, entries: readonly NodeEntry[], run: HashRunOptions = {}): Promise<(string | null)[]> {
    const pass = passes[passName];
    if (entries.length === 0) return [];
    local ??= new NodeFileHasher(await createXXHash128());
    for (const entry of entries) pass.add(entry);
    // A worker costs ~30 ms to start: worth it for many small files or for any two large ones.
    if (!workersStarted && pass.unclaimed() > (passName === "first" ? BATCH_FILES : 1)) startWorkers();
    for (;;) {
      pump(passName);
      let sincePump = 0;
      for (let id = pass.takeBack(); id !== undefined; id = pass.takeBack()) {
        run.signal?.throwIfAborted();
        const entry = pass.entry(id);
        const path = nodeEntryPath(root, entry);
        pass.settle(id, passName === "first" ? local.firstKey(path, entry.size) : local.fullKey(path, entry.size));
        if (++sincePump === PUMP_EVERY) {
          sincePump = 0;
          pump(passName);
          run.onProgress?.(Math.max(0, entries.length - pass.pending));
        }
      }
      if (pass.pending === 0) break;
      // Everything is claimed; wait for a worker to answer (or die and hand its work back).
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
      wake = null;
      run.signal?.throwIfAborted();
    }
    run.onProgress?.(entries.length);
    return entries.map((entry) => pass.keyOf(entry));
  }

  return {
    isComplete: firstPassCoversWholeFile,
    prefetch(entry) {
      if (options.workers <= 0 || options.workerUrl === null) return; // alone, the main thread gains nothing by starting early
      passes.first.add(entry);
      if (!workersStarted) startWorkers();
      if (++prefetched % PUMP_EVERY === 0) pump("first");
    },
    firstKeys: (entries, run_) => run("first", entries, run_),
    fullKeys: (entries, run_) => run("full", entries, run_),
    async close() {
      await Promise.all(
        links.map(async (link) => {
          link.port.close();
          await link.worker.terminate();
        }),
      );
    },
  };
}
