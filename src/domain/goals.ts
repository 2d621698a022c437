/** Daily goal and quick wins (spec §9 "Goals and scoring", §4 "Goal"). */

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
  timeEstimate: string;
  category: "photos" | "apps" | "email";
}

export interface QuickWinInputs {
  photosDuplicates: number;
  appsUnused: number;
  emailUnread: number;
}

/** Spec §9: at most 3, each with its condition, health gain and time. */
export function pickQuickWins(d: QuickWinInputs): QuickWin[] {
  const wins: QuickWin[] = [];
  if (d.photosDuplicates > 0) {
    wins.push({
      id: "remove-duplicates",
      title: "Remove duplicate photos",
      description: `${d.photosDuplicates} duplicate ${d.photosDuplicates === 1 ? "photo" : "photos"} found`,
      impact: "+15 health",
      timeEstimate: "2 min",
      category: "photos",
    });
  }
  if (d.appsUnused > 0) {
    wins.push({
      id: "remove-apps",
      title: "Remove unused apps",
      description: `${d.appsUnused} ${d.appsUnused === 1 ? "app" : "apps"} not used lately`,
      impact: "+20 health",
      timeEstimate: "3 min",
      category: "apps",
    });
  }
  if (d.emailUnread > 50) {
    wins.push({
      id: "clean-email",
      title: "Clean up your inbox",
      description: `${d.emailUnread} unread e-mails`,
      impact: "+10 health",
      timeEstimate: "5 min",
      category: "email",
    });
  }
  return wins.slice(0, 3);
}
