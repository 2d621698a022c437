/**
 * Organize's proposals follow the user's keep-rules: within each duplicate group
 * the copy to keep — and any protected copy — counts as an original (never selected by
 * "Duplicates", never moved by Auto Clean), and every member carries the reason in words.
 */
import { type KeepPolicy, decideGroup } from "../../../domain/keep-rules";
import type { ScanItem } from "../../../scan/types";
import { isTrashPath } from "../file-actions/trash";

export interface DecidedItem extends ScanItem {
  keepAction?: "keep" | "leave" | "remove";
  /** Which rule chose this, in words; only for duplicate group members. */
  keepReason?: string;
}

export function applyKeepPolicy(items: readonly ScanItem[], policy: KeepPolicy): DecidedItem[] {
  const groups = new Map<number, ScanItem[]>();
  for (const item of items) {
    if (item.duplicateGroup === null || isTrashPath(item.path)) continue;
    const group = groups.get(item.duplicateGroup);
    if (group) group.push(item);
    else groups.set(item.duplicateGroup, [item]);
  }
  const decided = new Map<number, { keepAction: DecidedItem["keepAction"]; keepReason: string }>();
  for (const group of groups.values()) {
    for (const d of decideGroup(group, policy)) decided.set(d.file.id, { keepAction: d.action, keepReason: d.reason });
  }
  return items.map((item) => {
    const d = decided.get(item.id);
    return d ? { ...item, isOriginal: d.keepAction !== "remove", ...d } : item;
  });
}
