import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { idbActionStore } from "./action-store";
import { DB_NAME, openCleanSpaceDb } from "./db";
import { createOfflineQueue, type SyncStatus } from "./queue";

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
  credentials: RequestCredentials | undefined;
}

function setup(opts: { online?: boolean; status?: (call: Call) => number } = {}) {
  let online = opts.online ?? true;
  const calls: Call[] = [];
  const fetchStub = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const call: Call = {
      url: String(url),
      method: init?.method ?? "GET",
      headers: init?.headers as Record<string, string>,
      body: JSON.parse(String(init?.body)) as Record<string, unknown>,
      credentials: init?.credentials,
    };
    calls.push(call);
    const status = opts.status?.(call) ?? 201;
    return new Response(null, { status });
  });
  const events = new EventTarget();
  let n = 0;
  const queue = createOfflineQueue({
    openStore: async () => {
      const db = await openCleanSpaceDb();
      return db ? idbActionStore(db) : null;
    },
    fetch: fetchStub as typeof fetch,
    isOnline: () => online,
    events,
    newId: () => `action-${++n}`,
  });
  const statuses: SyncStatus[] = [];
  queue.subscribe((s) => statuses.push(s));
  return {
    queue,
    calls,
    statuses,
    goOnline: () => {
      online = true;
      events.dispatchEvent(new Event("online"));
    },
    goOffline: () => {
      online = false;
      events.dispatchEvent(new Event("offline"));
    },
  };
}

beforeEach(() => {
  // A fresh, empty IndexedDB for every test.
  globalThis.indexedDB = new IDBFactory();
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

describe("local database (spec §3)", () => {
  it("is 'CleanSpace' version 1 with the four stores and their keys", async () => {
    const db = (await openCleanSpaceDb())!;
    expect([db.name, db.version]).toEqual([DB_NAME, 1]);
    expect([...db.objectStoreNames].sort()).toEqual(["digitalData", "offlineActions", "streaks", "users"]);
    const tx = db.transaction(["users", "digitalData", "streaks", "offlineActions"]);
    expect(tx.objectStore("users").keyPath).toBe("id");
    expect(tx.objectStore("digitalData").keyPath).toBe("userId");
    expect(tx.objectStore("streaks").keyPath).toBe("userId");
    expect(tx.objectStore("offlineActions").keyPath).toBe("id");
    db.close();
  });

  it("is skipped with a console warning where IndexedDB does not exist", async () => {
    // @ts-expect-error simulating a browser without IndexedDB
    delete globalThis.indexedDB;
    expect(await openCleanSpaceDb()).toBeNull();
    expect(console.warn).toHaveBeenCalled();
  });
});

describe("offline queue (spec §4 offline sync)", () => {
  it("keeps actions while offline and syncs them once, in order, when the connection returns", async () => {
    const t = setup({ online: false });
    t.queue.start();
    const first = await t.queue.queueAction("CREATE", "cleanup-events", { category: "photos", items: 3 });
    await t.queue.queueAction("UPDATE", "cleanup-events", { id: 9, items: 4 });
    await t.queue.queueAction("DELETE", "cleanup-events", { id: 9 });
    await t.queue.whenIdle();
    expect(t.calls).toHaveLength(0);
    expect(first).toMatchObject({ id: "action-1", type: "CREATE", collection: "cleanup-events" });
    expect(t.queue.getStatus()).toMatchObject({ isOnline: false, pendingActions: 3, syncing: false });

    t.goOnline();
    await t.queue.whenIdle();
    expect(t.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      "POST /api/cleanup-events",
      "PATCH /api/cleanup-events/9",
      "DELETE /api/cleanup-events/9",
    ]);
    expect(t.calls[0]).toMatchObject({
      headers: { "Idempotency-Key": "action-1", "Content-Type": "application/json" },
      body: { category: "photos", items: 3, actionId: "action-1" },
      credentials: "include",
    });
    expect(await t.queue.pending()).toEqual([]);
    expect(t.queue.getStatus()).toMatchObject({ isOnline: true, pendingActions: 0, syncing: false });
    expect(t.queue.getStatus().lastSync).toEqual(expect.any(Number));
    expect(t.statuses.some((s) => s.syncing)).toBe(true);

    // Synced actions are gone: another online event sends nothing again.
    t.goOnline();
    await t.queue.whenIdle();
    expect(t.calls).toHaveLength(3);
  });

  it("syncs at once when online", async () => {
    const t = setup({ online: true });
    await t.queue.queueAction("CREATE", "cleanup-events", { category: "files" });
    await t.queue.whenIdle();
    expect(t.calls).toHaveLength(1);
    expect(t.queue.getStatus().pendingActions).toBe(0);
  });

  it("keeps a failed action, goes on with the next, and retries it later", async () => {
    let fail = true;
    const t = setup({ online: false, status: (c) => (fail && c.method === "POST" ? 500 : 200) });
    await t.queue.queueAction("CREATE", "cleanup-events", { category: "apps" });
    await t.queue.queueAction("UPDATE", "user-settings", { id: "me", dailyTips: false });
    t.goOnline();
    await t.queue.whenIdle();
    expect(t.calls.map((c) => c.method)).toEqual(["POST", "PATCH"]);
    expect((await t.queue.pending()).map((a) => a.type)).toEqual(["CREATE"]);
    expect(t.queue.getStatus()).toMatchObject({ pendingActions: 1, lastError: "HTTP error! status: 500", lastSync: null });
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining("stays queued"), "HTTP error! status: 500");

    fail = false;
    await t.queue.sync();
    expect(t.calls.map((c) => c.method)).toEqual(["POST", "PATCH", "POST"]);
    expect(t.calls[2]!.headers["Idempotency-Key"]).toBe(t.calls[0]!.headers["Idempotency-Key"]);
    expect(t.queue.getStatus()).toMatchObject({ pendingActions: 0, lastError: null });
  });

  it("syncs what an earlier page left behind when the database opens", async () => {
    const before = setup({ online: false });
    await before.queue.queueAction("CREATE", "cleanup-events", { category: "email" });
    const after = setup({ online: true });
    after.queue.start();
    await after.queue.whenIdle();
    expect(after.calls.map((c) => c.body.category)).toEqual(["email"]);
  });

  it("rejects actions that could never sync", async () => {
    const t = setup();
    await expect(t.queue.queueAction("DELETE", "cleanup-events", {})).rejects.toThrow(TypeError);
  });

  it("falls back to memory when the local database is unavailable", async () => {
    // @ts-expect-error simulating a browser without IndexedDB
    delete globalThis.indexedDB;
    const t = setup({ online: false });
    await t.queue.queueAction("CREATE", "cleanup-events", { category: "photos" });
    expect(t.queue.getStatus().pendingActions).toBe(1);
    t.goOnline();
    await t.queue.whenIdle();
    expect(t.calls).toHaveLength(1);
  });
});
