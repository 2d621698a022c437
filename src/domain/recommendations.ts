/**
 * Locally computed recommendations (spec §3 "Recommendation", §9 table): rules on the
 * user's own aggregates, at most 5, sorted by priority weight (high 3, medium 2, low 1)
 * times confidence, descending.
 */
import { formatCount, formatBytes } from "./format";

export type Priority = "high" | "medium" | "low";
export const PRIORITY_WEIGHT: Record<Priority, number> = { high: 3, medium: 2, low: 1 };

export interface Recommendation {
  id: string;
  type: "cleanup" | "optimization" | "organization" | "maintenance" | "automation";
  priority: Priority;
  confidence: number;
  title: string;
  description: string;
  impact: { storageFreed: string; timeToComplete: string; itemsAffected: number; difficulty: "easy" | "medium" };
  category: "photos" | "files" | "apps" | "email" | "general";
  actionLabel: string;
  learningSource: string;
  estimatedBenefit: number;
}

export interface RecommendationInputs {
  photosCount: number;
  photosBytes: number;
  filesCount: number;
  largeBytes: number;
  appsCount: number;
  emailCount: number;
  healthScore: number;
}

export const MAX_RECOMMENDATIONS = 5;

/** `month` is 0–11 (January = 0); passed in so the seasonal rule is testable. */
export function recommend(d: RecommendationInputs, month: number): Recommendation[] {
  const out: Recommendation[] = [];
  if (d.photosCount > 100) {
    const items = Math.round(d.photosCount * 0.15);
    out.push({
      id: "duplicate-photos",
      type: "cleanup",
      priority: "high",
      confidence: 0.85,
      title: "Clear out duplicate photos",
      description: `With ${formatCount(d.photosCount)} photos, about 15% are usually copies or near-copies.`,
      impact: { storageFreed: formatBytes(d.photosBytes * 0.15), timeToComplete: "10 min", itemsAffected: items, difficulty: "easy" },
      category: "photos",
      actionLabel: "Review photos",
      learningSource: "Your latest scan",
      estimatedBenefit: 85,
    });
  }
  if (d.filesCount > 50) {
    out.push({
      id: "large-files",
      type: "optimization",
      priority: "medium",
      confidence: 0.75,
      title: "Review your largest files",
      description: "A few large files usually hold most of the space. Keep what matters, archive the rest.",
      impact: { storageFreed: formatBytes(d.largeBytes), timeToComplete: "15 min", itemsAffected: Math.round(d.filesCount * 0.08), difficulty: "medium" },
      category: "files",
      actionLabel: "Review large files",
      learningSource: "Your latest scan",
      estimatedBenefit: 70,
    });
  }
  if (d.appsCount > 20) {
    out.push({
      id: "unused-apps",
      type: "cleanup",
      priority: "medium",
      confidence: 0.7,
      title: "Remove apps you don't use",
      description: `About a quarter of ${d.appsCount} apps typically go unused for months.`,
      impact: { storageFreed: "—", timeToComplete: "5 min", itemsAffected: Math.round(d.appsCount * 0.25), difficulty: "easy" },
      category: "apps",
      actionLabel: "Review apps",
      learningSource: "Your latest scan",
      estimatedBenefit: 65,
    });
  }
  if (d.emailCount > 1000) {
    out.push({
      id: "email-organisation",
      type: "organization",
      priority: "low",
      confidence: 0.8,
      title: "Organise your inbox",
      description: "Filters and folders for newsletters, receipts and notifications keep the inbox for people.",
      impact: { storageFreed: "—", timeToComplete: "20 min", itemsAffected: Math.round(d.emailCount * 0.4), difficulty: "medium" },
      category: "email",
      actionLabel: "Organise e-mail",
      learningSource: "Your latest scan",
      estimatedBenefit: 60,
    });
  }
  if (month === 0 || month === 11) {
    out.push({
      id: "seasonal-cleanup",
      type: "maintenance",
      priority: "low",
      confidence: 0.9,
      title: "Year-end digital cleanup",
      description: "The turn of the year is the natural moment to archive last year and start fresh.",
      impact: { storageFreed: "—", timeToComplete: "30 min", itemsAffected: 0, difficulty: "easy" },
      category: "general",
      actionLabel: "Start cleanup",
      learningSource: "Calendar",
      estimatedBenefit: 95,
    });
  }
  if (d.healthScore < 70) {
    out.push({
      id: "automation-setup",
      type: "automation",
      priority: "high",
      confidence: 0.85,
      title: "Turn on Auto Clean",
      description: "Let CleanSpace suggest a safe cleanup after every scan, so clutter never builds up again.",
      impact: { storageFreed: "—", timeToComplete: "2 min", itemsAffected: 0, difficulty: "easy" },
      category: "general",
      actionLabel: "Set up",
      learningSource: "Your health score",
      estimatedBenefit: 80,
    });
  }
  return out
    .sort((a, b) => PRIORITY_WEIGHT[b.priority] * b.confidence - PRIORITY_WEIGHT[a.priority] * a.confidence)
    .slice(0, MAX_RECOMMENDATIONS);
}
