/**
 * Organize → Email: a mailbox's metadata grouped the way people clean mail — by
 * sender (ranked by count or size, with unread and latest date), newsletters (a
 * List-Unsubscribe header), large and old messages. Pure: the browser holds the metadata.
 */
import type { MailMeta } from "./schemas/email";

/** Spec §9: 'Old' means over 6 months. */
export const OLD_MAIL_MS = 182 * 86_400_000;
/** A message this big (attachments) is "large" (its view, and the filter's "large" status). */
export const LARGE_MAIL_BYTES = 1_000_000;

/**
 * A message's key within one listing: its folder's place and its UID (UIDs repeat across
 * folders; a UID is below 2^32, so the pair fits a safe integer and splits back exactly).
 */
export const mailKey = (m: Pick<MailMeta, "f" | "u">) => m.f * 2 ** 32 + m.u;
export const splitMailKey = (key: number) => ({ f: Math.floor(key / 2 ** 32), u: key % 2 ** 32 });

/** What groups a message: its address; without one, its display name ("MAILER DAEMON", "foo"); else "(no sender)". */
export const senderKey = (m: Pick<MailMeta, "a" | "n">) => m.a || (m.n ? `name:${m.n}` : NO_SENDER);
export const NO_SENDER = "(no sender)";

export interface SenderGroup {
  /** The grouping key (senderKey). */
  key: string;
  /** Lower-case address; "" when the From header named none. */
  address: string;
  name: string;
  count: number;
  bytes: number;
  unread: number;
  lastDate: number;
  /** 2 one-click, 1 link, 0 none: the best any of their messages offers. */
  unsubscribe: 0 | 1 | 2;
  /** Key (mailKey) of a message carrying the best unsubscribe offer (the server reads its header). */
  unsubscribeKey: number | null;
  /** Every message's key (mailKey). */
  keys: number[];
}

export const SENDER_SORTS = ["count", "size", "unread", "recent", "name"] as const;
export type SenderSort = (typeof SENDER_SORTS)[number];

const bySender: Record<SenderSort, (a: SenderGroup, b: SenderGroup) => number> = {
  count: (a, b) => b.count - a.count,
  size: (a, b) => b.bytes - a.bytes,
  unread: (a, b) => b.unread - a.unread,
  recent: (a, b) => b.lastDate - a.lastDate,
  name: (a, b) => senderLabel(a).localeCompare(senderLabel(b), "en", { sensitivity: "base" }),
};

/** Every sender of `messages` (none left out, however many), ranked by `sort`, ties by latest mail then address. */
export function groupBySender(messages: readonly MailMeta[], sort: SenderSort = "count"): SenderGroup[] {
  const groups = new Map<string, SenderGroup>();
  for (const m of messages) {
    const key = senderKey(m);
    let g = groups.get(key);
    if (!g) {
      g = { key, address: m.a, name: m.n, count: 0, bytes: 0, unread: 0, lastDate: 0, unsubscribe: 0, unsubscribeKey: null, keys: [] };
      groups.set(key, g);
    }
    g.count++;
    g.bytes += m.z;
    if (m.r) g.unread++;
    if (m.d >= g.lastDate) {
      g.lastDate = m.d;
      if (m.n) g.name = m.n;
    }
    if (m.l > g.unsubscribe) {
      g.unsubscribe = m.l;
      g.unsubscribeKey = mailKey(m);
    }
    g.keys.push(mailKey(m));
  }
  const first = bySender[sort];
  return [...groups.values()].sort((a, b) => first(a, b) || b.lastDate - a.lastDate || a.key.localeCompare(b.key));
}

/** How a sender reads: "Name <address>", the address, the name alone, or "(no sender)". */
export function senderLabel(g: { address: string; name: string }): string {
  if (g.name && g.address) return `${g.name} <${g.address}>`;
  return g.address || g.name || NO_SENDER;
}

const normalise = (q: string) => q.trim().toLowerCase();

/** Senders whose address or name contains the search text (case-insensitive); all when it is empty. */
export function searchSenders(groups: readonly SenderGroup[], query: string): SenderGroup[] {
  const q = normalise(query);
  if (!q) return [...groups];
  return groups.filter((g) => g.address.includes(q) || g.name.toLowerCase().includes(q));
}

/** Messages whose sender (address or name) or subject contains the search text; all when it is empty. */
export function searchMessages(messages: readonly MailMeta[], query: string): MailMeta[] {
  const q = normalise(query);
  if (!q) return [...messages];
  return messages.filter((m) => m.a.includes(q) || m.n.toLowerCase().includes(q) || m.s.toLowerCase().includes(q));
}

export const MESSAGE_SORTS = ["size", "oldest", "newest"] as const;
export type MessageSort = (typeof MESSAGE_SORTS)[number];

export function sortMessages(messages: readonly MailMeta[], sort: MessageSort): MailMeta[] {
  const order: Record<MessageSort, (a: MailMeta, b: MailMeta) => number> = {
    size: (a, b) => b.z - a.z,
    oldest: (a, b) => a.d - b.d,
    newest: (a, b) => b.d - a.d,
  };
  return [...messages].sort((a, b) => order[sort](a, b) || mailKey(a) - mailKey(b));
}

export const newsletters = (groups: readonly SenderGroup[]) => groups.filter((g) => g.unsubscribe > 0);

export const isLarge = (m: MailMeta) => m.z >= LARGE_MAIL_BYTES;
/** Received over `ageMs` ago; a message dated 1970-01-01 (INTERNALDATE 0) is as old as mail gets. */
export const isOld = (m: MailMeta, now: number, ageMs = OLD_MAIL_MS) => now - m.d > ageMs;

export interface MailTotals {
  count: number;
  unread: number;
  bytes: number;
}

export function totalsOf(messages: readonly MailMeta[]): MailTotals {
  let unread = 0;
  let bytes = 0;
  for (const m of messages) {
    if (m.r) unread++;
    bytes += m.z;
  }
  return { count: messages.length, unread, bytes };
}
