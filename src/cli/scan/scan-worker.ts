/**
 * A scan worker (bundled to dist/cli/scan-worker.js): lists the folders the other threads
 * give it, sends its table when the walk is over, then computes the key batches the main
 * thread sends until "done". Synchronous loops throughout (see Crew).
 */
import * as nodeFs from "node:fs";
import { type IHasher, createXXHash128 } from "hash-wasm";
import { workerData } from "node:worker_threads";
import { Crew, DEAD, JOINED, READY, slot } from "./crew";
import type { CrewWorkerData } from "./crew-protocol";
import { FileTable } from "./file-table";
import { KEY_BYTES, KeyReader } from "./key-reader";
import { createWalker, listFolder } from "./list-folder";
import { toPayload } from "./merge-tables";

const { ctl, me, ports, root, keys } = workerData as CrewWorkerData;
const crew = new Crew(ctl, me, ports);

void run();

async function run(): Promise<void> {
  try {
    work(keys ? await createXXHash128() : null);
  } catch {
    // A failure here must not hang the scan: the main thread does this worker's share itself.
    crew.setFlag(me, DEAD, 1);
    crew.wake(0);
  }
  for (const port of ports) port?.close();
}

function work(hasher: IHasher | null): void {
  // The files this worker listed: the main thread names them by index here when it asks for their keys.
  const table = new FileTable();
  // Too late for the walk if the main thread already closed it (then it expects no table).
  if (Atomics.compareExchange(ctl, slot(me, JOINED), 0, 1) === 0) {
    const walker = createWalker(nodeFs, root, table);
    const stack: string[] = [];
    crew.walk(stack, (rel) => listFolder(walker, rel, stack));
    const { payload, transfer } = toPayload(table, walker.skipped);
    crew.send(0, { kind: "table", table: payload }, transfer);
  }
  if (!hasher) return; // --metadata-only: no key to compute
  const reader = new KeyReader(hasher);
  crew.setFlag(me, READY, 1);
  serve(reader, table);
}

function serve(reader: KeyReader, table: FileTable): void {
  for (;;) {
    const sequence = crew.sequence();
    const request = crew.take(0, "hash");
    if (!request) {
      if (crew.take(0, "done") || crew.aborted()) return;
      crew.sleep(sequence);
      continue;
    }
    const count = request.sizes.length;
    const keys = new Uint8Array(count * KEY_BYTES);
    const ok = new Uint8Array(count);
    for (let k = 0; k < count; k++) {
      const path = `${root}/${request.own ? table.path(request.own[k] as number) : (request.paths?.[k] as string)}`;
      const size = request.sizes[k] ?? 0;
      const read = request.pass === 0 ? reader.first(path, size, keys, k * KEY_BYTES) : reader.full(path, size, keys, k * KEY_BYTES);
      ok[k] = read ? 1 : 0;
    }
    crew.send(0, { kind: "keys", pass: request.pass, start: request.start, keys, ok }, [keys.buffer, ok.buffer]);
  }
}
