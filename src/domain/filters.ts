/**
 * Organize's advanced filter and quick-select (spec §3 "Filter criterion", "Filter preset";
 * §9 "Filters and batch"). Pure: the screen, the API schema and the tests share it.
 *
 * A criterion's `name` is the field it tests; its `type` says how the value is read:
 * - text: name, path, extension or mimeType — case-insensitive equals / contains / in;
 * - size: bytes — equals / greater_than / less_than;
 * - date: age in whole days since `modified` — greater_than 180 is "older than 180 days",
 *   less_than 30 is "in the last 30 days" (relative, so a saved preset stays meaningful);
 * - status: duplicate (a copy, never the original), original, large, old, unused, unread —
 *   equals true/false;
 * - category: equals / in a scan category.
 * A criterion whose operator does not fit its type matches nothing.
 */

export const ORGANIZE_TABS = ["photos", "files", "apps", "email"] as const;
export type OrganizeTab = (typeof ORGANIZE_TABS)[number];

/** Spec §5: the tab parameter is accepted only if photos, files, apps or email; default photos. */
export function parseOrganizeTab(value: string | null | undefined): OrganizeTab {
  return ORGANIZE_TABS.includes(value as OrganizeTab) ? (value as OrganizeTab) : "photos";
}

export const FILTER_TYPES = ["text", "size", "date", "status", "category"] as const;
export type FilterType = (typeof FILTER_TYPES)[number];
export const FILTER_OPERATORS = ["equals", "contains", "greater_than", "less_than", "in"] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export const TEXT_FIELDS = ["name", "path", "extension", "mimeType"] as const;
export const STATUS_FIELDS = ["duplicate", "original", "large", "old", "unused", "unread"] as const;
export type StatusField = (typeof STATUS_FIELDS)[number];

/** Which fields and operators each type takes (the editor offers only these). */
export const FILTER_FIELDS: Record<FilterType, readonly string[]> = {
  text: TEXT_FIELDS,
  size: ["size"],
  date: ["modified"],
  status: STATUS_FIELDS,
  category: ["category"],
};
export const FILTER_TYPE_OPERATORS: Record<FilterType, readonly FilterOperator[]> = {
  text: ["contains", "equals", "in"],
  size: ["greater_than", "less_than", "equals"],
  date: ["greater_than", "less_than", "equals"],
  status: ["equals"],
  category: ["equals", "in"],
};

export type FilterValue = string | number | boolean | string[];

export interface FilterCriterion {
  name: string;
  type: FilterType;
  operator: FilterOperator;
  value: FilterValue;
  enabled: boolean;
}

export interface FilterPreset {
  id: string;
  name: string;
  description: string;
  criteria: FilterCriterion[];
  isDefault: boolean;
}

/** What a filter reads from an item; a ScanItem fits as is, apps and e-mail map onto it. */
export interface FilterItem {
  name: string;
  path: string;
  size: number;
  /** MIME type, "" when unknown. */
  type: string;
  category: string;
  /** ms since the epoch (an app's last use, a message's date). */
  modified: number;
  isLarge?: boolean;
  isOld?: boolean;
  duplicateGroup?: number | null;
  isOriginal?: boolean;
  isUnused?: boolean;
  isUnread?: boolean;
}

const DAY_MS = 24 * 60 * 60 * 1000;
export const MB = 1024 * 1024;

function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot <= 0 || dot === name.length - 1 ? "" : name.slice(dot + 1).toLowerCase();
}

function textField(item: FilterItem, field: string): string | null {
  switch (field) {
    case "name":
      return item.name;
    case "path":
      return item.path;
    case "extension":
      return extensionOf(item.name);
    case "mimeType":
      return item.type;
    default:
      return null;
  }
}

export function itemStatus(item: FilterItem, field: string): boolean | null {
  const inGroup = item.duplicateGroup !== undefined && item.duplicateGroup !== null;
  switch (field) {
    case "duplicate":
      return inGroup && !item.isOriginal;
    case "original":
      return inGroup && item.isOriginal === true;
    case "large":
      return item.isLarge === true;
    case "old":
      return item.isOld === true;
    case "unused":
      return item.isUnused === true;
    case "unread":
      return item.isUnread === true;
    default:
      return null;
  }
}

