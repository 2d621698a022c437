import { fileURLToPath } from "node:url";
import { MessageChannel, type MessagePort, Worker } from "node:worker_threads";
import { ABORTED, Crew, JOINED, OUTSTANDING, createControl, slot } from "./crew";
import type { CrewWorkerData } from "./crew-protocol";

/** The main thread's side of a scan's threads: its Crew and the workers, started on demand. */
export interface Team {
  crew: Crew;
  /** Starts the workers (once): from then on they take folders and key batches. */
  start(): void;
  /** Closes the walk to workers that have not joined yet; returns the workers that did (each sends a table). */
  closeWalk(): number[];
  /** Tells the workers to end and lets the process exit without waiting for them. */
  close(): void;
}

/**
 * `threads` threads in all, the main one included. Every pair of threads gets its own
 * channel, so any thread can give folders to any other. The walk's folder count starts at 1
 * (the root, which the main thread lists), so a worker that starts early waits for folders
 * instead of seeing an empty, finished walk.
 */
export function createTeam(workerUrl: URL, threads: number, root: string, keys: boolean): Team {
  const ctl = createControl(threads);
  Atomics.store(ctl, OUTSTANDING, 1);
  const portsOf: (MessagePort | undefined)[][] = Array.from({ length: threads }, () => new Array(threads).fill(undefined));
  for (let a = 0; a < threads; a++) {
    for (let b = a + 1; b < threads; b++) {
      const { port1, port2 } = new MessageChannel();
      (portsOf[a] as (MessagePort | undefined)[])[b] = port1;
      (portsOf[b] as (MessagePort | undefined)[])[a] = port2;
    }
  }
  const crew = new Crew(ctl, 0, portsOf[0] as (MessagePort | undefined)[]);
  const workers: Worker[] = [];
  return {
    crew,
    start() {
      if (workers.length > 0) return;
      for (let me = 1; me < threads; me++) {
        const ports = portsOf[me] as (MessagePort | undefined)[];
        const data: CrewWorkerData = { ctl, me, ports, root, keys };
        const worker = new Worker(fileURLToPath(workerUrl), {
          workerData: data,
          transferList: ports.filter((port): port is MessagePort => port !== undefined),
        });
        // A worker that fails sets its DEAD flag; the event itself must not crash the process.
        worker.on("error", () => undefined);
        worker.unref();
        workers.push(worker);
      }
    },
    closeWalk() {
      const joined: number[] = [];
      for (let w = 1; w < threads; w++) {
        if (Atomics.compareExchange(ctl, slot(w, JOINED), 0, -1) === 1) joined.push(w);
      }
      return joined;
    },
    close() {
      // Ends every loop a worker may still be in (a walk cut short by an error or an abort included).
      Atomics.store(ctl, ABORTED, 1);
      for (let w = 1; w < threads; w++) crew.send(w, { kind: "done" });
      for (const port of crew.ports) port?.close();
    },
  };
}
