import { isBlurry } from "./blur";
import { pickBestShot, pickOriginal } from "./best-shot";
import type { PhotoFacts, PhotoReport, SimilarGroup } from "./photo-facts";
import { isScreenshot } from "./screenshot";
import { groupSimilar } from "./similar-groups";
import { ANALYSIS_EDGE, DEFAULT_TUNING, OLD_SCREENSHOT_AGE_MS, type PhotoTuning } from "./thresholds";

/**
 * The photo analysis of one scan (issue 19). Byte-identical copies (the scan's duplicate
 * groups) are reported as exact groups and take part in the similar grouping through their
 * original only, so one file is never proposed twice. Screenshots have their own view: they
 * are neither grouped as similar shots (two screens of one app share a layout, not a moment)
 * nor called blurry (flat UI has few edges but is not out of focus).
 */
export function analysePhotos(
  facts: readonly PhotoFacts[],
  opts: { nowMs: number; skipped: number },
  tuning: PhotoTuning = DEFAULT_TUNING,
): PhotoReport {
  const byId = new Map(facts.map((f) => [f.id, f]));
  const exact = exactGroups(facts);
  const copies = new Set(exact.flatMap((g) => g.ids.filter((id) => id !== g.keepId)));
  const screenshots = facts.filter((f) => isScreenshot(f));
  const screenshotIds = new Set(screenshots.map((f) => f.id));
  // Graphics (icons, logos, drawings) are never similar shots (issue 37); their byte copies
  // are still exact groups.
  const candidates = facts.filter((f) => !copies.has(f.id) && !screenshotIds.has(f.id) && f.graphic !== true);
  const groups = groupSimilar(candidates, tuning.similarMaxDistance, undefined, tuning.cropMaxDistance);
  const blurry = new Set(facts.filter((f) => !screenshotIds.has(f.id) && isBlurry(f, tuning)).map((f) => f.id));
  // A group shows what its scene holds in focus: a frame far softer than the sharpest is blurry.
  // Compared only among members at least the analysis size, measured at one scale: a small
  // copy's sharpness is scaled down with its size (sharpness.ts), not blurred.
  for (const ids of groups) {
    const members = ids.map((id) => byId.get(id)!).filter((f) => Math.max(f.width, f.height) >= ANALYSIS_EDGE && f.graphic !== true);
    const sharpest = Math.max(...members.map((f) => f.sharpness));
    for (const f of members) if (f.sharpness < sharpest * tuning.groupBlurRatio) blurry.add(f.id);
  }
  const similar: SimilarGroup[] = groups.map((ids) => ({
    ids,
    ...pickBestShot(
      ids.map((id) => byId.get(id)!),
      blurry,
    ),
  }));
  return {
    similar,
    exact,
    blurry: facts.filter((f) => blurry.has(f.id)).map((f) => f.id),
    screenshots: screenshots.map((f) => f.id),
    oldScreenshots: screenshots.filter((f) => opts.nowMs - f.modified > OLD_SCREENSHOT_AGE_MS).map((f) => f.id),
    skipped: opts.skipped,
  };
}

function exactGroups(facts: readonly PhotoFacts[]): SimilarGroup[] {
  const groups = new Map<number, PhotoFacts[]>();
  for (const f of facts) {
    if (f.exactGroup === null) continue;
    const members = groups.get(f.exactGroup);
    if (members) members.push(f);
    else groups.set(f.exactGroup, [f]);
  }
  return [...groups.values()]
    .filter((members) => members.length >= 2)
    .map((members) => ({ ids: members.map((f) => f.id).sort((a, b) => a - b), ...pickOriginal(members) }))
    .sort((a, b) => a.ids[0]! - b.ids[0]!);
}
