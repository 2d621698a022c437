import { type MessagePort, receiveMessageOnPort } from "node:worker_threads";
import type { CrewMessage } from "./crew-protocol";

/**
 * The threads of one scan — the main thread (0) and its scan workers (1…) — and how they
 * talk without an event loop: every thread works in a synchronous loop, so messages are
 * taken with `receiveMessageOnPort` and a thread with nothing to do sleeps in
 * `Atomics.wait` on its own sequence number, which a sender bumps after each message.
 *
 * Shared counters (Int32 in a SharedArrayBuffer): OUTSTANDING is the number of folders
 * found and not yet listed, wherever they are (a stack, a message); the walk is over when
 * it reaches 0. Per thread: HUNGRY (its stack is empty: the first thread to see it gives it
 * half of its own), SEQ (bumped per message sent to it), JOINED (1: the worker took part in
 * the walk and will send its table; -1: it started too late, the walk was over), READY
 * (its hasher is ready for batches) and DEAD (it failed; its work is done elsewhere).
 */
export const OUTSTANDING = 0;
export const ABORTED = 1;
const THREAD_BASE = 4;
const THREAD_SLOTS = 5;
const HUNGRY = 0;
const SEQ = 1;
export const JOINED = 2;
export const READY = 3;
export const DEAD = 4;

/** How long a waiting thread sleeps before it looks again on its own (a lost wake-up costs this, never a hang). */
const WAIT_MS = 20;

export function createControl(threads: number): Int32Array {
  return new Int32Array(new SharedArrayBuffer(4 * (THREAD_BASE + THREAD_SLOTS * threads)));
}

export function slot(thread: number, field: number): number {
  return THREAD_BASE + THREAD_SLOTS * thread + field;
}

export class Crew {
  /** Messages taken while looking for another kind, per sender, in order. */
  private readonly held: CrewMessage[][];

  constructor(
    readonly ctl: Int32Array,
    /** This thread's number. */
    readonly me: number,
    /** ports[j]: the channel to thread j (undefined for this thread itself). */
    readonly ports: readonly (MessagePort | undefined)[],
  ) {
    this.held = ports.map(() => []);
  }

  get threads(): number {
    return this.ports.length;
  }

  send(to: number, message: CrewMessage, transfer: ArrayBuffer[] = []): void {
    this.ports[to]?.postMessage(message, transfer);
    this.wake(to);
  }

  wake(thread: number): void {
    Atomics.add(this.ctl, slot(thread, SEQ), 1);
    Atomics.notify(this.ctl, slot(thread, SEQ));
  }

  wakeAll(): void {
    for (let j = 0; j < this.threads; j++) if (j !== this.me) this.wake(j);
  }

  /** The next message of this kind from thread `from`, without waiting; others are held for later. */
  take<K extends CrewMessage["kind"]>(from: number, kind: K): Extract<CrewMessage, { kind: K }> | undefined {
    const held = this.held[from] ?? [];
    const at = held.findIndex((m) => m.kind === kind);
    if (at >= 0) return held.splice(at, 1)[0] as Extract<CrewMessage, { kind: K }>;
    const port = this.ports[from];
    if (!port) return undefined;
    for (let got = receiveMessageOnPort(port); got; got = receiveMessageOnPort(port)) {
      const message = got.message as CrewMessage;
      if (message.kind === kind) return message as Extract<CrewMessage, { kind: K }>;
      held.push(message);
    }
    return undefined;
  }

  /** The value to pass to `sleep`: read it before looking for work, so a wake-up in between is not lost. */
  sequence(): number {
    return Atomics.load(this.ctl, slot(this.me, SEQ));
  }

  sleep(sequence: number): void {
    Atomics.wait(this.ctl, slot(this.me, SEQ), sequence, WAIT_MS);
  }

  flag(thread: number, field: number): number {
    return Atomics.load(this.ctl, slot(thread, field));
  }

  setFlag(thread: number, field: number, value: number): void {
    Atomics.store(this.ctl, slot(thread, field), value);
  }

  aborted(): boolean {
    return Atomics.load(this.ctl, ABORTED) !== 0;
  }

  /**
   * Lists folders until none is left anywhere: pops from its own stack (depth first), gives
   * the bottom half of it (the shallowest folders, the largest subtrees) to a hungry thread,
   * and asks for folders when it runs dry. `list` lists one folder and returns how many
   * subfolders it pushed. False when the walk was abandoned (aborted, or a thread failed).
   */
  walk(stack: string[], list: (rel: string) => number, between?: () => void): boolean {
    const { ctl } = this;
    for (;;) {
      while (stack.length > 0) {
        if (this.aborted()) return false;
        const pushed = list(stack.pop() as string);
        if (pushed > 0) Atomics.add(ctl, OUTSTANDING, pushed);
        // Added before subtracted, so the count never touches 0 while folders remain.
        if (Atomics.sub(ctl, OUTSTANDING, 1) === 1) this.wakeAll();
        if (stack.length > 1) this.share(stack);
        between?.();
      }
      const more = this.awaitFolders(stack);
      if (more !== true) return more === "done";
    }
  }

  private share(stack: string[]): void {
    for (let j = 0; j < this.threads && stack.length > 1; j++) {
      if (j === this.me || this.flag(j, HUNGRY) !== 1) continue;
      // Only the thread that flips the flag back gives, so a hungry thread gets one share.
      if (Atomics.compareExchange(this.ctl, slot(j, HUNGRY), 1, 0) !== 1) continue;
      this.send(j, { kind: "folders", folders: stack.splice(0, stack.length >> 1) });
    }
  }

  /** Waits until another thread gives folders (true), the walk is over ("done"), or it was abandoned ("stop"). */
  private awaitFolders(stack: string[]): true | "done" | "stop" {
    this.setFlag(this.me, HUNGRY, 1);
    for (;;) {
      const sequence = this.sequence();
      for (let j = 0; j < this.threads; j++) {
        if (j === this.me) continue;
        const given = this.take(j, "folders");
        if (given) {
          for (const folder of given.folders) stack.push(folder);
          return true;
        }
      }
      // Folders in a message are still counted, so 0 means none is left anywhere.
      if (Atomics.load(this.ctl, OUTSTANDING) === 0) {
        this.setFlag(this.me, HUNGRY, 0);
        return "done";
      }
      if (this.aborted() || this.anyDead()) return "stop";
      this.sleep(sequence);
    }
  }

  anyDead(): boolean {
    for (let j = 0; j < this.threads; j++) if (this.flag(j, DEAD) !== 0) return true;
    return false;
  }
}
