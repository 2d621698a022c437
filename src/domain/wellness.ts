/**
 * Digital wellness (spec §3 "Wellness metric", §9 "Wellness"): five metrics from the
 * user's own aggregates and streak, an overall score with the spec's bands and messages,
 * and the tips their numbers trigger.
 *
 * The spec's overall is "average of (100 - value)". Four metrics measure strain (higher is
 * worse) but Maintenance Consistency = streak x 10 measures a good habit (higher is
 * better), so taken literally a longer streak would LOWER wellness. We read the intent:
 * each metric contributes its goodness — 100 - value for the strain metrics, the value
 * itself for Maintenance Consistency — and overall is the mean of the five goodness
 * figures (docs/decisions/006-insights.md).
 */
import { addDays } from "./dates";
import type { Trend } from "./timeline";
import { formatCount } from "./format";

export const WELLNESS_STATUSES = ["good", "warning", "critical"] as const;
export type WellnessStatus = (typeof WELLNESS_STATUSES)[number];
export const WELLNESS_METRIC_IDS = ["clutter", "storage", "apps", "email", "consistency"] as const;
export type WellnessMetricId = (typeof WELLNESS_METRIC_IDS)[number];

export interface WellnessInputs {
  healthScore: number;
  photosCount: number;
  filesCount: number;
  appsCount: number;
  appsUnused: number;
  emailUnread: number;
  /** Current streak in days. */
  streak: number;
}

export interface WellnessMetric {
  id: WellnessMetricId;
  name: string;
  /** 0..100. */
  value: number;
  /** Direction of the value since the previous snapshot. */
  trend: Trend;
  status: WellnessStatus;
  description: string;
  recommendation: string;
  /** True only for Maintenance Consistency. */
  higherIsBetter: boolean;
}

export interface WellnessTip {
  id: "health" | "apps" | "email" | "photos" | "streak";
  title: string;
  content: string;
}

export interface Wellness {
  overall: number;
  status: WellnessStatus;
  message: string;
  metrics: WellnessMetric[];
  tips: WellnessTip[];
}

const cap = (v: number) => Math.max(0, Math.min(100, Math.round(v)));

/** Spec §9 formulas, each 0..100. */
export function wellnessValues(i: WellnessInputs): Record<WellnessMetricId, number> {
  return {
    clutter: cap(100 - i.healthScore),
    storage: cap((i.photosCount + i.filesCount) / 100),
    apps: cap(i.appsCount / 2),
    email: cap(i.emailUnread / 5),
    consistency: cap(i.streak * 10),
  };
}

/** Spec §9 bands: 80+ good, 60+ warning, else critical. */
export function wellnessStatus(goodness: number): WellnessStatus {
  if (goodness >= 80) return "good";
  if (goodness >= 60) return "warning";
  return "critical";
}

export const WELLNESS_MESSAGES: Record<WellnessStatus, string> = {
  good: "Excellent digital wellness!",
  warning: "Good digital wellness with room for improvement",
  critical: "Digital wellness needs attention",
};

const METRICS: Record<WellnessMetricId, { name: string; higherIsBetter: boolean; description: string; recommendation: string }> = {
  clutter: {
    name: "Digital Clutter",
    higherIsBetter: false,
    description: "How much clutter your last scan found (100 minus your health score).",
    recommendation: "Clear duplicates and old files to bring clutter down.",
  },
  storage: {
    name: "Storage Stress",
    higherIsBetter: false,
    description: "How many photos and files you keep (one point per 100 items).",
    recommendation: "Archive what you no longer open and keep only the best shots.",
  },
  apps: {
    name: "App Overwhelm",
    higherIsBetter: false,
    description: "How many apps compete for your attention (one point per 2 apps).",
    recommendation: "Remove apps you haven't used in months.",
  },
  email: {
    name: "Email Anxiety",
    higherIsBetter: false,
    description: "How many unread e-mails are waiting (one point per 5 unread).",
    recommendation: "Unsubscribe from newsletters you never read and archive the rest.",
  },
  consistency: {
    name: "Maintenance Consistency",
    higherIsBetter: true,
    description: "Your declutter streak (10 points per day, up to 100).",
    recommendation: "One small cleanup a day keeps the streak, and the clutter, in check.",
  },
};

const goodnessOf = (id: WellnessMetricId, value: number) => (METRICS[id].higherIsBetter ? value : 100 - value);

export function trendOf(current: number, previous: number | null | undefined): Trend {
  if (previous === null || previous === undefined || previous === current) return "stable";
  return current > previous ? "up" : "down";
}

/** Spec §9 tip triggers. */
export function wellnessTips(i: WellnessInputs): WellnessTip[] {
  const tips: WellnessTip[] = [];
  if (i.healthScore < 70)
    tips.push({
      id: "health",
      title: "Plan a weekly cleanup",
      content: "Your health score is below 70. Ten minutes a week on duplicates and old files lifts it steadily.",
    });
  if (i.appsUnused > 5)
    tips.push({
      id: "apps",
      title: "Let go of unused apps",
      content: `${i.appsUnused} apps sit unused. Fewer apps mean fewer notifications and less to update.`,
    });
  if (i.emailUnread > 50)
    tips.push({
      id: "email",
      title: "Tame your inbox",
      content: `${i.emailUnread} unread e-mails add up. Unsubscribe from what you never open and archive in bulk.`,
    });
  if (i.photosCount > 1000)
    tips.push({
      id: "photos",
      title: "Curate your photos",
      content: `With ${formatCount(i.photosCount)} photos, keeping only the best makes memories easier to find.`,
    });
  if (i.streak < 3)
    tips.push({
      id: "streak",
      title: "Build a daily habit",
      content: "A small cleanup each day builds your streak. Three days in a row is a great start.",
    });
  return tips;
}

/** Overall wellness with each metric's trend against the previous snapshot's inputs. */
export function computeWellness(current: WellnessInputs, previous: WellnessInputs | null = null): Wellness {
  const now = wellnessValues(current);
  const before = previous ? wellnessValues(previous) : null;
  const metrics = WELLNESS_METRIC_IDS.map((id) => ({
    id,
    name: METRICS[id].name,
    value: now[id],
    trend: trendOf(now[id], before?.[id]),
    status: wellnessStatus(goodnessOf(id, now[id])),
    description: METRICS[id].description,
    recommendation: METRICS[id].recommendation,
    higherIsBetter: METRICS[id].higherIsBetter,
  }));
  const overall = Math.round(metrics.reduce((sum, m) => sum + goodnessOf(m.id, m.value), 0) / metrics.length);
  const status = wellnessStatus(overall);
  return { overall, status, message: WELLNESS_MESSAGES[status], metrics, tips: wellnessTips(current) };
}

/**
 * The streak as it stood on `date`, from the history of active days: consecutive days
 * ending on `date` (or the day before, as a streak is not broken until a day is missed).
 */
export function streakAsOf(history: readonly string[], date: string): number {
  const seen = new Set(history);
  let day = seen.has(date) ? date : addDays(date, -1);
  let n = 0;
  while (seen.has(day)) {
    n++;
    day = addDays(day, -1);
  }
  return n;
}
