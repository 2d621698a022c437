/**
 * The Digital Health Score (ARCHITECTURE.md "Health score", docs/decisions/007-health-score.md):
 * 100 for a clean device, minus a bounded penalty per kind of clutter. Each penalty grows
 * with the share of clutter and saturates at its maximum, so the score is explainable
 * ("-18 for duplicates") and monotone: more clutter never raises it.
 */
import type { ScanSummary } from "./schemas/scan-summary";

export interface ScoreInputs {
  totalFiles: number;
  totalBytes: number;
  duplicateFiles: number;
  largeBytes: number;
  oldFiles: number;
  emptyFiles: number;
  appsCount: number;
  appsUnused: number;
  emailCount: number;
  emailUnread: number;
  /** Photos scanned, and the distinct ones the photo analysis proposes for the trash
   *  (similar extras, blurry, old screenshots: photoFindings.proposed; 0 without analysis). */
  photosCount: number;
  photosToReview: number;
}

export type ScoreFactorKey = "duplicates" | "photos" | "large" | "old" | "empty" | "apps" | "email";

export interface ScoreFactor {
  key: ScoreFactorKey;
  label: string;
  penalty: number;
  maxPenalty: number;
}

export interface HealthScore {
  score: number;
  factors: ScoreFactor[];
}

interface Rule {
  key: ScoreFactorKey;
  label: string;
  max: number;
  /** The share (0..1) at which the whole penalty applies. */
  saturatesAt: number;
  share(i: ScoreInputs): number;
}

const ratio = (part: number, whole: number) => (whole > 0 ? Math.min(1, part / whole) : 0);

const RULES: Rule[] = [
  { key: "duplicates", label: "Duplicate copies", max: 30, saturatesAt: 0.25, share: (i) => ratio(i.duplicateFiles, i.totalFiles) },
  {
    key: "photos",
    label: "Similar shots, blurry photos and old screenshots",
    max: 10,
    saturatesAt: 0.25,
    share: (i) => ratio(i.photosToReview, i.photosCount),
  },
  { key: "large", label: "Space taken by large files", max: 20, saturatesAt: 0.5, share: (i) => ratio(i.largeBytes, i.totalBytes) },
  { key: "old", label: "Files untouched for 6 months", max: 15, saturatesAt: 0.6, share: (i) => ratio(i.oldFiles, i.totalFiles) },
  { key: "empty", label: "Empty files", max: 5, saturatesAt: 0.05, share: (i) => ratio(i.emptyFiles, i.totalFiles) },
  { key: "apps", label: "Unused apps", max: 15, saturatesAt: 0.5, share: (i) => ratio(i.appsUnused, i.appsCount) },
  { key: "email", label: "Unread e-mail", max: 15, saturatesAt: 0.5, share: (i) => ratio(i.emailUnread, i.emailCount) },
];

const round1 = (n: number) => Math.round(n * 10) / 10;

/** Computes the score and the penalty of each factor, largest first. */
export function computeHealthScore(inputs: ScoreInputs): HealthScore {
  const factors = RULES.map((r) => ({
    key: r.key,
    label: r.label,
    maxPenalty: r.max,
    penalty: round1(r.max * Math.min(1, r.share(inputs) / r.saturatesAt)),
  })).sort((a, b) => b.penalty - a.penalty);
  const total = factors.reduce((sum, f) => sum + f.penalty, 0);
  return { score: Math.max(0, Math.min(100, Math.round(100 - total))), factors };
}

/** Spec §2/§9 colour bands: green at 80 or more, yellow 60–79, red below 60. */
export function scoreBand(score: number): "green" | "yellow" | "red" {
  if (score >= 80) return "green";
  if (score >= 60) return "yellow";
  return "red";
}

/** Spec §2: the organize score shown is healthScore × 0.8. */
export function organizeScore(healthScore: number): number {
  return Math.round(healthScore * 0.8);
}

/** The figures of a scan summary the score reads. */
export function scoreInputsOf(s: ScanSummary): ScoreInputs {
  return {
    totalFiles: s.totalFiles,
    totalBytes: s.totalBytes,
    duplicateFiles: s.duplicateFiles,
    largeBytes: s.largeBytes,
    oldFiles: s.oldFiles,
    emptyFiles: s.emptyFiles,
    appsCount: s.appsCount,
    appsUnused: s.appsUnused,
    emailCount: s.emailCount,
    emailUnread: s.emailUnread,
    photosCount: s.photosCount,
    photosToReview: s.photoFindings?.proposed ?? 0,
  };
}

/**
 * The one way a scan summary is scored: the server when it stores a scan and when it answers
 * the dashboard, a visitor's scan on this device, and every "score after" of a cleanup.
 */
export function scoreSummary(s: ScanSummary): HealthScore {
  return computeHealthScore(scoreInputsOf(s));
}
