/**
 * "After the page has loaded and the main thread is idle": when the app starts what the first
 * screen does not show — the device layer, the offline queue's indicator, the install and
 * update prompts. Started earlier, their code and their storage reads compete with the
 * screen's own for the network and the main thread (decision 024).
 */
import { useSyncExternalStore } from "react";

let ready = false;
let scheduled = false;
const listeners = new Set<() => void>();

function schedule(): void {
  if (scheduled || typeof window === "undefined") return;
  scheduled = true;
  const done = () => {
    ready = true;
    for (const listener of [...listeners]) listener();
    listeners.clear();
  };
  const idle = () => (typeof requestIdleCallback === "function" ? requestIdleCallback(done, { timeout: 2000 }) : setTimeout(done, 0));
  if (document.readyState === "complete") idle();
  else addEventListener("load", idle, { once: true });
}

/** Runs `work` once the page has loaded and the main thread is idle (at once after that). */
export function afterLoad(work: () => void): void {
  if (ready) {
    work();
    return;
  }
  listeners.add(work);
  schedule();
}

function subscribe(listener: () => void): () => void {
  afterLoad(listener);
  return () => listeners.delete(listener);
}

/** False until the page has loaded and the main thread is idle; never true on the server. */
export function useAfterLoad(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => ready,
    () => false,
  );
}
