import { analysePhotos, summarizePhotoFindings, type PhotoReport, type SimilarGroup } from "../../domain/photos/index";
import type { PhotoAnalysis, ScanItem } from "../types";
import { photoFactsOf } from "./photo-facts-of";

/**
 * The photo report after some photos left the index (moved to the trash) or changed (put
 * back by a copy, with a new modification time), without analysing every photo again: on a
 * phone's worth of photos a whole new grouping is seconds of work on the page's thread.
 *
 * Similar groups are connected components (photos within the distance, transitively): taking
 * photos out can only split the groups they were in, so only those groups — and the groups
 * of the other kind that share a photo with them (an exact group may keep another copy,
 * which then takes part in the similar grouping in its original's place) — are analysed
 * again, from their remaining members. Per-photo findings (blurry, screenshot, old) of the
 * changed photos are made again; everything else stays as it was. The result equals a fresh
 * analysis of what is left (update-photo-report.test.ts checks it against one).
 */
export function updatePhotoReport(
  report: PhotoReport,
  items: readonly ScanItem[],
  removed: ReadonlySet<number>,
  changed: ReadonlySet<number>,
  nowMs: number,
): PhotoAnalysis {
  const { facts, skipped } = photoFactsOf(items);
  // Photos to analyse again: the changed ones, and every group that holds one of them or a
  // removed one — closed over both kinds, since an exact group that keeps another copy moves
  // that copy into (and its old original out of) the similar groups.
  const again = new Set<number>(changed);
  const groups = [...report.similar, ...report.exact];
  const affected = new Set<SimilarGroup>();
  for (let grew = true; grew;) {
    grew = false;
    for (const g of groups) {
      if (affected.has(g) || !g.ids.some((id) => again.has(id) || removed.has(id))) continue;
      affected.add(g);
      for (const id of g.ids) again.add(id);
      grew = true;
    }
  }
  const sub = analysePhotos(
    facts.filter((f) => again.has(f.id) && !removed.has(f.id)),
    { nowMs, skipped },
  );
  const byFirstId = (a: SimilarGroup, b: SimilarGroup) => a.ids[0]! - b.ids[0]!;
  const merge = (old: readonly number[], fresh: readonly number[]) =>
    [...old.filter((id) => !again.has(id) && !removed.has(id)), ...fresh].sort((a, b) => a - b);
  const next: PhotoReport = {
    similar: [...report.similar.filter((g) => !affected.has(g)), ...sub.similar].sort(byFirstId),
    exact: [...report.exact.filter((g) => !affected.has(g)), ...sub.exact].sort(byFirstId),
    blurry: merge(report.blurry, sub.blurry),
    screenshots: merge(report.screenshots, sub.screenshots),
    oldScreenshots: merge(report.oldScreenshots, sub.oldScreenshots),
    skipped,
  };
  return { report: next, findings: summarizePhotoFindings(next, facts) };
}
