/**
 * "After the page has loaded, its first screen is shown and the main thread is idle": when the
 * app starts what the first screen does not show — the device layer, the offline queue's
 * indicator, the install and update prompts. Started earlier, their code and their storage
 * reads compete with the screen's own for the network and the main thread (decision 024).
 *
 * The first screen is shown when its route has been rendered (or adopted from the server's
 * markup), the data reads it started have settled and none of its loading placeholders is
 * left: a screen's main content often waits on a read of this device's storage (Organize's
 * scan index), and an idle main thread during that read does not mean the screen is done. `awaitFirstScreen` (called once by the app's start)
 * makes the work wait for `firstScreenShown`; without it only the load and the idle matter.
 */
import type { QueryClient } from "@tanstack/react-query";
import { useEffect, useSyncExternalStore } from "react";

let ready = false;
let scheduled = false;
let screenPending = false;
/** The page has loaded and been idle while the first screen was still pending. */
let heldBack = false;
let releasing = false;
/** The first screen's route has been rendered and its reads have settled (firstScreenShown). */
let screenRendered = false;
/** Loading placeholders of the screen now shown (useHoldsFirstScreen). */
let placeholders = 0;
/** The first screen took longer than FIRST_SCREEN_LIMIT_MS: the work waits for it no more. */
let gaveUp = false;
const listeners = new Set<() => void>();

/**
 * How long the first screen's reads may hold the work back: a read that retries (an API that
 * is down) must not keep the install prompt or the offline queue away for good.
 */
const SCREEN_READS_LIMIT_MS = 5000;
/** The same for a first screen that never finishes loading (a read of this device that hangs). */
const FIRST_SCREEN_LIMIT_MS = 10_000;

function requestIdle(run: () => void): void {
  if (typeof requestIdleCallback === "function") requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 0);
}

function done(): void {
  if (screenPending) {
    heldBack = true;
    return;
  }
  ready = true;
  for (const listener of [...listeners]) listener();
  listeners.clear();
}

function schedule(): void {
  if (scheduled || typeof window === "undefined") return;
  scheduled = true;
  if (document.readyState === "complete") requestIdle(done);
  else addEventListener("load", () => requestIdle(done), { once: true });
}

/** Runs `work` once the page has loaded, the first screen is shown and the main thread is idle (at once after that). */
export function afterLoad(work: () => void): void {
  if (ready) {
    work();
    return;
  }
  listeners.add(work);
  schedule();
}

/** The after-load work also waits for `firstScreenShown` (the app's start, before its first render). */
export function awaitFirstScreen(): void {
  if (ready || screenPending) return;
  screenPending = true;
  setTimeout(() => {
    gaveUp = true;
    release();
  }, FIRST_SCREEN_LIMIT_MS);
}

/**
 * The first screen's route is rendered and its reads have settled (idempotent). The work held
 * back for it runs at the first idle moment after the next frame — once no placeholder of the
 * screen is shown any more (useHoldsFirstScreen), so after the screen's content is painted.
 */
export function firstScreenShown(): void {
  screenRendered = true;
  release();
}

/**
 * For a screen's loading placeholder ("Loading your items…"): while one is shown, its screen's
 * main content is still to come, and the first screen does not count as shown.
 */
export function useHoldsFirstScreen(): void {
  useEffect(() => {
    placeholders++;
    return () => {
      placeholders--;
      release();
    };
  }, []);
}

function release(): void {
  if (!screenPending || releasing || (!gaveUp && (!screenRendered || placeholders > 0))) return;
  releasing = true;
  afterNextFrame(() => {
    screenPending = false;
    if (heldBack) {
      heldBack = false;
      requestIdle(done);
    }
  });
}

function afterNextFrame(run: () => void): void {
  if (typeof requestAnimationFrame === "function") requestAnimationFrame(() => setTimeout(run, 0));
  else setTimeout(run, 0);
}

/**
 * Calls `run` once none of the client's queries is fetching — checked again at the next idle
 * moment, since a read that settles often lets the screen start the next one (the scan index,
 * then its folder) — or after SCREEN_READS_LIMIT_MS. Returns a cancel function.
 */
export function whenQueriesSettle(queryClient: QueryClient, run: () => void): () => void {
  let over = false;
  const finish = () => {
    if (over) return;
    over = true;
    unsubscribe();
    clearTimeout(limit);
    run();
  };
  const check = () => {
    if (over || queryClient.isFetching() > 0) return;
    requestIdle(() => {
      if (queryClient.isFetching() === 0) finish();
    });
  };
  const unsubscribe = queryClient.getQueryCache().subscribe(check);
  const limit = setTimeout(finish, SCREEN_READS_LIMIT_MS);
  check();
  return () => {
    over = true;
    unsubscribe();
    clearTimeout(limit);
  };
}

function subscribe(listener: () => void): () => void {
  afterLoad(listener);
  return () => listeners.delete(listener);
}

/** False until the page has loaded, the first screen is shown and the main thread is idle; never true on the server. */
export function useAfterLoad(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => ready,
    () => false,
  );
}
