/**
 * Records real cleanup (spec §4 "Goal": one action, one step towards today's goal) through
 * POST /api/cleanup-events, by way of the offline queue (spec §4 "Offline sync"): the event
 * is stored on the device first and sent at once when online, or when the connection
 * returns. The client id makes replays safe: the server records it once. Shared by the
 * dashboard and Organize (batch actions).
 *
 * Honest UI: an event that could not be sent yet resolves as `queued` and says so in a
 * notice; only an event the server answered counts as recorded.
 */
import type { CleanupEventInput } from "../../domain/schemas/cleanup-event";
import type { OfflineAction } from "./offline/actions";
import { toast } from "./toast-store";

export interface CleanupResult {
  recorded: boolean;
  goal: { target: number; completed: number; percent: number; achieved: boolean };
  streak: { currentStreak: number; longestStreak: number; streakHistory: string[]; today: string };
}

/** The server's answer, or — offline or unreachable — the event waiting on this device. */
export type CleanupPosted = (CleanupResult & { queued: false }) | { queued: true; recorded: false; clientId: string };

export const CLEANUP_COLLECTION = "cleanup-events";

export const newClientId = () => crypto.randomUUID();
export const userTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The queue (and its IndexedDB code) loads on first use, outside the initial bundle. */
const loadQueue = () => import("./offline/queue");

const isOffline = () => typeof navigator !== "undefined" && navigator.onLine === false;

function noticeQueued(what: "cleanup" | "undo", error: string | undefined): void {
  const offline = isOffline();
  const why = offline
    ? "You're offline."
    : error?.startsWith("HTTP error!")
      ? `Our server did not take it (${error}).`
      : "Our server could not be reached.";
  const when = offline ? "It syncs by itself when you're back online." : "It will be sent again automatically.";
  const waiting =
    what === "cleanup"
      ? "This cleanup is waiting on this device and counts toward your goal once it syncs."
      : "The undo is waiting on this device.";
  toast({ title: offline ? "Saved on this device" : "Not sent yet", description: `${why} ${waiting} ${when}` });
}

export async function postCleanupEvent(
  event: Omit<CleanupEventInput, "clientId" | "timezone"> & { clientId?: string },
): Promise<CleanupPosted> {
  const clientId = event.clientId ?? newClientId();
  const { submitOfflineAction } = await loadQueue();
  const outcome = await submitOfflineAction("CREATE", CLEANUP_COLLECTION, { ...event, clientId, timezone: userTimeZone() });
  if (outcome.synced) return { ...(outcome.response as CleanupResult), queued: false };
  noticeQueued("cleanup", outcome.error);
  return { queued: true, recorded: false, clientId };
}

const createsEvent = (clientId: string) => (a: OfflineAction) =>
  a.collection === CLEANUP_COLLECTION && a.type === "CREATE" && a.data.clientId === clientId;

/** Undoes an event: one still waiting on the device is simply dropped, never sent. */
export async function retractCleanupEvent(clientId: string): Promise<void> {
  const { cancelOfflineActions, submitOfflineAction } = await loadQueue();
  if (await cancelOfflineActions(createsEvent(clientId))) return;
  const outcome = await submitOfflineAction("DELETE", CLEANUP_COLLECTION, { id: clientId });
  if (!outcome.synced) noticeQueued("undo", outcome.error);
}
