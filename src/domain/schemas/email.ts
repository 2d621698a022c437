/**
 * What passes between the browser and the server for a connected mailbox. The
 * server streams message metadata (never bodies) and keeps none of it; only the aggregates
 * (count, unread, bytes) are stored.
 */
import { z } from "zod";
import { MAIL_OAUTH_PROVIDERS } from "../email-oauth";

/** Most UIDs one action may name (a sender with tens of thousands of mails still fits in one request). */
export const MAX_ACTION_UIDS = 50_000;

const hostname = z
  .string()
  .trim()
  .min(1, "Enter the server name")
  .max(253)
  .regex(/^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+|[0-9a-fA-F:]+)$/, "Enter a server name such as imap.example.com");

export const EmailConnectSchema = z
  .object({
    host: hostname,
    port: z.number().int().min(1).max(65535),
    username: z.string().trim().min(1, "Enter your e-mail address or user name").max(320),
    password: z.string().min(1, "Enter the (app) password").max(1024),
    stayConnected: z.boolean().default(false),
  })
  .strict();
export type EmailConnect = z.infer<typeof EmailConnectSchema>;

export const EmailConnectionSchema = z.object({
  connected: z.boolean(),
  /** A sealed password or refresh token is kept ("stay connected"). */
  stored: z.boolean(),
  /** How the shown mailbox signs in: an (app) password, or OAuth with that provider. */
  method: z.enum(["password", ...MAIL_OAUTH_PROVIDERS]).nullable(),
  host: z.string().nullable(),
  port: z.number().nullable(),
  username: z.string().nullable(),
  /** Whether the server can keep passwords (IMAP_SECRET_KEY is set). */
  canStay: z.boolean(),
  /** The providers whose OAuth sign-in is configured (their buttons use it). */
  oauth: z.object({ gmail: z.boolean(), outlook: z.boolean() }),
});
export type EmailConnection = z.infer<typeof EmailConnectionSchema>;

export const EmailOAuthStartSchema = z
  .object({ provider: z.enum(MAIL_OAUTH_PROVIDERS), stayConnected: z.boolean().default(false) })
  .strict();
export type EmailOAuthStart = z.infer<typeof EmailOAuthStartSchema>;
/** Where the browser goes to sign in at the provider. */
export const EmailOAuthRedirectSchema = z.object({ url: z.string() });

/** What the provider sends back to the callback (RFC 6749 §4.1.2); bounded, everything optional. */
export const EmailOAuthCallbackQuerySchema = z.object({
  state: z.string().max(512).optional(),
  code: z.string().max(4096).optional(),
  error: z.string().max(256).optional(),
});

const uid = z.number().int().positive().max(4_294_967_295);
const uids = z.array(uid).min(1).max(MAX_ACTION_UIDS);

export const EMAIL_ACTIONS = ["trash", "archive", "read"] as const;
export type EmailAction = (typeof EMAIL_ACTIONS)[number];

export const EmailActionSchema = z.object({ action: z.enum(EMAIL_ACTIONS), uids }).strict();

/** What Undo sends back: the UIDs the messages have now (in Trash or Archive for a move). */
export const EmailUndoSchema = z.object({ action: z.enum(EMAIL_ACTIONS), uids }).strict();

export const EmailUnsubscribeSchema = z.object({ uid }).strict();

export const EmailAggregatesSchema = z.object({ emailCount: z.number(), emailUnread: z.number(), emailStorage: z.number() });
export type EmailAggregates = z.infer<typeof EmailAggregatesSchema>;

export const EmailActionResultSchema = z.object({
  action: z.enum(EMAIL_ACTIONS),
  /** How many messages the action changed. */
  count: z.number(),
  /** The UIDs to send back for Undo (new UIDs after a move; the same UIDs for mark read). */
  undoUids: z.array(z.number()),
  aggregates: EmailAggregatesSchema,
});
export type EmailActionResult = z.infer<typeof EmailActionResultSchema>;

export const EmailUnsubscribeResultSchema = z.discriminatedUnion("method", [
  z.object({ method: z.literal("one-click"), ok: z.boolean() }),
  z.object({ method: z.literal("mailto"), target: z.string() }),
  z.object({ method: z.literal("web"), target: z.string() }),
  z.object({ method: z.literal("none") }),
]);
export type EmailUnsubscribeResult = z.infer<typeof EmailUnsubscribeResultSchema>;

/** One message's metadata as streamed (short keys: 50,000 of these cross the wire). */
export interface MailMeta {
  /** UID in INBOX. */
  u: number;
  /** Sender address (lower-case) and display name. */
  a: string;
  n: string;
  /** Subject. */
  s: string;
  /** Date, epoch ms (INTERNALDATE). */
  d: number;
  /** Size in bytes. */
  z: number;
  /** Unread. */
  r: boolean;
  /** Unsubscribe offered: 2 one-click, 1 link only, 0 none. */
  l: 0 | 1 | 2;
}

/** The NDJSON lines of POST /api/email/list. */
export type ListLine =
  | { t: "start"; total: number }
  | { t: "batch"; done: number; messages: MailMeta[] }
  | { t: "done"; aggregates: EmailAggregates }
  | { t: "error"; error: string };
