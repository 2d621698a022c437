/**
 * Offline actions (spec §3 "Offline action", §7): what is queued and the request that
 * replays it. CREATE → POST /api/{collection}; UPDATE → PATCH /api/{collection}/{id};
 * DELETE → DELETE /api/{collection}/{id}. The action id travels as the Idempotency-Key
 * header and as `actionId` in the body, so a replay after a lost response is harmless.
 */
export type OfflineActionType = "CREATE" | "UPDATE" | "DELETE";

export type OfflineData = Record<string, unknown> & { id?: string | number };

export interface OfflineAction {
  id: string;
  timestamp: number;
  type: OfflineActionType;
  collection: string;
  data: OfflineData;
  /**
   * The signed-in user id when the action was made (not sent: the server takes the user
   * from the session). An action waits until that user is signed in again, so it can never
   * be replayed into someone else's account on a shared device.
   */
  owner?: number | null;
}

export interface SyncRequest {
  method: "POST" | "PATCH" | "DELETE";
  url: string;
  headers: Record<string, string>;
  body: string;
}

const COLLECTION = /^[a-z][a-z0-9-]*$/;

/** Throws a TypeError when an action could never be replayed (a programming error). */
export function assertValidAction(type: OfflineActionType, collection: string, data: OfflineData): void {
  if (!COLLECTION.test(collection)) throw new TypeError(`Invalid offline collection name: ${collection}`);
  if (type !== "CREATE" && (data.id === undefined || data.id === null || data.id === "")) {
    throw new TypeError(`An offline ${type} needs data.id`);
  }
}

export function buildSyncRequest(action: OfflineAction): SyncRequest {
  assertValidAction(action.type, action.collection, action.data);
  const base = `/api/${action.collection}`;
  const url = action.type === "CREATE" ? base : `${base}/${encodeURIComponent(String(action.data.id))}`;
  const method = action.type === "CREATE" ? "POST" : action.type === "UPDATE" ? "PATCH" : "DELETE";
  return {
    method,
    url,
    headers: { "Content-Type": "application/json", "Idempotency-Key": action.id },
    body: JSON.stringify({ ...action.data, actionId: action.id }),
  };
}

/** The spec's sync error text (§8). */
export function syncErrorMessage(status: number): string {
  return `HTTP error! status: ${status}`;
}
