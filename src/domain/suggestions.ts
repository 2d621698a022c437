/**
 * Smart suggestions (spec §3 "Suggestion", §4 "Suggestion", §9 "Insights suggestions") on
 * the user's real aggregates, with the spec's rules, priorities and confidences. Every
 * count and byte figure is the user's own: where the scan measured the bytes
 * (duplicate photos, large and old files) the measured figure is shown and marked "scan";
 * the spec's per-item sizes (120 MB per app, 0.5 MB per e-mail) stand in only where no byte
 * count exists, marked "estimate". A suggestion with nothing to act on is not shown.
 */
import { PRIORITY_WEIGHT, type Priority } from "./recommendations";
import { formatCount } from "./format";
import type { OrganizeTarget } from "./filters";
import type { PhotoFindings } from "./schemas/scan-summary";

export const SUGGESTION_TYPES = ["duplicate", "large_file", "unused_app", "old_file", "seasonal", "storage_optimization"] as const;
export type SuggestionType = (typeof SUGGESTION_TYPES)[number];
export const SUGGESTION_CATEGORIES = ["photos", "files", "apps", "email", "general"] as const;
export type SuggestionCategory = (typeof SUGGESTION_CATEGORIES)[number];
export type StorageBasis = "scan" | "estimate";

export const MB = 1_000_000;
export const GB = 1_000_000_000;

export interface Suggestion {
  id: string;
  type: SuggestionType;
  priority: Priority;
  /** 0..1; shown as a percent. */
  confidence: number;
  title: string;
  description: string;
  impact: {
    /** Bytes. */
    storageFreed: number;
    /** "scan": measured by the user's scan; "estimate": the spec's per-item estimate. */
    storageBasis: StorageBasis;
    /** Minutes. */
    timeToComplete: number;
    itemsAffected: number;
  };
  category: SuggestionCategory;
  /** Where "Apply Suggestion" leads: an Organize tab and its quick-select or photo view. */
  action: OrganizeTarget;
}

export interface SuggestionInputs {
  hasScanned: boolean;
  healthScore: number;
  photosDuplicates: number;
  filesLarge: number;
  appsUnused: number;
  emailUnread: number;
  /** Scan-measured figures, when the latest scan summary is known. */
  duplicateFiles?: number | undefined;
  duplicateBytes?: number | undefined;
  photosDuplicateBytes?: number | undefined;
  largeBytes?: number | undefined;
  oldFiles?: number | undefined;
  oldBytes?: number | undefined;
  /** The latest scan's photo analysis (issue 19), when it ran. */
  photoFindings?: PhotoFindings | undefined;
}

/** Spec §9 per-item estimates and fixed figures. */
export const SUGGESTION_RULES = {
  duplicate: { priority: "high", confidence: 0.95, bytesEach: 2.1 * MB, minutes: 5 },
  largeFiles: { priority: "medium", confidence: 0.88, bytesEach: 45 * MB, minutes: 10, threshold: 5 },
  unusedApps: { priority: "high", confidence: 0.92, bytesEach: 120 * MB, minutes: 3 },
  email: { priority: "medium", confidence: 0.75, bytesEach: 0.5 * MB, minutes: 15, threshold: 100 },
  similarPhotos: { priority: "medium", confidence: 0.85, minutes: 10 },
  blurryPhotos: { priority: "low", confidence: 0.8, minutes: 5 },
  oldScreenshots: { priority: "medium", confidence: 0.9, minutes: 5 },
  seasonal: { priority: "low", confidence: 0.7, minutes: 30, months: [0, 2] },
  storage: { priority: "high", confidence: 0.85, minutes: 20, belowScore: 70 },
} as const;

const n = (v: number) => formatCount(v);

/**
 * The duplicate photos' measured bytes: the scan's own count of them, or all duplicate bytes
 * when every copy is a photo (summaries saved before the photo bytes were counted).
 */
function duplicatePhotoBytes(d: SuggestionInputs): number | null {
  if (d.photosDuplicateBytes !== undefined && d.photosDuplicateBytes > 0) return d.photosDuplicateBytes;
  if (d.duplicateBytes === undefined || !d.duplicateFiles || d.duplicateBytes <= 0) return null;
  return d.photosDuplicates >= d.duplicateFiles ? d.duplicateBytes : null;
}

