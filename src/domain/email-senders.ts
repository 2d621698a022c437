/**
 * Organize → Email: a mailbox's metadata grouped the way people clean mail — by
 * sender (ranked by count or size, with unread and latest date), newsletters (a
 * List-Unsubscribe header), large and old messages. Pure: the browser holds the metadata.
 */
import type { MailMeta } from "./schemas/email";

/** Spec §9: 'Old' means over 6 months. */
export const OLD_MAIL_MS = 182 * 86_400_000;
/** Spec §9 email preset: older than 365 days. */
export const VERY_OLD_MAIL_MS = 365 * 86_400_000;
/** A message this big (attachments) is "large". */
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

export type SenderSort = "count" | "size";

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
  const key = sort === "count" ? (g: SenderGroup) => g.count : (g: SenderGroup) => g.bytes;
  return [...groups.values()].sort((a, b) => key(b) - key(a) || b.lastDate - a.lastDate || a.address.localeCompare(b.address));
}

export const newsletters = (groups: readonly SenderGroup[]) => groups.filter((g) => g.unsubscribe > 0);

export const isLarge = (m: MailMeta) => m.z >= LARGE_MAIL_BYTES;
export const isOld = (m: MailMeta, now: number, ageMs = OLD_MAIL_MS) => m.d > 0 && now - m.d > ageMs;

/** Spec §4 quick-select and §9 presets for e-mail. */
export type MailSelector = "unread" | "old" | "older-than-year" | "large";

export function selectMessages(messages: readonly MailMeta[], selector: MailSelector, now: number): MailMeta[] {
  switch (selector) {
    case "unread":
      return messages.filter((m) => m.r);
    case "old":
      return messages.filter((m) => isOld(m, now));
    case "older-than-year":
      return messages.filter((m) => isOld(m, now, VERY_OLD_MAIL_MS));
    case "large":
      return messages.filter(isLarge);
  }
}

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
