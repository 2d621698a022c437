/**
 * What the server does inside a user's mailbox: list INBOX metadata in batches (ENVELOPE,
 * size, flags, date and the two List-Unsubscribe header fields; never a body part), move
 * messages to Trash or Archive and back by UID, set and clear \Seen. Nothing read is kept.
 */
import type { ImapFlow } from "imapflow";
import type { EmailAction, ListLine, MailMeta } from "../../domain/schemas/email";
import { HttpError } from "../plugins/errors";
import { parseUnsubscribe, unsubscribeLevel, type Unsubscribe } from "./list-unsubscribe";
import { uidSets } from "./uid-set";

export const LIST_BATCH = 1_000;
const HEADER_FIELDS = ["list-unsubscribe", "list-unsubscribe-post"];

export interface Totals {
  count: number;
  unread: number;
  bytes: number;
}

/** Streams INBOX as lines; the last line is "done" with the totals, or "error". */
export async function* listInbox(client: ImapFlow, totals: (t: Totals) => Promise<void>): AsyncGenerator<ListLine> {
  const lock = await client.getMailboxLock("INBOX", { readOnly: true });
  const sum: Totals = { count: 0, unread: 0, bytes: 0 };
  try {
    const mailbox = client.mailbox;
    const total = mailbox ? mailbox.exists : 0;
    yield { t: "start", total };
    if (total === 0) {
      await totals(sum);
      return;
    }
    let batch: MailMeta[] = [];
    for await (const m of client.fetch("1:*", {
      uid: true,
      flags: true,
      size: true,
      internalDate: true,
      envelope: true,
      headers: HEADER_FIELDS,
    })) {
      const from = m.envelope?.from?.[0];
      const unread = !m.flags?.has("\\Seen");
      const size = m.size ?? 0;
      const date =
        m.internalDate instanceof Date ? m.internalDate.getTime() : m.envelope?.date instanceof Date ? m.envelope.date.getTime() : 0;
      batch.push({
        u: m.uid,
        a: (from?.address ?? "").toLowerCase().slice(0, 320),
        n: (from?.name ?? "").slice(0, 200),
        s: (m.envelope?.subject ?? "").slice(0, 300),
        d: Number.isFinite(date) ? date : 0,
        z: size,
        r: unread,
        l: unsubscribeLevel(parseUnsubscribe(m.headers?.toString("utf8") ?? "")),
      });
      sum.count++;
      sum.bytes += size;
      if (unread) sum.unread++;
      if (batch.length >= LIST_BATCH) {
        yield { t: "batch", done: sum.count, messages: batch };
        batch = [];
      }
    }
    if (batch.length) yield { t: "batch", done: sum.count, messages: batch };
    await totals(sum);
  } finally {
    lock.release();
  }
}

async function specialFolder(client: ImapFlow, use: "\\Trash" | "\\Archive"): Promise<string> {
  const folders = await client.list();
  const found = folders.find((f) => f.specialUse === use) ?? folders.find((f) => f.name.toLowerCase() === use.slice(1).toLowerCase());
  if (found) return found.path;
  if (use === "\\Archive") {
    const all = folders.find((f) => f.specialUse === "\\All");
    if (all) return all.path;
  }
  throw new HttpError(409, `This mailbox has no ${use.slice(1)} folder.`);
}

/** Sizes and unread flags of `uids` in the selected mailbox (those that still exist). */
async function measure(client: ImapFlow, uids: number[]): Promise<{ uids: number[]; totals: Totals; unreadUids: number[] }> {
  const totals: Totals = { count: 0, unread: 0, bytes: 0 };
  const found: number[] = [];
  const unreadUids: number[] = [];
  for (const set of uidSets(uids)) {
    for await (const m of client.fetch(set, { uid: true, size: true, flags: true }, { uid: true })) {
      found.push(m.uid);
      totals.count++;
      totals.bytes += m.size ?? 0;
      if (!m.flags?.has("\\Seen")) {
        totals.unread++;
        unreadUids.push(m.uid);
      }
    }
  }
  return { uids: found, totals, unreadUids };
}

async function moveBack(client: ImapFlow, from: string, to: string, uids: number[]): Promise<{ moved: number[]; totals: Totals }> {
  const lock = await client.getMailboxLock(from);
  try {
    const seen = await measure(client, uids);
    const moved: number[] = [];
    for (const set of uidSets(seen.uids)) {
      const res = await client.messageMove(set, to, { uid: true });
      if (res && res.uidMap) moved.push(...res.uidMap.values());
    }
    return { moved, totals: seen.totals };
  } finally {
    lock.release();
  }
}

export interface ActionOutcome {
  count: number;
  undoUids: number[];
  /** Change to INBOX's totals (negative when mail left it). */
  delta: Totals;
}

const neg = (t: Totals): Totals => ({ count: -t.count, unread: -t.unread, bytes: -t.bytes });

export async function applyAction(client: ImapFlow, action: EmailAction, uids: number[]): Promise<ActionOutcome> {
  if (action === "read") {
    const lock = await client.getMailboxLock("INBOX");
    try {
      const seen = await measure(client, uids);
      for (const set of uidSets(seen.unreadUids)) await client.messageFlagsAdd(set, ["\\Seen"], { uid: true });
      return { count: seen.unreadUids.length, undoUids: seen.unreadUids, delta: { count: 0, unread: -seen.unreadUids.length, bytes: 0 } };
    } finally {
      lock.release();
    }
  }
  const target = await specialFolder(client, action === "trash" ? "\\Trash" : "\\Archive");
  const { moved, totals } = await moveBack(client, "INBOX", target, uids);
  return { count: totals.count, undoUids: moved, delta: neg(totals) };
}

export async function undoAction(client: ImapFlow, action: EmailAction, uids: number[]): Promise<ActionOutcome> {
  if (action === "read") {
    const lock = await client.getMailboxLock("INBOX");
    try {
      const seen = await measure(client, uids);
      const stillUnread = new Set(seen.unreadUids);
      const toClear = seen.uids.filter((u) => !stillUnread.has(u));
      for (const set of uidSets(toClear)) await client.messageFlagsRemove(set, ["\\Seen"], { uid: true });
      return { count: toClear.length, undoUids: toClear, delta: { count: 0, unread: toClear.length, bytes: 0 } };
    } finally {
      lock.release();
    }
  }
  const source = await specialFolder(client, action === "trash" ? "\\Trash" : "\\Archive");
  const { moved, totals } = await moveBack(client, source, "INBOX", uids);
  return { count: totals.count, undoUids: moved, delta: totals };
}

/** The List-Unsubscribe of one INBOX message, read fresh from the server (never from the browser). */
export async function unsubscribeOf(client: ImapFlow, uid: number): Promise<Unsubscribe | null> {
  const lock = await client.getMailboxLock("INBOX", { readOnly: true });
  try {
    const m = await client.fetchOne(String(uid), { uid: true, headers: HEADER_FIELDS }, { uid: true });
    if (!m) return null;
    return parseUnsubscribe(m.headers?.toString("utf8") ?? "");
  } finally {
    lock.release();
  }
}
