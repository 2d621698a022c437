/** Daily goal and quick wins (spec §9 "Goals and scoring", §4 "Goal"). */
import { healthGain } from "./cleanup-impact";
import type { ScanSummary } from "./schemas/scan-summary";

/** Below 50 → 5 actions, 50–79 → 3, 80 or more → 1. */
export function dailyGoalTarget(healthScore: number): number {
  if (healthScore < 50) return 5;
  if (healthScore < 80) return 3;
  return 1;
}

export interface GoalProgress {
  target: number;
  completed: number;
  /** 0..100, capped. */
  percent: number;
  achieved: boolean;
}

export function goalProgress(healthScore: number, completed: number): GoalProgress {
  const target = dailyGoalTarget(healthScore);
  return {
    target,
    completed,
    percent: Math.min(100, Math.round((completed / target) * 100)),
    achieved: completed >= target,
  };
}

export interface QuickWin {
  id: "remove-duplicates" | "remove-apps" | "clean-email";
  title: string;
  description: string;
  impact: string;
  /** Health points the win adds: score after minus score now. */
  gain: number;
  timeEstimate: string;
  category: "photos" | "apps" | "email";
}

/** Spec §9 quick wins: id, condition, time; the health gain is the real score function's. */
const QUICK_WINS = [
  {
    id: "remove-duplicates",
    cleanup: "duplicate-photos",
    minutes: "2 min",
    category: "photos",
    applies: (s: ScanSummary) => s.photosDuplicates > 0,
  },
  { id: "remove-apps", cleanup: "unused-apps", minutes: "3 min", category: "apps", applies: (s: ScanSummary) => s.appsUnused > 0 },
  { id: "clean-email", cleanup: "unread-email", minutes: "5 min", category: "email", applies: (s: ScanSummary) => s.emailUnread > 50 },
] as const;

function describeWin(id: QuickWin["id"], s: ScanSummary): { title: string; description: string } {
  switch (id) {
    case "remove-duplicates":
      return {
        title: "Remove duplicate photos",
        description: `${s.photosDuplicates} duplicate ${s.photosDuplicates === 1 ? "photo" : "photos"} found`,
      };
    case "remove-apps":
      return { title: "Remove unused apps", description: `${s.appsUnused} ${s.appsUnused === 1 ? "app" : "apps"} not used lately` };
    case "clean-email":
      return { title: "Clean up your inbox", description: `${s.emailUnread} unread e-mails` };
  }
}

/**
 * Spec §9: at most 3, each with its condition and time. The "+N health" is the score after
 * the cleanup minus the score now (cleanup-impact.ts); a win that would not raise
 * the score is not offered.
 */
export function pickQuickWins(s: ScanSummary): QuickWin[] {
  const wins: QuickWin[] = [];
  for (const rule of QUICK_WINS) {
    if (!rule.applies(s)) continue;
    const gain = healthGain(s, rule.cleanup);
    if (gain <= 0) continue;
    wins.push({
      id: rule.id,
      ...describeWin(rule.id, s),
      impact: `+${gain} health`,
      gain,
      timeEstimate: rule.minutes,
      category: rule.category,
    });
  }
  return wins.slice(0, 3);
}
