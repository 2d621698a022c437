import { WHOLE_FILE_FIRST_PASS_BYTES } from "../scan/content-hasher";
import type { NodeEntry } from "../scan/sources/node-fs";

/**
 * The files of one hash pass and their keys. Unclaimed jobs are the range [front, back):
 * workers take batches from the front, the main thread single jobs from the back, so the
 * two meet wherever the work happens to balance. Jobs handed back by a dead worker go to
 * `retry`, which only the main thread takes.
 */
export class HashPassQueue {
  private readonly entries: NodeEntry[] = [];
  private readonly keys: (string | null | undefined)[] = [];
  private readonly idOf = new Map<NodeEntry, number>();
  private readonly retry: number[] = [];
  private front = 0;
  private back = 0;
  /** Jobs without a key yet. */
  pending = 0;

  add(entry: NodeEntry): void {
    if (this.idOf.has(entry)) return;
    const id = this.entries.length;
    this.entries.push(entry);
    this.keys.push(undefined);
    this.idOf.set(entry, id);
    this.pending++;
    if (this.back === id) this.back++;
    else this.retry.push(id); // the main thread already took from the back: keep the range contiguous
  }

  unclaimed(): number {
    return this.back - this.front + this.retry.length;
  }

  /** A batch for a worker: up to `maxFiles` files or about `maxBytes` bytes to read. */
  takeFront(maxFiles: number, maxBytes: number, firstPass: boolean): number[] {
    const ids: number[] = [];
    let bytes = 0;
    while (this.front < this.back && ids.length < maxFiles && bytes < maxBytes) {
      const id = this.front++;
      const size = this.entry(id).size;
      bytes += firstPass ? Math.min(size, WHOLE_FILE_FIRST_PASS_BYTES) : size;
      ids.push(id);
    }
    return ids;
  }

  takeBack(): number | undefined {
    const retried = this.retry.pop();
    if (retried !== undefined) return retried;
    return this.back > this.front ? --this.back : undefined;
  }

  requeue(ids: readonly number[]): void {
    for (const id of ids) if (this.keys[id] === undefined) this.retry.push(id);
  }

  settle(id: number, key: string | null): void {
    if (this.keys[id] !== undefined) return;
    this.keys[id] = key;
    this.pending--;
  }

  entry(id: number): NodeEntry {
    const entry = this.entries[id];
    if (!entry) throw new RangeError(`no hash job ${id}`);
    return entry;
  }

  keyOf(entry: NodeEntry): string | null {
    const id = this.idOf.get(entry);
    return id === undefined ? null : (this.keys[id] ?? null);
  }
}
