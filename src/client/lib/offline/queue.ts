/**
 * The offline action queue (spec §4 "Offline sync"). An action is stored locally; if the
 * device is online it syncs at once; all pending actions also sync when the database opens
 * and whenever the connection returns. A synced action is removed; a failed one stays and
 * the loop goes on with the next. Status {isOnline, lastSync, pendingActions, syncing} is
 * broadcast to subscribers.
 *
 * Exactly once: the server applies an action id once, so a replay after a lost response is
 * harmless; here, one sync run at a time and a cancelled action is never sent.
 */
import {
  buildSyncRequest,
  assertValidAction,
  syncErrorMessage,
  type OfflineAction,
  type OfflineActionType,
  type OfflineData,
  type SyncRequest,
} from "./actions";
import { idbActionStore, memoryActionStore, type ActionStore } from "./action-store";
import { getCleanSpaceDb } from "./db";
import { recordSentRequest, settleSentRequest } from "../privacy-receipts/sent-log";
import { readStoredUserId } from "../stored-user";

export interface SyncStatus {
  isOnline: boolean;
  /** When a sync run last finished with nothing failing (ms since epoch). */
  lastSync: number | null;
  pendingActions: number;
  syncing: boolean;
  /** The last sync failure, e.g. 'HTTP error! status: 500'. */
  lastError: string | null;
}

export interface SyncResult {
  synced: number;
  failed: number;
  /** Of the synced ones, how many had been waiting (queued offline or after a failure). */
  deferred: number;
}

/** What became of a submitted action: sent now (with the server's answer) or still queued. */
export interface SubmitOutcome {
  action: OfflineAction;
  synced: boolean;
  response?: unknown;
  error?: string;
}

export interface OfflineQueueDeps {
  /** Opens the persistent store; null means the local database is unavailable. */
  openStore: () => Promise<ActionStore | null>;
  fetch: typeof fetch;
  isOnline: () => boolean;
  /** Where 'online' and 'offline' events arrive (window in the browser). */
  events?: EventTarget;
  now?: () => number;
  newId?: () => string;
  /** The signed-in user; an action made by another user waits (see OfflineAction.owner). */
  currentOwner?: () => number | null;
  /** Called as a request leaves; returns how to note its outcome (the privacy log). */
  onSend?: (req: SyncRequest) => (outcome: number | "network-error") => void;
  /** Delay before retrying after a failed run while online; null or absent: no timer. */
  retryDelayMs?: (attempt: number) => number | null;
}

export interface OfflineQueue {
  start(): void;
  queueAction(type: OfflineActionType, collection: string, data: OfflineData): Promise<OfflineAction>;
  /** Queues an action and resolves once this attempt to send it is over. */
  submit(type: OfflineActionType, collection: string, data: OfflineData): Promise<SubmitOutcome>;
  /** Removes pending actions that match and are not being sent; true if any was removed. */
  cancel(match: (action: OfflineAction) => boolean): Promise<boolean>;
  sync(): Promise<SyncResult>;
  whenIdle(): Promise<void>;
  pending(): Promise<OfflineAction[]>;
  getStatus(): SyncStatus;
  subscribe(listener: (status: SyncStatus) => void): () => void;
  /** Called after each sync run that sent something. */
  onSynced(listener: (result: SyncResult) => void): () => void;
}

async function readResponse(res: Response): Promise<unknown> {
  if (!(res.headers.get("content-type") ?? "").includes("application/json")) return undefined;
  return res.json().catch(() => undefined);
}

