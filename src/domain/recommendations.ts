/**
 * Locally computed recommendations (spec §3 "Recommendation", §9 table): the spec's rules,
 * thresholds, priorities, confidences and benefits, at most 5, sorted by priority weight
 * (high 3, medium 2, low 1) times confidence, descending.
 *
 * Every figure shown is the user's own: counts and bytes from the latest scan
 * summary, the health gain from the real score function (score after − score now). A rule
 * whose condition holds but whose real effect is zero (nothing the scan found to act on) is
 * not shown.
 */
import { healthGain, type Cleanup } from "./cleanup-impact";
import { formatBytes, formatCount } from "./format";
import type { OrganizeTarget } from "./filters";
import type { ScanSummary } from "./schemas/scan-summary";

export type Priority = "high" | "medium" | "low";
export const PRIORITY_WEIGHT: Record<Priority, number> = { high: 3, medium: 2, low: 1 };

/** What Accept does: perform Auto Clean, or open Organize where the user acts. */
export type RecommendationAction = { kind: "auto-clean" } | ({ kind: "organize" } & OrganizeTarget);

export interface Recommendation {
  id: string;
  type: "cleanup" | "optimization" | "organization" | "maintenance" | "automation";
  priority: Priority;
  confidence: number;
  title: string;
  description: string;
  impact: {
    /** Formatted bytes the scan measured, or "—" when the scan has no byte count for it. */
    storageFreed: string;
    timeToComplete: string;
    itemsAffected: number;
    /** Health points gained: score after the cleanup minus the score now. */
    healthGain: number;
    difficulty: "easy" | "medium";
  };
  category: "photos" | "files" | "apps" | "email" | "general";
  actionLabel: string;
  learningSource: string;
  estimatedBenefit: number;
  action: RecommendationAction;
}

export interface RecommendationContext {
  /** The health score shown (the server's for a signed-in user). */
  healthScore: number;
  /** Auto Clean Mode already on: turning it on would change nothing. */
  autoCleanOn: boolean;
}

export const MAX_RECOMMENDATIONS = 5;
const SCAN = "Your latest scan";

const bytesOrDash = (bytes: number | undefined) => (bytes !== undefined && bytes > 0 ? formatBytes(bytes) : "—");

