import { compareOriginal } from "../scan-rules";
import { isBlurry } from "./blur";
import type { PhotoFacts } from "./photo-facts";
import { SAME_RESOLUTION_RATIO, SAME_SHARPNESS_RATIO, SAME_SIZE_RATIO } from "./thresholds";

type Shot = Pick<PhotoFacts, "id" | "width" | "height" | "sharpness" | "size" | "modified" | "format">;

interface Criterion {
  words: string;
  /** Keeps the candidates that are best (or as good as the best) on this criterion. */
  narrow(candidates: Shot[]): Shot[];
}

const CRITERIA: readonly Criterion[] = [
  { words: "not blurry", narrow: (c) => c.filter((s) => !isBlurry(s)) },
  { words: "highest resolution", narrow: withinRatioOfBest((s) => s.width * s.height, SAME_RESOLUTION_RATIO) },
  { words: "sharpest", narrow: withinRatioOfBest((s) => s.sharpness, SAME_SHARPNESS_RATIO) },
  {
    words: "largest file (least compressed)",
    // Sizes say something only between files of one format: a PNG of a JPEG is larger, not better.
    narrow: (c) => (c.every((s) => s.format === c[0]!.format) ? withinRatioOfBest((s) => s.size, SAME_SIZE_RATIO)(c) : c),
  },
  { words: "oldest", narrow: (c) => c.filter((s) => s.modified === Math.min(...c.map((x) => x.modified))) },
];

function withinRatioOfBest(score: (s: Shot) => number, ratio: number): (c: Shot[]) => Shot[] {
  return (c) => {
    const best = Math.max(...c.map(score));
    return c.filter((s) => score(s) * ratio >= best);
  };
}

/**
 * Best shot of a group of similar photos (issue 19): not blurry, then the highest resolution,
 * then the sharpest, then the largest file (least compressed, among files of one format),
 * then the oldest (the original, before edits and re-exports), then the first scanned.
 * Near-equal resolutions, sharpness and sizes count as ties (thresholds.ts), so a recompressed
 * copy's block edges do not beat its original. The reason names every criterion that set the
 * kept photo apart.
 */
export function pickBestShot(group: readonly Shot[]): { keepId: number; reason: string } {
  let candidates = [...group].sort((a, b) => a.id - b.id);
  const reasons: string[] = [];
  for (const criterion of CRITERIA) {
    if (candidates.length === 1) break;
    const narrowed = criterion.narrow(candidates);
    if (narrowed.length === 0 || narrowed.length === candidates.length) continue;
    reasons.push(criterion.words);
    candidates = narrowed;
  }
  const text = reasons.length > 0 ? reasons.join(", ") : "first found (the copies look the same)";
  return { keepId: candidates[0]!.id, reason: text.charAt(0).toUpperCase() + text.slice(1) };
}

/**
 * Which byte-identical copy to keep (issue 19): the original by the exact-duplicate rule
 * (scan-rules' compareOriginal: oldest, then shortest path), so both views agree.
 */
export function pickOriginal(group: readonly Pick<PhotoFacts, "id" | "modified" | "path">[]): { keepId: number; reason: string } {
  const ordered = [...group].sort((a, b) => compareOriginal(a, b) || a.id - b.id);
  const original = ordered[0]!;
  const sameDate = ordered.filter((s) => s.modified === original.modified).length > 1;
  return { keepId: original.id, reason: sameDate ? "Same date as its copies, shortest path" : "Oldest copy: the original" };
}
