/**
 * What Organize → Email shows from the listed messages: the advanced filter's criteria first,
 * then the view (senders, newsletters, large, old), the search and the sort. Every sender
 * and message stays reachable (the lists are windowed, never cut); `shownUids` are the
 * messages in view, which "Select all shown" and the quick-select act on.
 */
import { useMemo } from "react";
import { filterMail } from "../../../domain/email-filter";
import {
  groupBySender,
  isLarge,
  isOld,
  newsletters,
  searchMessages,
  searchSenders,
  senderKey,
  sortMessages,
  type MessageSort,
  type SenderGroup,
  type SenderSort,
} from "../../../domain/email-senders";
import type { FilterCriterion } from "../../../domain/filters";
import type { MailMeta } from "../../../domain/schemas/email";
import { isSenderView, type MailView } from "./mail-controls";

export interface MailViewInput {
  messages: readonly MailMeta[];
  criteria: readonly FilterCriterion[];
  view: MailView;
  query: string;
  senderSort: SenderSort;
  messageSort: MessageSort;
  now: number;
}

export interface MailViewResult {
  /** Messages passing the advanced filter (before view and search). */
  filtered: MailMeta[];
  groups: SenderGroup[];
  messages: MailMeta[];
  /** The messages in view: of the shown senders, or the shown messages. */
  shown: MailMeta[];
}

export function useMailView({ messages, criteria, view, query, senderSort, messageSort, now }: MailViewInput): MailViewResult {
  const filtered = useMemo(() => filterMail(messages, criteria, now), [messages, criteria, now]);
  const allGroups = useMemo(() => (isSenderView(view) ? groupBySender(filtered, senderSort) : []), [filtered, senderSort, view]);
  const groups = useMemo(() => searchSenders(view === "newsletters" ? newsletters(allGroups) : allGroups, query), [allGroups, view, query]);
  const list = useMemo(() => {
    if (isSenderView(view)) return [];
    const inView = filtered.filter(view === "large" ? isLarge : (m) => isOld(m, now));
    return sortMessages(searchMessages(inView, query), messageSort);
  }, [filtered, view, query, messageSort, now]);
  const shown = useMemo(() => {
    if (!isSenderView(view)) return list;
    if (groups.length === allGroups.length) return filtered;
    const inGroups = new Set(groups.map((g) => g.key));
    return filtered.filter((m) => inGroups.has(senderKey(m)));
  }, [view, list, groups, allGroups, filtered]);
  return { filtered, groups, messages: list, shown };
}
