/**
 * One row of the Organize list. Photos and files are the latest scan's items as they are;
 * apps come from what the browser can tell (src/scan/apps.ts) and are mapped onto the same
 * shape so one list, one filter and one batch bar serve every tab.
 */
import type { OrganizeTab } from "../../../domain/filters";
import { APP_UNUSED_AFTER_MS } from "../../../domain/scan-rules";
import type { DetectedApp } from "../../../scan/apps";
import type { ScanItem } from "../../../scan/types";
import { isTrashPath } from "../file-actions/trash";

export type ItemKind = "photo" | "file" | "app";

export interface OrganizeItem extends ScanItem {
  /** Stable across scans (the marks store's key): kind and path. */
  key: string;
  kind: ItemKind;
  isUnused?: boolean;
  /** Apps only: the app can be listed but never moved or removed from a web page. */
  readOnly?: boolean;
  /** True when the scan compared sizes only: a "duplicate" is only possible. */
  possibleDuplicate?: boolean;
  /** Duplicates: what the keep-rules decided, and why in words (keep-proposals.ts). */
  keepAction?: "keep" | "leave" | "remove";
  keepReason?: string;
}

export const itemKey = (kind: ItemKind, path: string) => `${kind}:${path}`;

/** Photos tab: category photo; files tab: every other scanned category. */
export function scanItemsForTab(
  items: readonly ScanItem[],
  tab: OrganizeTab,
  hidden: ReadonlySet<string>,
  metadataOnly: boolean,
): OrganizeItem[] {
  if (tab !== "photos" && tab !== "files") return [];
  const kind: ItemKind = tab === "photos" ? "photo" : "file";
  const out: OrganizeItem[] = [];
  for (const item of items) {
    if ((item.category === "photo") !== (tab === "photos")) continue;
    // Files already in the CleanSpace trash (a scan of the folder lists them) are not clutter to act on.
    if (isTrashPath(item.path)) continue;
    const key = itemKey(kind, item.path);
    if (hidden.has(key)) continue;
    out.push({ ...item, key, kind, possibleDuplicate: metadataOnly && item.duplicateGroup !== null });
  }
  return out;
}

export function appItems(apps: readonly DetectedApp[], nowMs: number): OrganizeItem[] {
  return apps.map((app, i) => ({
    id: -(i + 1),
    key: itemKey("app", app.name),
    kind: "app",
    path: app.name,
    name: app.name,
    size: 0,
    type: app.category,
    category: "application",
    modified: app.lastUsed ?? 0,
    isLarge: false,
    isOld: false,
    duplicateGroup: null,
    isOriginal: false,
    isUnused: app.lastUsed === null || nowMs - app.lastUsed > APP_UNUSED_AFTER_MS,
    readOnly: true,
  }));
}

/** Images the browser can decode into a thumbnail (HEIC, RAW and the like get an icon). */
const DECODABLE = new Set(["image/jpeg", "image/png", "image/gif", "image/webp", "image/bmp", "image/avif"]);
export const canThumbnail = (item: Pick<OrganizeItem, "type" | "size">) => DECODABLE.has(item.type) && item.size > 0;
