/** Spec §2 "Dashboard": "The organize score shown is healthScore times 0.8." */
export const ORGANIZE_SCORE_FACTOR = 0.8;

/** The organize score, a whole number out of 80 (never below 0). */
export function organizeScore(healthScore: number): number {
  return Math.max(0, Math.round(healthScore * ORGANIZE_SCORE_FACTOR));
}
