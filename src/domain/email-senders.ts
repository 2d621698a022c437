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

export interface SenderGroup {
  address: string;
  name: string;
  count: number;
  bytes: number;
  unread: number;
  lastDate: number;
  /** 2 one-click, 1 link, 0 none: the best any of their messages offers. */
  unsubscribe: 0 | 1 | 2;
  /** UID of a message carrying the best unsubscribe offer (the server reads its header). */
  unsubscribeUid: number | null;
  uids: number[];
}

export const SENDER_SORTS = ["count", "size", "unread", "recent", "name"] as const;
export type SenderSort = (typeof SENDER_SORTS)[number];

const bySender: Record<SenderSort, (a: SenderGroup, b: SenderGroup) => number> = {
  count: (a, b) => b.count - a.count,
  size: (a, b) => b.bytes - a.bytes,
  unread: (a, b) => b.unread - a.unread,
  recent: (a, b) => b.lastDate - a.lastDate,
  name: (a, b) => (a.name || a.address).localeCompare(b.name || b.address, "en", { sensitivity: "base" }),
};

/** Every sender of `messages` (none left out, however many), ranked by `sort`, ties by latest mail then address. */
export function groupBySender(messages: readonly MailMeta[], sort: SenderSort = "count"): SenderGroup[] {
  const groups = new Map<string, SenderGroup>();
  for (const m of messages) {
    const key = m.a || "(no sender)";
    let g = groups.get(key);
    if (!g) {
      g = { address: key, name: m.n, count: 0, bytes: 0, unread: 0, lastDate: 0, unsubscribe: 0, unsubscribeUid: null, uids: [] };
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
      g.unsubscribeUid = m.u;
    }
    g.uids.push(m.u);
  }
  const first = bySender[sort];
  return [...groups.values()].sort((a, b) => first(a, b) || b.lastDate - a.lastDate || a.address.localeCompare(b.address));
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
  return [...messages].sort((a, b) => order[sort](a, b) || a.u - b.u);
}

export const newsletters = (groups: readonly SenderGroup[]) => groups.filter((g) => g.unsubscribe > 0);

export const isLarge = (m: MailMeta) => m.z >= LARGE_MAIL_BYTES;
export const isOld = (m: MailMeta, now: number, ageMs = OLD_MAIL_MS) => m.d > 0 && now - m.d > ageMs;

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
