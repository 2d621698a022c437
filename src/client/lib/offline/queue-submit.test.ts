import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { idbActionStore } from "./action-store";
import type { SyncRequest } from "./actions";
import { openCleanSpaceDb } from "./db";
import { createOfflineQueue, type SyncResult } from "./queue";

interface Call {
  method: string;
  url: string;
  body: Record<string, unknown>;
}

function setup(
  opts: { online?: boolean; owner?: () => number | null; respond?: (call: Call, n: number) => Response | Promise<Response> } = {},
) {
  let online = opts.online ?? true;
  const calls: Call[] = [];
  const sent: Array<{ req: SyncRequest; outcome?: number | "network-error" }> = [];
  const fetchStub = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const call = { method: init?.method ?? "GET", url: String(url), body: JSON.parse(String(init?.body)) as Record<string, unknown> };
    calls.push(call);
    return opts.respond ? opts.respond(call, calls.length) : Response.json({ recorded: true }, { status: 200 });
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
    currentOwner: opts.owner,
    onSend: (req) => {
      const entry: (typeof sent)[number] = { req };
      sent.push(entry);
      return (outcome) => {
        entry.outcome = outcome;
      };
    },
  });
  const runs: SyncResult[] = [];
  queue.onSynced((r) => runs.push(r));
  return {
    queue,
    calls,
    sent,
    runs,
    setOnline: (value: boolean) => {
      online = value;
      events.dispatchEvent(new Event(value ? "online" : "offline"));
    },
  };
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

describe("submit: the honest answer for the UI", () => {
  it("online: sends at once and hands back the server's answer", async () => {
    const t = setup();
    const out = await t.queue.submit("CREATE", "cleanup-events", { clientId: "c-12345678", items: 1 });
    expect(out).toMatchObject({ synced: true, response: { recorded: true } });
    expect(t.calls).toHaveLength(1);
    await t.queue.whenIdle();
    expect(await t.queue.pending()).toEqual([]);
    expect(t.runs).toEqual([{ synced: 1, failed: 0, deferred: 0 }]);
  });

  it("offline: stores it and says it is queued, sending nothing", async () => {
    const t = setup({ online: false });
    const out = await t.queue.submit("CREATE", "cleanup-events", { items: 1 });
    expect(out.synced).toBe(false);
    expect(t.calls).toHaveLength(0);
    expect(t.queue.getStatus()).toMatchObject({ isOnline: false, pendingActions: 1 });
    t.setOnline(true);
    await t.queue.whenIdle();
    expect(t.calls).toHaveLength(1);
    // Sent later: counted as deferred, so the app can say it arrived.
    expect(t.runs).toEqual([{ synced: 1, failed: 0, deferred: 1 }]);
  });

  it("a server error keeps the action and reports it as not synced", async () => {
    const t = setup({ respond: () => new Response("", { status: 503 }) });
    const out = await t.queue.submit("CREATE", "cleanup-events", { items: 1 });
    expect(out).toMatchObject({ synced: false, error: "HTTP error! status: 503" });
    expect(await t.queue.pending()).toHaveLength(1);
  });

  it("a network failure is noted in the privacy log as such", async () => {
    const t = setup({ respond: () => Promise.reject(new TypeError("Failed to fetch")) });
    await t.queue.submit("CREATE", "cleanup-events", { items: 1 });
    expect(t.sent.map((s) => [s.req.method, s.req.url, s.outcome])).toEqual([["POST", "/api/cleanup-events", "network-error"]]);
  });
});

describe("exactly once", () => {
  it("going offline mid-batch stops the run; the rest goes, once each, when back online", async () => {
    // The second request reaches the server but its answer is lost, and the device drops offline.
    const serverSeen: string[] = [];
    const t: ReturnType<typeof setup> = setup({
      online: false,
      respond: (call, n) => {
        serverSeen.push(String(call.body.actionId));
        if (n === 2) {
          t.setOnline(false);
          return Promise.reject(new TypeError("Failed to fetch"));
        }
        return Response.json({}, { status: 200 });
      },
    });
    for (let i = 0; i < 4; i++) await t.queue.queueAction("CREATE", "cleanup-events", { items: i + 1 });
    t.setOnline(true);
    await t.queue.whenIdle();
    // Stopped after the failure: nothing else was attempted while offline.
    expect(t.calls).toHaveLength(2);
    expect(await t.queue.pending()).toHaveLength(3);

    t.setOnline(true);
    await t.queue.whenIdle();
    expect(await t.queue.pending()).toEqual([]);
    // action-2 went twice (its first answer was lost) with the same id, which the server applies once.
    expect(serverSeen).toEqual(["action-1", "action-2", "action-2", "action-3", "action-4"]);
    expect(new Set(serverSeen).size).toBe(4);
  });

  it("an action queued while a run is finishing still gets sent", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const t = setup({
      respond: async (_call, n) => {
        if (n === 1) await gate;
        return Response.json({}, { status: 200 });
      },
    });
    const first = t.queue.submit("CREATE", "cleanup-events", { items: 1 });
    await vi.waitFor(() => expect(t.calls).toHaveLength(1));
    const second = t.queue.submit("CREATE", "cleanup-events", { items: 2 });
    release();
    expect((await first).synced).toBe(true);
    expect((await second).synced).toBe(true);
    expect(t.calls.map((c) => c.body.items)).toEqual([1, 2]);
  });

  it("a cancelled action is never sent; one being sent cannot be cancelled", async () => {
    const t = setup({ online: false });
    await t.queue.queueAction("CREATE", "cleanup-events", { clientId: "keep-1234" });
    await t.queue.queueAction("CREATE", "cleanup-events", { clientId: "drop-1234" });
    expect(await t.queue.cancel((a) => a.data.clientId === "drop-1234")).toBe(true);
    expect(await t.queue.cancel((a) => a.data.clientId === "nope-1234")).toBe(false);
    t.setOnline(true);
    await t.queue.whenIdle();
    expect(t.calls.map((c) => c.body.clientId)).toEqual(["keep-1234"]);
  });

  it("a DELETE whose target is already gone counts as done", async () => {
    const t = setup({ respond: () => new Response("", { status: 404 }) });
    const out = await t.queue.submit("DELETE", "cleanup-events", { id: "gone-1234" });
    expect(out.synced).toBe(true);
    expect(await t.queue.pending()).toEqual([]);
  });
});

describe("shared devices", () => {
  it("an action waits for the user who made it", async () => {
    let owner: number | null = 7;
    const t = setup({ online: false, owner: () => owner });
    const action = await t.queue.queueAction("CREATE", "cleanup-events", { items: 1 });
    expect(action.owner).toBe(7);
    owner = 8;
    t.setOnline(true);
    await t.queue.whenIdle();
    expect(t.calls).toHaveLength(0);
    expect(t.queue.getStatus().pendingActions).toBe(1);
    owner = 7;
    await t.queue.sync();
    expect(t.calls).toHaveLength(1);
    // The owner stays on the device: it is not part of what is sent.
    expect(t.calls[0]!.body).not.toHaveProperty("owner");
  });
});
