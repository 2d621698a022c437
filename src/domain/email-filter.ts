/**
 * Organize → Email's advanced filter, presets (spec §9: Unread, Old emails) and quick-select
 * (spec §2: unread, old) on a mailbox's messages, through the same rules as files and apps
 * (filters.ts). A message reads as a filter item this way: its subject is the "name", its
 * sender's address the "path", its date "modified"; large is 1 MB or more, old is over
 * 6 months (spec §9), unread is the missing \Seen flag.
 */
import { isLarge, isOld } from "./email-senders";
import { applyFilters, isQuickSelected, type FilterCriterion, type FilterItem, type QuickSelect } from "./filters";
import type { MailMeta } from "./schemas/email";

export interface MailFilterItem extends FilterItem {
  message: MailMeta;
}

export function mailFilterItem(m: MailMeta, now: number): MailFilterItem {
  return {
    message: m,
    name: m.s,
    path: m.a,
    size: m.z,
    type: "message/rfc822",
    category: "email",
    modified: m.d,
    isLarge: isLarge(m),
    isOld: isOld(m, now),
    isUnread: m.r,
  };
}

/** The messages passing every enabled criterion (all of them when none is enabled). */
export function filterMail(messages: readonly MailMeta[], criteria: readonly FilterCriterion[], now: number): MailMeta[] {
  if (!criteria.some((c) => c.enabled)) return [...messages];
  return applyFilters(
    messages.map((m) => mailFilterItem(m, now)),
    criteria,
    now,
  ).map((i) => i.message);
}

/** Spec §2 quick-select on the listed messages, in list order. */
export function quickSelectMail(messages: readonly MailMeta[], kind: QuickSelect, now: number): MailMeta[] {
  return messages.filter((m) => isQuickSelected(mailFilterItem(m, now), kind, "email"));
}
