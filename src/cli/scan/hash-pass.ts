import { WHOLE_FILE_FIRST_PASS_BYTES } from "../../scan/core/key-ranges";
import { type Crew, DEAD, READY } from "./crew";
import { KEY_BYTES, type KeyReader, copyKey } from "./key-reader";

/** A worker's share is sent in batches this large (files, or bytes to read), two in flight each. */
const BATCH_FILES = 128;
const BATCH_BYTES = [2 << 20, 8 << 20] as const;
const BATCHES_IN_FLIGHT = 2;
/**
 * While the main thread does side work (SideWork) instead of reading, per pass: in the first,
 * a slice can outlast two batches of small files, so more are in flight or the worker idles;
 * a full-pass batch is up to 8 MiB, so two outlast any slice.
 */
const BATCHES_IN_FLIGHT_BESIDE = [8, 2] as const;
/** The main thread hands out work between its own files this often. */
const PUMP_EVERY = 16;

/**
 * Main-thread work that needs no key (the hash cache's next file), done a slice at a time
 * between the batches a pass hands the workers: `step()` does one slice (well under a
 * millisecond) and answers whether any is left; once none is, a step does nothing (false again).
 */
export interface SideWork {
  step(): boolean;
  /** True once no slice is left (a later pass then hands out work as usual). */
  readonly done: boolean;
}

export interface PassContext {
  crew: Crew | null;
  /** The scanned folder, no trailing "/". */
  root: string;
  /** Relative path of file i. */
  path(i: number): string;
  size: Float64Array;
  /** Which thread listed each file, and where in its table (a shared walk): a worker keys its own files by index. */
  listedBy: { thread: Uint8Array; index: Int32Array } | null;
  /** The main thread's reader (made on first use: a pass with no work never instantiates the hasher). */
  reader(): KeyReader;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
  /** Done first, while the workers read (not without workers: alone, it costs the same now or later). */
  beside?: SideWork | null;
}

export interface PassKeys {
  /** keys[k*16…k*16+16) is the key of files[k]. */
  keys: Buffer;
  /** ok[k] is 0 when files[k] could not be read (or changed under us). */
  ok: Uint8Array;
  /** Files keyed by the workers (the rest by the main thread). */
  byWorkers: number;
}

/**
 * Keys for `files` (file indexes) in one pass, shared between the main thread and the
 * workers: workers take batches from the front of the list, the main thread single files
 * from the back, so all finish together whatever the mix of sizes and however busy each
 * core is. A worker that fails hands its batches back to the main thread.
 */
