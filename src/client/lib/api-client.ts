/**
 * The one way to call the API (spec §7): credentials always included; a JSON body only
 * when present; any non-OK response throws an ApiError whose message is
 * "{status}: {body text or status text}" (spec §8). Every request that sends data is
 * noted in the device's own log (lib/privacy-receipts, Settings → "What left this device").
 */
import { recordSentRequest, settleSentRequest } from "./privacy-receipts/sent-log";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The server's `error` field, when the body was our JSON error shape. */
    readonly serverError: string | undefined,
    readonly body: unknown,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = await res.text().catch(() => "");
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  const serverError =
    body && typeof body === "object" && typeof (body as { error?: unknown }).error === "string"
      ? (body as { error: string }).error
      : undefined;
  throw new ApiError(res.status, `${res.status}: ${text || res.statusText}`, serverError, body);
}

export async function apiRequest<T = unknown>(
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE",
  url: string,
  body?: unknown,
  init: { signal?: AbortSignal } = {},
): Promise<T> {
  const receipt = recordSentRequest({ method, url, body });
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      credentials: "include",
      headers: body !== undefined ? { "Content-Type": "application/json" } : {},
      body: body !== undefined ? JSON.stringify(body) : undefined,
      signal: init.signal,
    });
  } catch (error) {
    settleSentRequest(receipt, { status: "network-error" });
    throw error;
  }
  settleSentRequest(receipt, { status: res.status });
  await throwIfNotOk(res);
  if (res.status === 204) return undefined as T;
  const type = res.headers.get("content-type") ?? "";
  return (type.includes("application/json") ? await res.json() : await res.text()) as T;
}

/** GET that resolves to null on 401 instead of throwing (spec §7 default fetcher option). */
export async function apiGetOrNull<T>(url: string, signal?: AbortSignal): Promise<T | null> {
  try {
    return await apiRequest<T>("GET", url, undefined, signal ? { signal } : {});
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) return null;
    throw e;
  }
}