export function createOfflineQueue(deps: OfflineQueueDeps): OfflineQueue {
  const now = deps.now ?? Date.now;
  const newId = deps.newId ?? (() => crypto.randomUUID());
  const listeners = new Set<(status: SyncStatus) => void>();
  const syncedListeners = new Set<(result: SyncResult) => void>();
  const waiters = new Map<string, (outcome: Omit<SubmitOutcome, "action">) => void>();
  const cancelled = new Set<string>();
  let status: SyncStatus = { isOnline: deps.isOnline(), lastSync: null, pendingActions: 0, syncing: false, lastError: null };
  let storePromise: Promise<ActionStore> | undefined;
  let running: Promise<SyncResult> | null = null;
  let rerun = false;
  let inFlight: string | null = null;
  /** The ids the last pass found in the store: their waiters learn the outcome at run end. */
  let lastSeen = new Set<string>();
  let lastTimestamp = 0;
  let started = false;
  let retryAttempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  const setStatus = (patch: Partial<SyncStatus>) => {
    status = { ...status, ...patch };
    for (const l of listeners) l(status);
  };

  async function countPending(store: ActionStore): Promise<void> {
    setStatus({ pendingActions: (await store.all()).length });
  }

  function store(): Promise<ActionStore> {
    storePromise ??= deps
      .openStore()
      .catch((error: unknown) => {
        console.warn("CleanSpace: the local database is skipped", error);
        return null;
      })
      .then(async (opened) => {
        const s = opened ?? memoryActionStore();
        await countPending(s);
        // Spec §4: pending actions sync when the database opens.
        if (opened && deps.isOnline()) void sync();
        return s;
      });
    return storePromise;
  }

  function settle(id: string, outcome: Omit<SubmitOutcome, "action">): boolean {
    const waiter = waiters.get(id);
    if (!waiter) return false;
    waiters.delete(id);
    waiter(outcome);
    return true;
  }

  async function send(action: OfflineAction): Promise<unknown> {
    const req = buildSyncRequest(action);
    const note = deps.onSend?.(req);
    let res: Response;
    try {
      res = await deps.fetch(req.url, { method: req.method, headers: req.headers, body: req.body, credentials: "include" });
    } catch (error) {
      note?.("network-error");
      throw error;
    }
    note?.(res.status);
    // A DELETE whose target is already gone has reached the state it asked for.
    if (res.ok || (req.method === "DELETE" && res.status === 404)) return readResponse(res);
    throw new Error(syncErrorMessage(res.status));
  }

  function mayReplay(action: OfflineAction): boolean {
    if (action.owner === undefined || action.owner === null || !deps.currentOwner) return true;
    return deps.currentOwner() === action.owner;
  }

  /** One pass over the queue; `failedBefore` (this run's failures) are left for the next run. */
  async function syncOnce(s: ActionStore, failedBefore: Set<string>): Promise<SyncResult> {
    const result: SyncResult = { synced: 0, failed: 0, deferred: 0 };
    const actions = await s.all();
    lastSeen = new Set(actions.map((a) => a.id));
    for (const action of actions) {
      // Offline every send would fail: stop, the 'online' event starts the next run.
      if (!deps.isOnline()) break;
      if (cancelled.has(action.id) || failedBefore.has(action.id) || !mayReplay(action)) continue;
      inFlight = action.id;
      try {
        const response = await send(action);
        await s.remove(action.id);
        result.synced++;
        if (!settle(action.id, { synced: true, response })) result.deferred++;
      } catch (error) {
        result.failed++;
        failedBefore.add(action.id);
        const message = error instanceof Error ? error.message : String(error);
        setStatus({ lastError: message });
        console.warn(`CleanSpace: offline action ${action.type} ${action.collection} stays queued`, message);
        settle(action.id, { synced: false, error: message });
      } finally {
        inFlight = null;
      }
      await countPending(s);
    }
    return result;
  }

  function scheduleRetry(failed: boolean): void {
    if (!failed) {
      retryAttempt = 0;
      return;
    }
    const delay = deps.retryDelayMs?.(retryAttempt++);
    if (delay === null || delay === undefined || !deps.isOnline()) return;
    retryTimer = setTimeout(() => void sync(), delay);
  }

  function sync(): Promise<SyncResult> {
    if (running) {
      rerun = true;
      return running;
    }
    clearTimeout(retryTimer);
    running = (async () => {
      const s = await store();
      setStatus({ syncing: true, isOnline: deps.isOnline() });
      const total: SyncResult = { synced: 0, failed: 0, deferred: 0 };
      const failed = new Set<string>();
      try {
        do {
          rerun = false;
          const r = await syncOnce(s, failed);
          total.synced += r.synced;
          total.failed += r.failed;
          total.deferred += r.deferred;
        } while (rerun);
        if (total.failed === 0) setStatus({ lastSync: now(), lastError: null });
        return total;
      } finally {
        setStatus({ syncing: false });
        if (total.synced > 0) for (const l of syncedListeners) l(total);
        scheduleRetry(total.failed > 0);
      }
    })().finally(() => {
      running = null;
      // An action queued after the last pass gets a run of its own.
      if (rerun) {
        void sync();
        return;
      }
      // Whatever the run saw but did not send (offline, another user's) stays queued.
      for (const id of [...waiters.keys()]) if (lastSeen.has(id)) settle(id, { synced: false });
    });
    return running;
  }

  async function enqueue(type: OfflineActionType, collection: string, data: OfflineData, wait: boolean): Promise<SubmitOutcome> {
    assertValidAction(type, collection, data);
    start();
    lastTimestamp = Math.max(now(), lastTimestamp + 1);
    const owner = deps.currentOwner?.() ?? null;
    const action: OfflineAction = { id: newId(), timestamp: lastTimestamp, type, collection, data, ...(owner !== null ? { owner } : {}) };
    // Waiting starts before the action is stored: a run already going may pick it up.
    const outcome = wait ? new Promise<Omit<SubmitOutcome, "action">>((resolve) => waiters.set(action.id, resolve)) : null;
    const s = await store();
    await s.put(action);
    await countPending(s);
    if (!deps.isOnline()) {
      settle(action.id, { synced: false });
      return { action, synced: false };
    }
    void sync();
    return { action, ...((await outcome) ?? { synced: false }) };
  }

  /** Listens for connectivity changes and opens the store (idempotent). */
  function start(): void {
    if (started) return;
    started = true;
    const events = deps.events ?? (typeof window === "undefined" ? undefined : window);
    events?.addEventListener("online", () => {
      setStatus({ isOnline: true });
      retryAttempt = 0;
      void sync();
    });
    events?.addEventListener("offline", () => setStatus({ isOnline: false }));
    void store();
  }

  return {
    start,
    queueAction: async (type, collection, data) => (await enqueue(type, collection, data, false)).action,
    submit: (type, collection, data) => enqueue(type, collection, data, true),
    async cancel(match) {
      const s = await store();
      const doomed = (await s.all()).filter((a) => match(a) && a.id !== inFlight);
      for (const a of doomed) {
        cancelled.add(a.id);
        await s.remove(a.id);
        settle(a.id, { synced: false });
      }
      await countPending(s);
      return doomed.length > 0;
    },
    sync,
    whenIdle: async () => {
      await store();
      while (running) await running;
    },
    pending: async () => (await store()).all(),
    getStatus: () => status,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onSynced(listener) {
      syncedListeners.add(listener);
      return () => syncedListeners.delete(listener);
    },
  };
}