export function runPass(context: PassContext, pass: 0 | 1, files: ArrayLike<number>): PassKeys {
  const total = files.length;
  const keys = Buffer.alloc(total * KEY_BYTES);
  const ok = new Uint8Array(total);
  const { crew, root, size, signal, onProgress, listedBy } = context;
  const threads = crew?.threads ?? 1;
  // Work order: the workers' own files first (they take from the front), the main thread's last.
  const order = workOrder(files, listedBy, threads);
  let front = 0;
  let back = total;
  let done = 0;
  let byWorkers = 0;
  const retry: number[] = [];
  /** Per worker: batches sent and not yet answered, oldest first ([start, end) of `order`). */
  const inflight: [number, number][][] = Array.from({ length: threads }, () => []);
  const gone = new Array<boolean>(threads).fill(false);

  let beside = crew && context.beside && !context.beside.done ? context.beside : null;
  const pump = (): void => {
    if (!crew) return;
    for (let w = 1; w < threads; w++) {
      if (gone[w]) continue;
      for (let reply = crew.take(w, "keys"); reply; reply = crew.take(w, "keys")) {
        const batch = inflight[w]?.shift();
        if (!batch || reply.pass !== pass || reply.start !== batch[0]) continue; // cannot happen: replies come in order
        for (let j = 0; j < batch[1] - batch[0]; j++) {
          const k = order[batch[0] + j] as number;
          copyKey(reply.keys, j * KEY_BYTES, keys, k * KEY_BYTES);
          ok[k] = reply.ok[j] ?? 0;
        }
        done += batch[1] - batch[0];
        byWorkers += batch[1] - batch[0];
      }
      if (crew.flag(w, DEAD) !== 0) {
        gone[w] = true;
        for (const [start, end] of inflight[w]?.splice(0) ?? []) for (let o = start; o < end; o++) retry.push(order[o] as number);
        continue;
      }
      if (crew.flag(w, READY) !== 1) continue;
      const queue = inflight[w] as [number, number][];
      const most = beside ? BATCHES_IN_FLIGHT_BESIDE[pass] : BATCHES_IN_FLIGHT;
      while (queue.length < most && front < back) {
        const start = front;
        let bytes = 0;
        let own = true;
        while (front < back && front - start < BATCH_FILES && bytes < BATCH_BYTES[pass]) {
          const i = files[order[front] as number] as number;
          const fileSize = size[i] ?? 0;
          bytes += pass === 0 ? Math.min(fileSize, WHOLE_FILE_FIRST_PASS_BYTES) : fileSize;
          if (listedBy?.thread[i] !== w) own = false;
          front++;
        }
        const count = front - start;
        const sizes = new Float64Array(count);
        const ownIndexes = own && listedBy ? new Int32Array(count) : null;
        const paths = ownIndexes ? null : new Array<string>(count);
        for (let j = 0; j < count; j++) {
          const i = files[order[start + j] as number] as number;
          sizes[j] = size[i] ?? 0;
          if (ownIndexes) ownIndexes[j] = listedBy?.index[i] ?? 0;
          else (paths as string[])[j] = context.path(i);
        }
        queue.push([start, front]);
        const transfer = [sizes.buffer, ...(ownIndexes ? [ownIndexes.buffer] : [])];
        crew.send(w, { kind: "hash", pass, start, own: ownIndexes, paths, sizes }, transfer);
      }
    }
  };

  const inFlight = (): boolean => inflight.some((queue, w) => !gone[w] && queue.length > 0);

  for (;;) {
    pump();
    let sincePump = 0;
    while (back > front || retry.length > 0) {
      signal?.throwIfAborted();
      if (beside) {
        // A slice of the side work instead of a file of our own; the workers are fed after each.
        if (!beside.step()) beside = null;
        pump();
        continue;
      }
      const k = retry.length > 0 ? (retry.pop() as number) : (order[--back] as number);
      const i = files[k] as number;
      const reader = context.reader();
      const abs = `${root}/${context.path(i)}`;
      const fileSize = size[i] ?? 0;
      const read = pass === 0 ? reader.first(abs, fileSize, keys, k * KEY_BYTES) : reader.full(abs, fileSize, keys, k * KEY_BYTES);
      ok[k] = read ? 1 : 0;
      done++;
      if (++sincePump === PUMP_EVERY) {
        sincePump = 0;
        pump();
        onProgress?.(done, total);
      }
    }
    if (!inFlight()) break;
    // Everything is claimed: side work while the workers finish, if any is left (the loop pumps after each slice)…
    if (beside) {
      signal?.throwIfAborted();
      if (!beside.step()) beside = null;
      continue;
    }
    // …else wait for a worker to answer (or fail and hand its work back).
    const sequence = (crew as Crew).sequence();
    pump();
    if (inFlight() && back === front && retry.length === 0) (crew as Crew).sleep(sequence);
    signal?.throwIfAborted();
  }
  onProgress?.(total, total);
  return { keys, ok, byWorkers };
}

/** Positions 0…n-1 of `files`, those a worker listed first (by worker), the main thread's last. */
function workOrder(files: ArrayLike<number>, listedBy: PassContext["listedBy"], threads: number): Int32Array {
  const order = new Int32Array(files.length);
  if (!listedBy || threads < 2) {
    for (let k = 0; k < files.length; k++) order[k] = k;
    return order;
  }
  let at = 0;
  for (let w = 1; w < threads; w++) for (let k = 0; k < files.length; k++) if (listedBy.thread[files[k] as number] === w) order[at++] = k;
  for (let k = 0; k < files.length; k++) if (listedBy.thread[files[k] as number] === 0) order[at++] = k;
  return order;
}