const lower = (v: string) => v.trim().toLowerCase();
const asList = (v: FilterValue): string[] =>
  (Array.isArray(v) ? v : typeof v === "string" ? v.split(",") : [String(v)]).map(lower).filter(Boolean);

function compareNumber(actual: number, operator: FilterOperator, value: FilterValue): boolean {
  const expected = typeof value === "number" ? value : Number(value);
  if (!Number.isFinite(expected)) return false;
  if (operator === "greater_than") return actual > expected;
  if (operator === "less_than") return actual < expected;
  if (operator === "equals") return actual === expected;
  return false;
}

/** True when the item passes this one criterion (enabled or not: callers skip disabled ones). */
export function matchesCriterion(item: FilterItem, c: FilterCriterion, nowMs: number): boolean {
  if (!FILTER_TYPE_OPERATORS[c.type]?.includes(c.operator)) return false;
  switch (c.type) {
    case "text": {
      const actual = textField(item, c.name);
      if (actual === null) return false;
      const a = actual.toLowerCase();
      if (c.operator === "in") return asList(c.value).includes(a);
      const v = Array.isArray(c.value) ? "" : lower(String(c.value));
      return c.operator === "equals" ? a === v : v !== "" && a.includes(v);
    }
    case "size":
      return c.name === "size" && compareNumber(item.size, c.operator, c.value);
    case "date": {
      if (c.name !== "modified") return false;
      const ageDays = Math.floor((nowMs - item.modified) / DAY_MS);
      return compareNumber(ageDays, c.operator, c.value);
    }
    case "status": {
      const actual = itemStatus(item, c.name);
      const expected = c.value === true || c.value === "true";
      return actual !== null && actual === expected;
    }
    case "category": {
      if (c.name !== "category") return false;
      const a = item.category.toLowerCase();
      return c.operator === "in" ? asList(c.value).includes(a) : a === lower(String(c.value));
    }
  }
}

/**
 * A criterion the user has not filled in yet (no text, no list, no number) says nothing, so
 * it filters nothing: adding a row must not empty the list before a value is typed.
 */
export function isBlankCriterion(c: FilterCriterion): boolean {
  if (c.type === "status") return false;
  if (Array.isArray(c.value)) return c.value.every((v) => String(v).trim() === "");
  if (typeof c.value === "string") {
    if (c.value.trim() === "") return true;
    return (c.type === "size" || c.type === "date") && !Number.isFinite(Number(c.value));
  }
  return typeof c.value === "number" && !Number.isFinite(c.value);
}

/** Items passing every enabled, filled-in criterion (AND). None: every item. */
export function applyFilters<T extends FilterItem>(items: readonly T[], criteria: readonly FilterCriterion[], nowMs: number): T[] {
  const active = criteria.filter((c) => c.enabled && !isBlankCriterion(c));
  if (active.length === 0) return [...items];
  return items.filter((item) => active.every((c) => matchesCriterion(item, c, nowMs)));
}

const crit = (name: string, type: FilterType, operator: FilterOperator, value: FilterValue): FilterCriterion => ({
  name,
  type,
  operator,
  value,
  enabled: true,
});
const preset = (id: string, name: string, description: string, criteria: FilterCriterion[]): FilterPreset => ({
  id,
  name,
  description,
  criteria,
  isDefault: true,
});

