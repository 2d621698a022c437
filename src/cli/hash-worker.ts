/**
 * A hash thread for the CLI (bundled to dist/cli/hash-worker.js). It answers batches of
 * "key this file" requests with the same synchronous NodeFileHasher the main thread uses.
 */
import { type MessagePort, workerData } from "node:worker_threads";
import { createXXHash128 } from "hash-wasm";
import { NodeFileHasher } from "../scan/sources/node-fs";
import type { HashReply, HashRequest } from "./hash-protocol";

const { port } = workerData as { port: MessagePort };
const hasher = new NodeFileHasher(await createXXHash128());

port.on("message", (request: HashRequest) => {
  const keys = request.paths.map((path, i) => {
    const size = request.sizes[i] ?? 0;
    return request.pass === "first" ? hasher.firstKey(path, size) : hasher.fullKey(path, size);
  });
  const reply: HashReply = { pass: request.pass, ids: request.ids, keys };
  port.postMessage(reply);
});