/** `month` is 0–11 (January = 0); passed in so the seasonal rule is testable. */
export function recommend(s: ScanSummary, ctx: RecommendationContext, month: number): Recommendation[] {
  const out: Recommendation[] = [];
  const add = (r: Omit<Recommendation, "impact"> & { impact: Omit<Recommendation["impact"], "healthGain">; cleanup: Cleanup }) => {
    const { cleanup, ...rest } = r;
    out.push({ ...rest, impact: { ...r.impact, healthGain: healthGain(s, cleanup) } });
  };
  const filesCount = s.totalFiles - s.photosCount;

  if (s.photosCount > 100 && s.photosDuplicates > 0) {
    add({
      id: "duplicate-photos",
      type: "cleanup",
      priority: "high",
      confidence: 0.85,
      title: "Clear out duplicate photos",
      description: `Your scan found ${formatCount(s.photosDuplicates)} duplicate ${s.photosDuplicates === 1 ? "photo" : "photos"} among ${formatCount(s.photosCount)}. The original of each stays.`,
      impact: {
        storageFreed: bytesOrDash(s.photosDuplicateBytes),
        timeToComplete: "10 min",
        itemsAffected: s.photosDuplicates,
        difficulty: "easy",
      },
      category: "photos",
      actionLabel: "Review photos",
      learningSource: SCAN,
      estimatedBenefit: 85,
      action: { kind: "organize", tab: "photos", select: "duplicates" },
      cleanup: "duplicate-photos",
    });
  }
  const photos = s.photoFindings;
  if (photos && photos.similarExtra > 0) {
    add({
      id: "similar-photos",
      type: "cleanup",
      priority: "medium",
      confidence: 0.8,
      title: "Keep the best of similar shots",
      description: `${formatCount(photos.similarGroups)} ${photos.similarGroups === 1 ? "set" : "sets"} of similar photos: CleanSpace proposes the best shot of each and ${formatCount(photos.similarExtra)} others for the trash.`,
      impact: {
        storageFreed: bytesOrDash(photos.similarExtraBytes),
        timeToComplete: "10 min",
        itemsAffected: photos.similarExtra,
        difficulty: "easy",
      },
      category: "photos",
      actionLabel: "Review similar photos",
      learningSource: SCAN,
      estimatedBenefit: 75,
      action: { kind: "organize", tab: "photos", view: "similar" },
      cleanup: "similar-photos",
    });
  }
  if (photos && photos.oldScreenshots > 0) {
    add({
      id: "old-screenshots",
      type: "cleanup",
      priority: "low",
      confidence: 0.9,
      title: "Clear old screenshots",
      description: `${formatCount(photos.oldScreenshots)} ${photos.oldScreenshots === 1 ? "screenshot is" : "screenshots are"} over 30 days old.`,
      impact: {
        storageFreed: bytesOrDash(photos.oldScreenshotsBytes),
        timeToComplete: "5 min",
        itemsAffected: photos.oldScreenshots,
        difficulty: "easy",
      },
      category: "photos",
      actionLabel: "Review screenshots",
      learningSource: SCAN,
      estimatedBenefit: 60,
      action: { kind: "organize", tab: "photos", view: "screenshots" },
      cleanup: "old-screenshots",
    });
  }
  if (photos && photos.blurry > 0) {
    add({
      id: "blurry-photos",
      type: "cleanup",
      priority: "low",
      confidence: 0.75,
      title: "Review blurry photos",
      description: `${formatCount(photos.blurry)} ${photos.blurry === 1 ? "photo looks" : "photos look"} blurred or out of focus.`,
      impact: { storageFreed: bytesOrDash(photos.blurryBytes), timeToComplete: "5 min", itemsAffected: photos.blurry, difficulty: "easy" },
      category: "photos",
      actionLabel: "Review blurry photos",
      learningSource: SCAN,
      estimatedBenefit: 55,
      action: { kind: "organize", tab: "photos", view: "blurry" },
      cleanup: "blurry-photos",
    });
  }
  if (filesCount > 50 && s.largeFiles > 0) {
    add({
      id: "large-files",
      type: "optimization",
      priority: "medium",
      confidence: 0.75,
      title: "Review your largest files",
      description: `${formatCount(s.largeFiles)} ${s.largeFiles === 1 ? "file is" : "files are"} over 100 MB, ${formatBytes(s.largeBytes)} in all. Keep what matters, archive the rest.`,
      impact: { storageFreed: bytesOrDash(s.largeBytes), timeToComplete: "15 min", itemsAffected: s.largeFiles, difficulty: "medium" },
      category: "files",
      actionLabel: "Review large files",
      learningSource: SCAN,
      estimatedBenefit: 70,
      action: { kind: "organize", tab: "files", select: "large" },
      cleanup: "large-files",
    });
  }
  if (s.appsCount > 20 && s.appsUnused > 0) {
    add({
      id: "unused-apps",
      type: "cleanup",
      priority: "medium",
      confidence: 0.7,
      title: "Remove apps you don't use",
      description: `${formatCount(s.appsUnused)} of your ${formatCount(s.appsCount)} apps ${s.appsUnused === 1 ? "has" : "have"} not been used in months.`,
      impact: { storageFreed: "—", timeToComplete: "5 min", itemsAffected: s.appsUnused, difficulty: "easy" },
      category: "apps",
      actionLabel: "Review apps",
      learningSource: SCAN,
      estimatedBenefit: 65,
      action: { kind: "organize", tab: "apps", select: "unused" },
      cleanup: "unused-apps",
    });
  }
  if (s.emailCount > 1000 && s.emailUnread > 0) {
    add({
      id: "email-organisation",
      type: "organization",
      priority: "low",
      confidence: 0.8,
      title: "Organise your inbox",
      description: `${formatCount(s.emailUnread)} of ${formatCount(s.emailCount)} e-mails are unread. Filters for newsletters and notifications keep the inbox for people.`,
      impact: { storageFreed: "—", timeToComplete: "20 min", itemsAffected: s.emailUnread, difficulty: "medium" },
      category: "email",
      actionLabel: "Organise e-mail",
      learningSource: SCAN,
      estimatedBenefit: 60,
      action: { kind: "organize", tab: "email", select: "unread" },
      cleanup: "unread-email",
    });
  }
  if ((month === 0 || month === 11) && s.oldFiles > 0) {
    add({
      id: "seasonal-cleanup",
      type: "maintenance",
      priority: "low",
      confidence: 0.9,
      title: "Year-end digital cleanup",
      description: `The turn of the year is the moment to archive: ${formatCount(s.oldFiles)} ${s.oldFiles === 1 ? "file hasn't" : "files haven't"} been touched in 6 months.`,
      impact: { storageFreed: bytesOrDash(s.oldBytes), timeToComplete: "30 min", itemsAffected: s.oldFiles, difficulty: "easy" },
      category: "general",
      actionLabel: "Start cleanup",
      learningSource: `Calendar and ${SCAN.toLowerCase()}`,
      estimatedBenefit: 95,
      action: { kind: "organize", tab: "files", select: "old" },
      cleanup: "old-files",
    });
  }
  if (ctx.healthScore < 70 && !ctx.autoCleanOn && !s.metadataOnly && s.duplicateFiles > 0) {
    add({
      id: "automation-setup",
      type: "automation",
      priority: "high",
      confidence: 0.85,
      title: "Turn on Auto Clean",
      description: `Auto Clean moves exact copies to the CleanSpace trash after every scan, undoably. Your scan found ${formatCount(s.duplicateFiles)} of them.`,
      impact: { storageFreed: bytesOrDash(s.duplicateBytes), timeToComplete: "2 min", itemsAffected: s.duplicateFiles, difficulty: "easy" },
      category: "general",
      actionLabel: "Set up",
      learningSource: "Your health score and latest scan",
      estimatedBenefit: 80,
      action: { kind: "auto-clean" },
      cleanup: "duplicates",
    });
  }
  return out
    .filter((r) => r.impact.itemsAffected > 0)
    .sort((a, b) => PRIORITY_WEIGHT[b.priority] * b.confidence - PRIORITY_WEIGHT[a.priority] * a.confidence)
    .slice(0, MAX_RECOMMENDATIONS);
}
