import { compareOriginal } from "../../domain/scan-rules";
import type { DuplicateGroup, ScanItem } from "../types";

/**
 * Turns the sieve's groups (item positions) into the result's duplicate groups: picks each
 * group's original (oldest, then shortest path, then code-unit order), lists the copies by
 * path, sorts the groups by wasted bytes (then the original's path) and numbers them from 1,
 * marking the items.
 */
export function markGroups(items: ScanItem[], found: readonly number[][], possible: boolean): DuplicateGroup[] {
  const drafts = found.map((indexes) => {
    const members = indexes.map((i) => itemAt(items, i));
    members.sort(compareOriginal);
    const [original, ...copies] = members as [ScanItem, ...ScanItem[]];
    copies.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    return { original, copies, wastedBytes: original.size * copies.length };
  });
  drafts.sort(
    (a, b) => b.wastedBytes - a.wastedBytes || (a.original.path < b.original.path ? -1 : a.original.path > b.original.path ? 1 : 0),
  );
  return drafts.map(({ original, copies, wastedBytes }, n) => {
    const id = n + 1;
    original.duplicateGroup = id;
    original.isOriginal = true;
    for (const copy of copies) copy.duplicateGroup = id;
    return {
      id,
      size: original.size,
      itemIds: [original.id, ...copies.map((c) => c.id)],
      originalId: original.id,
      wastedBytes,
      possible,
    };
  });
}

function itemAt(items: readonly ScanItem[], index: number): ScanItem {
  const item = items[index];
  if (item === undefined) throw new RangeError(`no item ${index}`);
  return item;
}
