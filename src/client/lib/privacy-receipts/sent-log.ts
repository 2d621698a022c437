/**
 * The local log behind Settings → "What left this device": every request that
 * sends data to our server — method, path, time and the JSON body exactly as sent, with
 * passwords redacted — recorded at the two places requests leave (lib/api-client and the
 * offline queue's sync). Reads (GET) carry no body and are not listed. The log is a ring of
 * the last 50 entries in this browser's localStorage; it is never sent anywhere.
 */
import { redactPayload } from "./redact";
import { formatCount } from "../../../domain/format";

export const SENT_LOG_KEY = "cleanspace.sentLog";
export const SENT_LOG_LIMIT = 50;
/** Bodies past this size are summarised rather than kept (none of ours come close). */
const MAX_BODY_CHARS = 100_000;
const CHANGE_EVENT = "cleanspace:sent-log";

export type SentOutcome = { status: number } | { status: "network-error" } | { status: "pending" };

export interface SentRequest {
  id: string;
  method: string;
  path: string;
  /** ms since epoch, when the request left. */
  time: number;
  /** The JSON body as sent (passwords redacted); null when there was none. */
  body: unknown;
  outcome: SentOutcome;
  /** "app" for direct calls, "offline-queue" for replays of actions saved offline. */
  via: "app" | "offline-queue";
}

let counter = 0;

function read(): SentRequest[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(SENT_LOG_KEY) ?? "[]");
    return Array.isArray(parsed) ? (parsed as SentRequest[]) : [];
  } catch {
    return [];
  }
}

function write(entries: SentRequest[]): void {
  let kept = entries.slice(-SENT_LOG_LIMIT);
  // A full storage drops the oldest entries rather than the newest.
  while (kept.length > 0) {
    try {
      localStorage.setItem(SENT_LOG_KEY, JSON.stringify(kept));
      break;
    } catch {
      kept = kept.slice(1);
    }
  }
  if (typeof window !== "undefined") window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** A same-origin URL as a path (with its query); other URLs as they are. */
function toPath(url: string): string {
  if (typeof location === "undefined") return url;
  try {
    const u = new URL(url, location.href);
    return u.origin === location.origin ? `${u.pathname}${u.search}` : u.href;
  } catch {
    return url;
  }
}

function parseBody(body: unknown): unknown {
  if (body === undefined || body === null || body === "") return null;
  let value: unknown;
  if (typeof body === "string") {
    try {
      value = JSON.parse(body);
    } catch {
      value = body;
    }
  } else {
    // The JSON the request carries, not the object before serialisation.
    value = JSON.parse(JSON.stringify(body)) as unknown;
  }
  const redacted = redactPayload(value);
  const text = JSON.stringify(redacted) ?? "";
  return text.length > MAX_BODY_CHARS ? `(${formatCount(text.length)} characters of JSON, too large to keep here)` : redacted;
}

/** Records a request as it leaves; returns its id (null for reads, which are not listed). */
export function recordSentRequest(input: { method: string; url: string; body?: unknown; via?: SentRequest["via"] }): string | null {
  const method = input.method.toUpperCase();
  if (method === "GET" || method === "HEAD") return null;
  try {
    const id = `${Date.now().toString(36)}-${++counter}`;
    const entry: SentRequest = {
      id,
      method,
      path: toPath(input.url),
      time: Date.now(),
      body: parseBody(input.body),
      outcome: { status: "pending" },
      via: input.via ?? "app",
    };
    write([...read(), entry]);
    return id;
  } catch (error) {
    // The log must never stop a request.
    console.warn("CleanSpace: could not record a sent request", error);
    return null;
  }
}

/** Notes how a recorded request ended: its HTTP status, or a network error. */
export function settleSentRequest(id: string | null, outcome: Exclude<SentOutcome, { status: "pending" }>): void {
  if (id === null) return;
  const entries = read();
  const entry = entries.find((e) => e.id === id);
  if (!entry) return;
  entry.outcome = outcome;
  write(entries);
}

/** Newest first. */
export function readSentRequests(): SentRequest[] {
  return read().reverse();
}

export function clearSentRequests(): void {
  try {
    localStorage.removeItem(SENT_LOG_KEY);
  } catch {
    // Storage blocked: nothing was kept either.
  }
  if (typeof window !== "undefined") window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** Calls back when the log changes in this tab or another. */
export function subscribeSentRequests(listener: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === SENT_LOG_KEY) listener();
  };
  window.addEventListener(CHANGE_EVENT, listener);
  window.addEventListener("storage", onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** A cheap, stable snapshot of the log for useSyncExternalStore. */
export function sentLogSnapshot(): string {
  try {
    return localStorage.getItem(SENT_LOG_KEY) ?? "";
  } catch {
    return "";
  }
}
