import type { ScoreFactor } from "../../../../domain/health-score";
import { scoreBand } from "../../../../domain/health-score";

const GRADIENT = {
  green: "from-score-good to-score-good-end",
  yellow: "from-score-fair to-score-fair-end",
  red: "from-score-poor to-score-poor-end",
  // No score yet (before the first scan, or while it loads): nothing is wrong, so no alarm colour.
  none: "from-score-none to-score-none-end",
} as const;

function encouragement(score: number): string {
  if (score >= 80) return "Great job! Your digital life is in great shape.";
  if (score >= 60) return "Good progress — a few quick wins will get you to great.";
  return "Let's get started: every cleanup action raises your score.";
}

/** Spec §2 "Digital Health Score card", with the score's explanation. */
export function HealthScoreCard({
  score,
  factors,
  hasScanned,
  pending,
  title = "Digital Health Score",
  subtitle,
}: {
  score: number;
  factors: ScoreFactor[];
  hasScanned: boolean;
  /** A signed-in user's score not known yet ("loading") or not loaded ("unavailable"): never "run your first scan". */
  pending?: "loading" | "unavailable";
  title?: string;
  subtitle?: string;
}) {
  const band = hasScanned && !pending ? scoreBand(score) : "none";
  const shown = factors.filter((f) => f.penalty > 0);
  return (
    <section
      aria-labelledby="score-title"
      data-band={band}
      className={`rounded-card bg-gradient-to-br p-5 text-white shadow ${GRADIENT[band]}`}
    >
      <h2 id="score-title" className="text-sm font-medium uppercase tracking-wide opacity-90">
        {title}
      </h2>
      {pending === "loading" ? (
        <p role="status" className="mt-2 text-sm">
          Loading your score…
        </p>
      ) : pending === "unavailable" ? (
        <p className="mt-2 text-sm">Your score could not be loaded right now. It will show here once the connection is back.</p>
      ) : hasScanned ? (
        <>
          <p className="mt-1 flex items-baseline gap-2">
            <span className="text-5xl font-bold tabular-nums" data-testid="health-score">
              {score}
            </span>
            <span className="text-sm opacity-90">out of 100</span>
          </p>
          <p className="mt-1 text-sm">{subtitle ?? encouragement(score)}</p>
          <details className="mt-3 rounded-panel bg-black/15 p-3 text-sm">
            <summary className="cursor-pointer font-medium">Why this score?</summary>
            {shown.length === 0 ? (
              <p className="mt-2">No clutter found in your last scan: nothing is taking points off.</p>
            ) : (
              <ul className="mt-2 grid gap-1" aria-label="Score breakdown">
                {shown.map((f) => (
                  <li key={f.key} className="flex justify-between gap-3">
                    <span>{f.label}</span>
                    <span className="tabular-nums">
                      −{f.penalty} <span className="opacity-80">of {f.maxPenalty}</span>
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </details>
        </>
      ) : (
        <p className="mt-2 text-sm">Run your first scan to get your score. It takes a minute and your files never leave this device.</p>
      )}
    </section>
  );
}
