/**
 * What Organize → Photos shows (issue 19), from the scan's photo report and the photos still
 * listed (a photo marked reviewed or ignored, or already in the trash, is in no view): groups
 * with the photo to keep and why, and the lists of blurry photos and screenshots, each photo
 * with what is proposed for it. Pure, so the views only lay it out.
 */
import type { PhotoView } from "../../../domain/filters";
import type { PhotoReport } from "../../../domain/photos/index";
import type { OrganizeItem } from "../../lib/device-data/organize-item";

export type Proposal = "keep" | "trash";

export interface PhotoEntry {
  item: OrganizeItem;
  /** What the analysis proposes; the user may turn it round. */
  proposal: Proposal;
  /** Badge in words: "Best shot", "Original", "Protected", "Blurry", "Over 30 days old". */
  badge: string | null;
  /** The group's proposed keeper (its best shot or original): marked on its tile. */
  keeper: boolean;
}

export interface PhotoGroup {
  /** Stable while its members stay: the smallest member id. */
  key: string;
  kind: "exact" | "similar";
  entries: PhotoEntry[];
  /** The photo proposed to keep. */
  keep: OrganizeItem;
  /** Why, in words (the engine's, or the user's keep-rules for exact copies). */
  reason: string;
}

export interface PhotoSection {
  key: "old" | "recent" | "blurry";
  title: string;
  entries: PhotoEntry[];
}

const capitalise = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);

function lookup(items: readonly OrganizeItem[]) {
  const byId = new Map(items.map((i) => [i.id, i]));
  return (ids: readonly number[]) => ids.map((id) => byId.get(id)).filter((i): i is OrganizeItem => i !== undefined);
}

/**
 * Byte-identical photo groups. The user's keep-rules decided each group's kept copy on the
 * device (keepAction, lib/keep-proposals.ts): that one is kept, protected copies are never
 * proposed for the trash; without a decision the engine's oldest original is kept.
 */
export function exactGroups(report: PhotoReport, items: readonly OrganizeItem[]): PhotoGroup[] {
  const find = lookup(items);
  const groups: PhotoGroup[] = [];
  for (const g of report.exact) {
    const members = find(g.ids);
    if (members.length < 2) continue;
    const decided = members.find((m) => m.keepAction === "keep");
    const keep = decided ?? members.find((m) => m.id === g.keepId) ?? members[0]!;
    // The keep-rules say "Kept because it is the oldest copy": after "Keep X:" the cause alone reads right.
    const ruled = decided?.keepReason?.replace(/^kept because\s+/i, "");
    const reason = ruled ?? capitalise(g.reason);
    const entries = members.map((item): PhotoEntry => {
      const kept = item.id === keep.id || item.keepAction === "leave";
      return {
        item,
        proposal: kept ? "keep" : "trash",
        badge: item.keepAction === "leave" ? "Protected" : item === keep ? "Original" : null,
        keeper: item === keep,
      };
    });
    groups.push({ key: `exact:${Math.min(...g.ids)}`, kind: "exact", entries: keepFirst(entries, keep), keep, reason });
  }
  return groups;
}

/** Near-duplicate groups: the best shot is kept, the rest proposed for the trash. */
export function similarGroups(report: PhotoReport, items: readonly OrganizeItem[]): PhotoGroup[] {
  const find = lookup(items);
  const groups: PhotoGroup[] = [];
  for (const g of report.similar) {
    const members = find(g.ids);
    if (members.length < 2) continue;
    // The proposed best shot may have been hidden (marked reviewed): then nothing is proposed.
    const keep = members.find((m) => m.id === g.keepId);
    const entries = members.map((item): PhotoEntry => ({
      item,
      proposal: !keep || item === keep ? "keep" : "trash",
      badge: item === keep ? "Best shot" : null,
      keeper: item === keep,
    }));
    groups.push({
      key: `similar:${Math.min(...g.ids)}`,
      kind: "similar",
      entries: keep ? keepFirst(entries, keep) : entries,
      keep: keep ?? members[0]!,
      reason: keep ? capitalise(g.reason) : "The proposed best shot is hidden: choose what to keep",
    });
  }
  return groups;
}

function keepFirst(entries: PhotoEntry[], keep: OrganizeItem): PhotoEntry[] {
  return [...entries.filter((e) => e.item === keep), ...entries.filter((e) => e.item !== keep)];
}

/** Blurry photos, all proposed for the trash (as Files by Google suggests them). */
export function blurrySections(report: PhotoReport, items: readonly OrganizeItem[]): PhotoSection[] {
  const entries = lookup(items)(report.blurry).map((item): PhotoEntry => ({ item, proposal: "trash", badge: "Blurry", keeper: false }));
  return entries.length > 0 ? [{ key: "blurry", title: "Blurry photos", entries }] : [];
}

/** Screenshots: those older than 30 days are called out first and proposed for the trash; recent ones are kept. */
export function screenshotSections(report: PhotoReport, items: readonly OrganizeItem[]): PhotoSection[] {
  const old = new Set(report.oldScreenshots);
  const all = lookup(items)(report.screenshots);
  const sections: PhotoSection[] = [
    {
      key: "old",
      title: "Older than 30 days",
      entries: all.filter((i) => old.has(i.id)).map((item) => ({ item, proposal: "trash", badge: "Over 30 days old", keeper: false })),
    },
    {
      key: "recent",
      title: "Recent screenshots",
      entries: all.filter((i) => !old.has(i.id)).map((item) => ({ item, proposal: "keep", badge: null, keeper: false })),
    },
  ];
  return sections.filter((s) => s.entries.length > 0);
}

/** The number of photos each view lists (the tab labels). */
export function photoViewCounts(report: PhotoReport, items: readonly OrganizeItem[]): Record<PhotoView, number> {
  const photos = (groups: PhotoGroup[]) => groups.reduce((n, g) => n + g.entries.length, 0);
  const listed = (sections: PhotoSection[]) => sections.reduce((n, s) => n + s.entries.length, 0);
  return {
    exact: photos(exactGroups(report, items)),
    similar: photos(similarGroups(report, items)),
    blurry: listed(blurrySections(report, items)),
    screenshots: listed(screenshotSections(report, items)),
  };
}

/** The user's choice where there is one, else the proposal. */
export function decisionOf(entry: PhotoEntry, choices: ReadonlyMap<number, Proposal>): Proposal {
  return choices.get(entry.item.id) ?? entry.proposal;
}

/**
 * What to call each photo of a group or list: its name, or its path where another photo there
 * has the same name (exact copies usually do), so sighted and screen-reader users can tell them apart.
 */
export function labelsOf(entries: readonly PhotoEntry[]): Map<number, string> {
  const seen = new Map<string, number>();
  for (const e of entries) seen.set(e.item.name, (seen.get(e.item.name) ?? 0) + 1);
  return new Map(entries.map((e) => [e.item.id, (seen.get(e.item.name) ?? 0) > 1 ? e.item.path : e.item.name]));
}
