/**
 * How Organize → Photos orders and searches its groups of copies and similar shots (issue 38):
 * by the space a group frees when its proposal is followed, or by its newest photo; a search
 * keeps the groups with a photo whose name or folder matches. Pure, for any group of entries.
 */
import { normaliseSearch } from "./list-view";

export interface ReviewEntry {
  item: { name: string; path: string; size: number; modified: number };
  proposal: "keep" | "trash";
}
export interface ReviewGroup {
  entries: readonly ReviewEntry[];
}

export const GROUP_SORTS = ["reclaimable", "date"] as const;
export type GroupSort = (typeof GROUP_SORTS)[number];

/** Bytes freed when every photo proposed for the trash goes. */
export function reclaimableBytes(group: ReviewGroup): number {
  return group.entries.reduce((n, e) => n + (e.proposal === "trash" ? e.item.size : 0), 0);
}

const newest = (group: ReviewGroup) => group.entries.reduce((t, e) => Math.max(t, e.item.modified), 0);

/** reclaimable: most space first; date: newest photo first. Ties keep the order they came in. */
export function sortGroups<G extends ReviewGroup>(groups: readonly G[], sort: GroupSort): G[] {
  const key = sort === "reclaimable" ? reclaimableBytes : newest;
  return groups
    .map((group, i) => ({ group, i, k: key(group) }))
    .sort((a, b) => b.k - a.k || a.i - b.i)
    .map((x) => x.group);
}

const matches = (e: ReviewEntry, q: string) => e.item.name.toLocaleLowerCase().includes(q) || e.item.path.toLocaleLowerCase().includes(q);

/** Groups with a photo whose name or path contains the search text; all for an empty or spaces-only search. */
export function searchGroups<G extends ReviewGroup>(groups: readonly G[], query: string): G[] {
  const q = normaliseSearch(query);
  if (!q) return [...groups];
  return groups.filter((g) => g.entries.some((e) => matches(e, q)));
}

/** A list's entries (blurry photos, screenshots) whose name or path matches; all for an empty search. */
export function searchEntries<E extends ReviewEntry>(entries: readonly E[], query: string): E[] {
  const q = normaliseSearch(query);
  if (!q) return [...entries];
  return entries.filter((e) => matches(e, q));
}
