import { describe, expect, it } from "vitest";
import { buildSyncRequest, syncErrorMessage, type OfflineAction } from "./actions";

const action = (over: Partial<OfflineAction>): OfflineAction => ({
  id: "a1",
  timestamp: 1,
  type: "CREATE",
  collection: "cleanup-events",
  data: { category: "photos" },
  ...over,
});

describe("buildSyncRequest (spec §7)", () => {
  it("replays CREATE as POST /api/{collection} with the action id as idempotency key", () => {
    expect(buildSyncRequest(action({}))).toEqual({
      method: "POST",
      url: "/api/cleanup-events",
      headers: { "Content-Type": "application/json", "Idempotency-Key": "a1" },
      body: JSON.stringify({ category: "photos", actionId: "a1" }),
    });
  });

  it("replays UPDATE as PATCH and DELETE as DELETE on /api/{collection}/{id}", () => {
    const update = buildSyncRequest(action({ type: "UPDATE", data: { id: 5, done: true } }));
    expect([update.method, update.url]).toEqual(["PATCH", "/api/cleanup-events/5"]);
    expect(JSON.parse(update.body)).toEqual({ id: 5, done: true, actionId: "a1" });
    const del = buildSyncRequest(action({ type: "DELETE", data: { id: "x/y" } }));
    expect([del.method, del.url]).toEqual(["DELETE", "/api/cleanup-events/x%2Fy"]);
  });

  it("refuses actions that could never be replayed", () => {
    expect(() => buildSyncRequest(action({ type: "UPDATE", data: {} }))).toThrow(TypeError);
    expect(() => buildSyncRequest(action({ collection: "../auth" }))).toThrow(TypeError);
  });

  it("uses the spec's sync error text", () => {
    expect(syncErrorMessage(503)).toBe("HTTP error! status: 503");
  });
});