/** Spec §9 "Presets", per tab. Sizes in MiB, like the large-file threshold (decision 002). */
export const DEFAULT_PRESETS: Record<OrganizeTab, FilterPreset[]> = {
  photos: [
    preset("photos-large", "Large photos", "Photos over 5 MB", [crit("size", "size", "greater_than", 5 * MB)]),
    preset("photos-recent", "Last 30 days", "Photos from the last 30 days", [crit("modified", "date", "less_than", 30)]),
    preset("photos-duplicates", "Duplicates", "Copies of another photo (never the original)", [
      crit("duplicate", "status", "equals", true),
    ]),
  ],
  files: [
    preset("files-large", "Large files", "Files over 10 MB", [crit("size", "size", "greater_than", 10 * MB)]),
    preset("files-old", "Old files", "Not changed for over 180 days", [crit("modified", "date", "greater_than", 180)]),
    preset("files-documents", "Documents", "PDF, DOC, DOCX and TXT files", [
      crit("extension", "text", "in", ["pdf", "doc", "docx", "txt"]),
    ]),
  ],
  apps: [
    preset("apps-unused", "Unused apps", "Not used for 30 days or more", [crit("modified", "date", "greater_than", 29)]),
    preset("apps-large", "Large apps", "Apps over 100 MB", [crit("size", "size", "greater_than", 100 * MB)]),
  ],
  email: [
    preset("email-unread", "Unread", "Messages you have not opened", [crit("unread", "status", "equals", true)]),
    preset("email-old", "Old emails", "Older than 365 days", [crit("modified", "date", "greater_than", 365)]),
  ],
};

/** Spec §9: the first 4 presets (defaults, then the user's own) are shown as quick presets. */
export const QUICK_PRESET_COUNT = 4;

export const QUICK_SELECTS = ["duplicates", "large", "unused", "unread", "old"] as const;
export type QuickSelect = (typeof QUICK_SELECTS)[number];

export function parseQuickSelect(value: string | null | undefined): QuickSelect | null {
  return QUICK_SELECTS.includes(value as QuickSelect) ? (value as QuickSelect) : null;
}

/**
 * The Photos tab's views (issue 19): exact copies, similar shots, blurry photos, screenshots.
 * A view is where the tab opens (`?view=`), not a selection: it lists its own groups.
 */
export const PHOTO_VIEWS = ["exact", "similar", "blurry", "screenshots"] as const;
export type PhotoView = (typeof PHOTO_VIEWS)[number];

export function parsePhotoView(value: string | null | undefined): PhotoView | null {
  return PHOTO_VIEWS.includes(value as PhotoView) ? (value as PhotoView) : null;
}

/** Where a recommendation or a suggestion leads: an Organize tab, with a quick-select or a photo view. */
export interface OrganizeTarget {
  tab: OrganizeTab;
  select?: QuickSelect;
  view?: PhotoView;
}

/** The query of an Organize target (for paths.organize). */
export function organizeTargetQuery(t: OrganizeTarget): Record<string, string> {
  return { ...(t.select ? { select: t.select } : {}), ...(t.view ? { view: t.view } : {}) };
}

/** The quick-selects that make sense on a tab (spec §2 "Batch operations"). */
export const TAB_QUICK_SELECTS: Record<OrganizeTab, readonly QuickSelect[]> = {
  photos: ["duplicates", "large", "old"],
  files: ["duplicates", "large", "old"],
  apps: ["unused", "large"],
  email: ["unread", "old"],
};

/** Spec §9 "Quick-select photos large means over 5 MB"; apps over 100 MB; files use the scan's large flag. */
export const PHOTO_LARGE_BYTES = 5 * MB;
export const APP_LARGE_BYTES = 100 * MB;

export function isQuickSelected(item: FilterItem, kind: QuickSelect, tab: OrganizeTab): boolean {
  switch (kind) {
    case "duplicates":
      // Copies only: the original of a duplicate group is never selected.
      return itemStatus(item, "duplicate") === true;
    case "large":
      if (tab === "photos") return item.size > PHOTO_LARGE_BYTES;
      if (tab === "apps") return item.size > APP_LARGE_BYTES;
      return item.isLarge === true;
    case "unused":
      return item.isUnused === true;
    case "unread":
      return item.isUnread === true;
    case "old":
      return item.isOld === true;
  }
}

/** Quick-select (spec §2, §4): the matching items of the list, in list order. */
export function quickSelect<T extends FilterItem>(items: readonly T[], kind: QuickSelect, tab: OrganizeTab): T[] {
  return items.filter((item) => isQuickSelected(item, kind, tab));
}
