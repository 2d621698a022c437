import { compareOriginal } from "../scan-rules";
import { isCopyName } from "./copy-name";
import type { PhotoFacts } from "./photo-facts";
import { BURST_SHARPNESS_RATIO, SAME_EXPOSURE_MARGIN, SAME_RESOLUTION_RATIO, SAME_SHARPNESS_RATIO, SAME_SIZE_RATIO } from "./thresholds";

type Shot = Pick<PhotoFacts, "id" | "name" | "modified" | "width" | "height" | "sharpness" | "size" | "format" | "clipped" | "camera">;

interface Criterion {
  words: string;
  /** Keeps the candidates that are best (or as good as the best) on this criterion. */
  narrow(candidates: Shot[], blurry: ReadonlySet<number>): Shot[];
}

const CRITERIA: readonly Criterion[] = [
  { words: "not blurry", narrow: (c, blurry) => c.filter((s) => !blurry.has(s.id)) },
  { words: "highest resolution", narrow: withinRatioOfBest((s) => s.width * s.height, SAME_RESOLUTION_RATIO) },
  {
    words: "best exposed",
    narrow: (c) => {
      const least = Math.min(...c.map((s) => s.clipped ?? 0));
      return c.filter((s) => (s.clipped ?? 0) <= least + SAME_EXPOSURE_MARGIN);
    },
  },
  { words: "sharpest", narrow: withinRatioOfBest((s) => s.sharpness, SAME_SHARPNESS_RATIO) },
  {
    words: "largest file (least compressed)",
    // Sizes say something only between files of one format: a PNG of a JPEG is larger, not better.
    narrow: (c) => (c.every((s) => s.format === c[0]!.format) ? withinRatioOfBest((s) => s.size, SAME_SIZE_RATIO)(c) : c),
  },
  // An app's re-save (turned, shared, edited) drops the camera's EXIF; the camera's own file keeps it.
  { words: "straight from the camera", narrow: (c) => c.filter((s) => s.camera) },
  // A turned or edited re-save that ties with its original on every measure (the browser's and
  // sharp's resamplers score a recompressed copy a little apart, each its own way): the file
  // whose name the others' names copy is the original, identically on both sides.
  {
    words: "named as the original",
    narrow: (c) =>
      c.filter(
        (s) =>
          !isCopyName(
            s.name,
            c.map((o) => o.name),
          ),
      ),
  },
  // Frames of a burst tie on all of the above: the sharper frame, not the older one…
  { words: "sharpest", narrow: withinRatioOfBest((s) => s.sharpness, BURST_SHARPNESS_RATIO) },
  // …unless they are as sharp as resampling can tell: a copy turned in its pixels scores its
  // original's sharpness within a fraction of a percent, either way. Then the one saved first
  // is the original (whole milliseconds: what a browser's File.lastModified holds).
  {
    words: "saved first",
    narrow: (c) => {
      const first = Math.min(...c.map((s) => Math.floor(s.modified)));
      return c.filter((s) => Math.floor(s.modified) === first);
    },
  },
];

function withinRatioOfBest(score: (s: Shot) => number, ratio: number): (c: Shot[]) => Shot[] {
  return (c) => {
    const best = Math.max(...c.map(score));
    return c.filter((s) => score(s) * ratio >= best);
  };
}

/**
 * Best shot of a group of similar photos (issues 19, 37): not blurry, then the highest
 * resolution, then the best exposed (fewest clipped pixels), then the sharpest, then the
 * largest file (least compressed, among files of one format), then the one that still
 * carries the camera's EXIF, then the one whose name the others copy ("IMG_0001.jpg" over
 * "IMG_0001 turned.jpg"), then the sharpest by more than 1 % — not the oldest: in a burst the
 * frames are seconds apart and the better frame is the one to keep — and only among frames as
 * sharp as that, the one saved first. Near-equal values count as ties (thresholds.ts), so a recompressed
 * copy's block edges do not beat its original. The reason names every criterion that set the
 * kept photo apart.
 */
export function pickBestShot(group: readonly Shot[], blurry: ReadonlySet<number> = new Set()): { keepId: number; reason: string } {
  let candidates = [...group].sort((a, b) => a.id - b.id);
  const reasons: string[] = [];
  for (const criterion of CRITERIA) {
    if (candidates.length === 1) break;
    const narrowed = criterion.narrow(candidates, blurry);
    if (narrowed.length === 0 || narrowed.length === candidates.length) continue;
    if (!reasons.includes(criterion.words)) reasons.push(criterion.words);
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
