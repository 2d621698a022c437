import type { PhotoFacts, SimilarGroup } from "../../domain/photos/index";
import type { PhotoAnalysis } from "./analyse-photo-files";

interface JsonPhoto {
  path: string;
  size: number;
  width: number;
  height: number;
  sharpness: number;
}

/** The `photos` part of `--json` with `--similar` (docs/cli.md). Paths are relative to DIR. */
export interface CliJsonPhotos {
  analysed: number;
  /** Photos this machine's decoder could not read (e.g. HEIC without an HEVC decoder). */
  skipped: string[];
  /** Byte-identical copies; `keep` is the original, `paths` all of them, `keep` first. */
  exact: { keep: string; reason: string; paths: string[] }[];
  /** Near-duplicates; `keep` is the proposed best shot, the others are proposed for the trash. */
  similar: { keep: string; reason: string; photos: JsonPhoto[] }[];
  blurry: JsonPhoto[];
  screenshots: { path: string; size: number; modified: string; old: boolean }[];
}

export function toJsonPhotos(analysis: PhotoAnalysis): CliJsonPhotos {
  const byId = new Map<number, PhotoFacts>(analysis.facts.map((f) => [f.id, f]));
  const facts = (ids: readonly number[]): PhotoFacts[] => ids.map((id) => byId.get(id)).filter((f): f is PhotoFacts => f !== undefined);
  const photo = ({ path, size, width, height, sharpness }: PhotoFacts): JsonPhoto => ({
    path,
    size,
    width,
    height,
    sharpness: Math.round(sharpness * 10) / 10,
  });
  const keepFirst = (g: SimilarGroup): PhotoFacts[] => facts([g.keepId, ...g.ids.filter((id) => id !== g.keepId)]);
  const { report } = analysis;
  const old = new Set(report.oldScreenshots);
  return {
    analysed: analysis.facts.length,
    skipped: [...analysis.skippedPaths].sort(),
    exact: report.exact.map((g) => ({ keep: byId.get(g.keepId)?.path ?? "", reason: g.reason, paths: keepFirst(g).map((f) => f.path) })),
    similar: report.similar.map((g) => ({ keep: byId.get(g.keepId)?.path ?? "", reason: g.reason, photos: keepFirst(g).map(photo) })),
    blurry: facts(report.blurry).map(photo),
    screenshots: facts(report.screenshots).map((f) => ({
      path: f.path,
      size: f.size,
      modified: new Date(f.modified).toISOString(),
      old: old.has(f.id),
    })),
  };
}
