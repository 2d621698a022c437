/**
 * The mailbox API calls (Organize → Email and Settings → Mailbox). The listing is a stream of NDJSON lines read as they arrive, so a
 * large mailbox shows progress; everything else goes through the one API client.
 */
import type {
  EmailAction,
  EmailActionResult,
  EmailConnect,
  EmailConnection,
  EmailOAuthStart,
  EmailUnsubscribeResult,
  ListLine,
  MailFolder,
  MailTarget,
  UndoTarget,
} from "../../../domain/schemas/email";
import { ApiError, apiRequest } from "../api-client";
import { recordSentRequest, settleSentRequest } from "../privacy-receipts/sent-log";

export const emailConnectionKey = ["email", "connection"] as const;

export const getConnection = () => apiRequest<EmailConnection>("GET", "/api/email/connection");
export const connectMailbox = (body: EmailConnect) => apiRequest<EmailConnection>("POST", "/api/email/connect", body);
export const disconnectMailbox = () => apiRequest<void>("DELETE", "/api/email/connection");
export const emailFoldersKey = ["email", "folders"] as const;
export const getFolders = () => apiRequest<{ folders: MailFolder[] }>("GET", "/api/email/folders");
export const runAction = (action: EmailAction, targets: MailTarget[]) =>
  apiRequest<EmailActionResult>("POST", "/api/email/actions", { action, targets });
export const undoAction = (action: EmailAction, targets: UndoTarget[]) =>
  apiRequest<EmailActionResult>("POST", "/api/email/undo", { action, targets });
/** Where to send the browser to sign in at Gmail or Outlook (the server keeps the state and PKCE verifier). */
export const startOAuth = (body: EmailOAuthStart) => apiRequest<{ url: string }>("POST", "/api/email/oauth/start", body);
/** Leaves the app for the provider's sign-in page (it sends the browser back to our server). */
export const goToProvider = (url: string) => window.location.assign(url);
export const unsubscribe = (target: { folder: string; uidValidity: number; uid: number }) =>
  apiRequest<EmailUnsubscribeResult>("POST", "/api/email/unsubscribe", target);

/** Streams POST /api/email/list (the chosen folders; null: the server's default choice), calling `onLine` per line; resolves when the stream ends. */
export async function streamList(folders: string[] | null, onLine: (line: ListLine) => void, signal?: AbortSignal): Promise<void> {
  const body = folders ? { folders } : {};
  const receipt = recordSentRequest({ method: "POST", url: "/api/email/list", body });
  let res: Response;
  try {
    res = await fetch("/api/email/list", {
      method: "POST",
      credentials: "include",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      signal,
    });
  } catch (e) {
    settleSentRequest(receipt, { status: "network-error" });
    throw e;
  }
  settleSentRequest(receipt, { status: res.status });
  if (!res.ok || !res.body) {
    const text = await res.text().catch(() => "");
    let serverError: string | undefined;
    try {
      serverError = (JSON.parse(text) as { error?: string }).error;
    } catch {
      serverError = undefined;
    }
    throw new ApiError(res.status, `${res.status}: ${text || res.statusText}`, serverError, undefined);
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (value) buffered += value;
    let nl: number;
    while ((nl = buffered.indexOf("\n")) >= 0) {
      const line = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 1);
      if (line.trim()) onLine(JSON.parse(line) as ListLine);
    }
    if (done) break;
  }
}

export const errorText = (e: unknown) =>
  e instanceof ApiError ? (e.serverError ?? e.message) : e instanceof Error ? e.message : String(e);