/**
 * The suggestions that apply, minus the dismissed ones, by priority weight x confidence.
 * `month` is 0-11 and `year` names the seasonal suggestion, so dismissing this spring's
 * cleaning does not hide next year's.
 */
export function suggestCleanups(d: SuggestionInputs, month: number, year: number, dismissed: readonly string[] = []): Suggestion[] {
  const out: Suggestion[] = [];
  const r = SUGGESTION_RULES;
  if (d.hasScanned && d.photosDuplicates > 0) {
    const measured = duplicatePhotoBytes(d);
    out.push({
      id: "duplicate-photos",
      type: "duplicate",
      priority: r.duplicate.priority,
      confidence: r.duplicate.confidence,
      title: "Remove duplicate photos",
      description: `Your last scan found ${n(d.photosDuplicates)} duplicate ${d.photosDuplicates === 1 ? "photo" : "photos"}. The original of each stays.`,
      impact: {
        storageFreed: measured ?? Math.round(d.photosDuplicates * r.duplicate.bytesEach),
        storageBasis: measured !== null ? "scan" : "estimate",
        timeToComplete: r.duplicate.minutes,
        itemsAffected: d.photosDuplicates,
      },
      category: "photos",
      action: { tab: "photos", select: "duplicates" },
    });
  }
  const photos = d.hasScanned ? d.photoFindings : undefined;
  if (photos && photos.similarExtra > 0) {
    out.push({
      id: "similar-photos",
      type: "duplicate",
      priority: r.similarPhotos.priority,
      confidence: r.similarPhotos.confidence,
      title: "Keep the best of similar shots",
      description: `Your last scan found ${n(photos.similarGroups)} ${photos.similarGroups === 1 ? "set" : "sets"} of similar photos. Keep the best shot of each; ${n(photos.similarExtra)} others can go.`,
      impact: {
        storageFreed: photos.similarExtraBytes,
        storageBasis: "scan",
        timeToComplete: r.similarPhotos.minutes,
        itemsAffected: photos.similarExtra,
      },
      category: "photos",
      action: { tab: "photos", view: "similar" },
    });
  }
  if (photos && photos.oldScreenshots > 0) {
    out.push({
      id: "old-screenshots",
      type: "old_file",
      priority: r.oldScreenshots.priority,
      confidence: r.oldScreenshots.confidence,
      title: "Clear old screenshots",
      description: `${n(photos.oldScreenshots)} ${photos.oldScreenshots === 1 ? "screenshot is" : "screenshots are"} over 30 days old. Most did their job the day they were taken.`,
      impact: {
        storageFreed: photos.oldScreenshotsBytes,
        storageBasis: "scan",
        timeToComplete: r.oldScreenshots.minutes,
        itemsAffected: photos.oldScreenshots,
      },
      category: "photos",
      action: { tab: "photos", view: "screenshots" },
    });
  }
  if (photos && photos.blurry > 0) {
    out.push({
      id: "blurry-photos",
      type: "storage_optimization",
      priority: r.blurryPhotos.priority,
      confidence: r.blurryPhotos.confidence,
      title: "Review blurry photos",
      description: `${n(photos.blurry)} ${photos.blurry === 1 ? "photo looks" : "photos look"} blurred or out of focus. Check them before they go.`,
      impact: {
        storageFreed: photos.blurryBytes,
        storageBasis: "scan",
        timeToComplete: r.blurryPhotos.minutes,
        itemsAffected: photos.blurry,
      },
      category: "photos",
      action: { tab: "photos", view: "blurry" },
    });
  }
  if (d.hasScanned && d.filesLarge > r.largeFiles.threshold) {
    const measured = d.largeBytes !== undefined && d.largeBytes > 0 ? d.largeBytes : null;
    out.push({
      id: "large-files",
      type: "large_file",
      priority: r.largeFiles.priority,
      confidence: r.largeFiles.confidence,
      title: "Review large files",
      description: `${n(d.filesLarge)} files are over 100 MB each. Archive or remove the ones you no longer need.`,
      impact: {
        storageFreed: measured ?? Math.round(d.filesLarge * r.largeFiles.bytesEach),
        storageBasis: measured !== null ? "scan" : "estimate",
        timeToComplete: r.largeFiles.minutes,
        itemsAffected: d.filesLarge,
      },
      category: "files",
      action: { tab: "files", select: "large" },
    });
  }
  if (d.hasScanned && d.appsUnused > 0) {
    out.push({
      id: "unused-apps",
      type: "unused_app",
      priority: r.unusedApps.priority,
      confidence: r.unusedApps.confidence,
      title: "Remove unused apps",
      description: `${n(d.appsUnused)} ${d.appsUnused === 1 ? "app hasn't" : "apps haven't"} been used in over 3 months.`,
      impact: {
        storageFreed: Math.round(d.appsUnused * r.unusedApps.bytesEach),
        storageBasis: "estimate",
        timeToComplete: r.unusedApps.minutes,
        itemsAffected: d.appsUnused,
      },
      category: "apps",
      action: { tab: "apps", select: "unused" },
    });
  }
  if (d.hasScanned && d.emailUnread > r.email.threshold) {
    out.push({
      id: "email-cleanup",
      // The spec's Suggestion types have no e-mail type; old unread mail is the closest.
      type: "old_file",
      priority: r.email.priority,
      confidence: r.email.confidence,
      title: "Clean up your inbox",
      description: `${n(d.emailUnread)} unread e-mails are waiting. Archive or unsubscribe from what you never read.`,
      impact: {
        storageFreed: Math.round(d.emailUnread * r.email.bytesEach),
        storageBasis: "estimate",
        timeToComplete: r.email.minutes,
        itemsAffected: d.emailUnread,
      },
      category: "email",
      action: { tab: "email", select: "unread" },
    });
  }
  const oldFiles = d.oldFiles ?? 0;
  const oldImpact = (minutes: number) => ({
    storageFreed: d.oldBytes ?? 0,
    storageBasis: "scan" as const,
    timeToComplete: minutes,
    itemsAffected: oldFiles,
  });
  if (d.hasScanned && oldFiles > 0 && (r.seasonal.months as readonly number[]).includes(month)) {
    out.push({
      id: `seasonal-spring-${year}`,
      type: "seasonal",
      priority: r.seasonal.priority,
      confidence: r.seasonal.confidence,
      title: "Spring cleaning",
      description: `A new season is a good moment to archive: ${n(oldFiles)} ${oldFiles === 1 ? "file hasn't" : "files haven't"} been opened in 6 months.`,
      impact: oldImpact(r.seasonal.minutes),
      category: "general",
      action: { tab: "files", select: "old" },
    });
  }
  if (d.hasScanned && oldFiles > 0 && d.healthScore < r.storage.belowScore) {
    out.push({
      id: "storage-optimization",
      type: "storage_optimization",
      priority: r.storage.priority,
      confidence: r.storage.confidence,
      title: "Optimize your storage",
      description: `Your health score is ${d.healthScore}. Your scan found ${n(oldFiles)} old ${oldFiles === 1 ? "file" : "files"} to archive or clear.`,
      impact: oldImpact(r.storage.minutes),
      category: "general",
      action: { tab: "files", select: "old" },
    });
  }
  const hidden = new Set(dismissed);
  return out
    .filter((s) => !hidden.has(s.id))
    .sort((a, b) => PRIORITY_WEIGHT[b.priority] * b.confidence - PRIORITY_WEIGHT[a.priority] * a.confidence);
}

/** Spec §9 priority colours: high red, medium orange, low blue. */
export const PRIORITY_COLOR: Record<Priority, "red" | "orange" | "blue"> = { high: "red", medium: "orange", low: "blue" };

/** Ids a user may dismiss: our own suggestion ids (a seasonal one carries its year). */
export const SUGGESTION_ID_PATTERN = /^[a-z][a-z0-9-]{0,63}$/;
export const MAX_DISMISSED = 200;
