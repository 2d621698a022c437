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
/** A folder's path as the server lists it (IMAP paths are short; this bounds a hostile body). */
const folderPath = z.string().min(1).max(1_000);
/** RFC 3501 UIDVALIDITY: a non-zero 32-bit number. */
const uidValidity = z.number().int().positive().max(4_294_967_295);

/** Most folders one listing or action may name. */
export const MAX_FOLDERS = 500;

export const EMAIL_ACTIONS = ["trash", "archive", "read"] as const;
export type EmailAction = (typeof EMAIL_ACTIONS)[number];

/**
 * Messages of one folder, named by UID *under the UIDVALIDITY the listing saw*: the server
 * refuses the whole request when any folder's UIDVALIDITY has changed since, because then the
 * same UIDs may name other messages.
 */
export const MailTargetSchema = z.object({ folder: folderPath, uidValidity, uids }).strict();
export type MailTarget = z.infer<typeof MailTargetSchema>;

const targetsOf = <T extends z.ZodType<{ uids: number[] }>>(target: T) =>
  z
    .array(target)
    .min(1)
    .max(MAX_FOLDERS)
    .refine((ts) => ts.reduce((n, t) => n + t.uids.length, 0) <= MAX_ACTION_UIDS, `At most ${MAX_ACTION_UIDS} messages at once`);

export const EmailActionSchema = z.object({ action: z.enum(EMAIL_ACTIONS), targets: targetsOf(MailTargetSchema) }).strict();
export type EmailActionBody = z.infer<typeof EmailActionSchema>;

/** Where the messages of an action are now, and the folder Undo returns them to. */
export const UndoTargetSchema = MailTargetSchema.extend({ back: folderPath }).strict();
export type UndoTarget = z.infer<typeof UndoTargetSchema>;

/** What Undo sends back: the action's `undo` targets as the server gave them. */
export const EmailUndoSchema = z.object({ action: z.enum(EMAIL_ACTIONS), targets: targetsOf(UndoTargetSchema) }).strict();

export const EmailUnsubscribeSchema = z.object({ folder: folderPath, uidValidity, uid }).strict();

/** Which folders to list; absent: the default choice (INBOX and the user's own folders). */
export const EmailListSchema = z.object({ folders: z.array(folderPath).min(1).max(MAX_FOLDERS).optional() }).strict();
export type EmailListBody = z.infer<typeof EmailListSchema>;

/** The start of a refusal because a folder was renumbered (the client lists again on it). */
export const RENUMBERED_ERROR = "Your mail server renumbered";

export const MailFolderSchema = z.object({
  path: z.string(),
  /** The folder's own name (last part of the path). */
  name: z.string(),
  /** RFC 6154 special use (\Trash, \Junk, \Sent, …), or null for the user's own folders. */
  specialUse: z.string().nullable(),
  messages: z.number(),
  unread: z.number(),
  /** Listed unless the user chooses otherwise: INBOX and the user's own folders, not Trash, Junk, Sent, Drafts or All Mail. */
  byDefault: z.boolean(),
});
export type MailFolder = z.infer<typeof MailFolderSchema>;
export const MailFoldersSchema = z.object({ folders: z.array(MailFolderSchema) });

export const EmailAggregatesSchema = z.object({ emailCount: z.number(), emailUnread: z.number(), emailStorage: z.number() });
export type EmailAggregates = z.infer<typeof EmailAggregatesSchema>;

export const EmailActionResultSchema = z.object({
  action: z.enum(EMAIL_ACTIONS),
  /** How many messages the action changed. */
  count: z.number(),
  /**
   * What to send back for Undo: per folder the messages' UIDs where they are now (new UIDs
   * in Trash or Archive after a move; the same UIDs for mark read) and where they came from.
   */
  undo: z.array(UndoTargetSchema),
  aggregates: EmailAggregatesSchema,
});
export type EmailActionResult = z.infer<typeof EmailActionResultSchema>;

export const EmailUnsubscribeResultSchema = z.discriminatedUnion("method", [
  z.object({ method: z.literal("one-click"), ok: z.boolean() }),
  z.object({ method: z.literal("mailto"), target: z.string() }),
  /** `insecure`: the sender asked for one-click over plain http, which RFC 8058 forbids; the link is offered instead. */
  z.object({ method: z.literal("web"), target: z.string(), insecure: z.boolean().optional() }),
  z.object({ method: z.literal("none") }),
]);
export type EmailUnsubscribeResult = z.infer<typeof EmailUnsubscribeResultSchema>;

/** One message's metadata as streamed (short keys: 50,000 of these cross the wire). */
export interface MailMeta {
  /** Index of the message's folder in the listing's `folders`. */
  f: number;
  /** UID in that folder (under the UIDVALIDITY the listing saw). */
  u: number;
  /** Sender address (lower-case; "" when the From header names none) and display name, from the raw From header. */
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
  /** Before a folder's batches: the folder as SELECT saw it (its messages' `f` is its place among these lines). */
  | { t: "folder"; folder: ListedFolder }
  | { t: "batch"; done: number; messages: MailMeta[] }
  | { t: "done"; aggregates: EmailAggregates }
  | { t: "error"; error: string };

/** A folder as one listing saw it: the UIDVALIDITY every action on its messages must carry. */
export interface ListedFolder {
  path: string;
  name: string;
  uidValidity: number;
  total: number;
}