/* The page's queue. */
const queue = createOfflineQueue({
  openStore: async () => {
    const db = await getCleanSpaceDb();
    return db ? idbActionStore(db) : null;
  },
  fetch: (...args) => fetch(...args),
  isOnline: () => typeof navigator === "undefined" || navigator.onLine !== false,
  currentOwner: readStoredUserId,
  onSend: (req) => {
    const receipt = recordSentRequest({ method: req.method, url: req.url, body: req.body, via: "offline-queue" });
    return (outcome) => settleSentRequest(receipt, { status: outcome });
  },
  // The server was unreachable while the device is online: try again, 15 s doubling to 5 min.
  retryDelayMs: (attempt) => Math.min(15_000 * 2 ** attempt, 300_000),
});

/** Starts listening for connectivity and syncs what is pending (idempotent). */
export const startOfflineSync = (): void => queue.start();
/** Stores an action and, if online, syncs it at once. */
export const queueAction = (type: OfflineActionType, collection: string, data: OfflineData): Promise<OfflineAction> =>
  queue.queueAction(type, collection, data);
/** Stores an action, syncs it at once if online, and tells whether it reached the server. */
export const submitOfflineAction = (type: OfflineActionType, collection: string, data: OfflineData): Promise<SubmitOutcome> =>
  queue.submit(type, collection, data);
export const cancelOfflineActions = (match: (action: OfflineAction) => boolean): Promise<boolean> => queue.cancel(match);
export const syncPendingActions = (): Promise<SyncResult> => queue.sync();
export const getSyncStatus = (): SyncStatus => queue.getStatus();
export const subscribeSyncStatus = (listener: (status: SyncStatus) => void): (() => void) => queue.subscribe(listener);
export const subscribeSyncRuns = (listener: (result: SyncResult) => void): (() => void) => queue.onSynced(listener);
