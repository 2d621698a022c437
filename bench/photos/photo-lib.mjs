// Shared by the photo benches: the corpus on disk (made once per seed and size, kept in /tmp
// like scan-bench's), the CLI's own photo code bundled for the bench, and the scoring against
// the manifest's ground truth.
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { loadavg } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";
import { makePhotoCorpus, makeTwelveMegapixel } from "./make-photo-corpus.mjs";

export const repo = fileURLToPath(new URL("../..", import.meta.url));
export const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

/** The corpus of this seed and size, made on first use (a few minutes for 300 bases). */
export async function corpus(seed, bases) {
  const dir = `/tmp/cleanspace-photos-s${seed}-b${bases}`;
  if (!existsSync(`${dir}.manifest.json`)) {
    console.log(`making the photo corpus ${dir} (seed ${seed}, ${bases} base pictures)…`);
    await makePhotoCorpus({ dir, seed, bases });
  }
  return { dir, manifest: JSON.parse(readFileSync(`${dir}.manifest.json`, "utf8")) };
}

/** N 12-MP JPEGs for the speed bench, made on first use. */
export async function twelveMegapixel(count, seed = 1) {
  const dir = `/tmp/cleanspace-photos-12mp-${count}-s${seed}`;
  if (!existsSync(join(dir, `IMG_${String(count - 1).padStart(4, "0")}.jpg`))) {
    console.log(`making ${count} 12-MP JPEGs in ${dir}…`);
    await makeTwelveMegapixel({ dir, seed, count });
  }
  return dir;
}

/** The CLI's photo code and the domain rules, bundled as the CLI bundles them (sharp outside). */
export async function loadPhotoCode() {
  // Inside the repo so that the bundle resolves sharp from node_modules.
  const outfile = join(repo, "dist", "bench", "photo-code.mjs");
  await build({
    stdin: {
      contents: [
        'export * from "./src/domain/photos/index";',
        'export * as thresholds from "./src/domain/photos/thresholds";',
        'export { groupSimilar } from "./src/domain/photos/similar-groups";',
        'export { analysePhotos as analysePhotosTuned } from "./src/domain/photos/analyse-photos";',
        'export { analysePhotoFiles } from "./src/cli/photos/analyse-photo-files";',
        'export { decodePhoto } from "./src/cli/photos/decode-photo";',
        'export { loadSharp } from "./src/cli/photos/load-sharp";',
      ].join("\n"),
      resolveDir: repo,
      sourcefile: "photo-bench-entry.ts",
      loader: "ts",
    },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    external: ["sharp", "libheif-js"],
    outfile,
    logLevel: "warning",
  });
  return import(pathToFileURL(outfile).href);
}

/**
 * Scan items for the corpus as the scan would list them: every file, photos by extension,
 * byte-identical files in one duplicate group (content hashed here, not read from the manifest).
 */
export function scanItems(dir) {
  const items = [];
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else {
        const stat = statSync(path);
        items.push({
          id: items.length + 1,
          path: relative(dir, path),
          name: entry.name,
          size: stat.size,
          type: "",
          category: "photo",
          modified: stat.mtimeMs,
          duplicateGroup: null,
        });
      }
    }
  };
  walk(dir);
  const byContent = new Map();
  for (const item of items) {
    const key = createHash("sha256")
      .update(readFileSync(join(dir, item.path)))
      .digest("hex");
    byContent.set(key, [...(byContent.get(key) ?? []), item]);
  }
  let group = 0;
  for (const members of byContent.values()) {
    if (members.length < 2) continue;
    group++;
    for (const m of members) m.duplicateGroup = group;
  }
  return items;
}

const ratio = (a, b) => (b === 0 ? 1 : a / b);

/** Precision and recall of a predicted set against the true one. */
export function score(predicted, truth) {
  let hits = 0;
  for (const p of predicted) if (truth.has(p)) hits++;
  return { precision: ratio(hits, predicted.size), recall: ratio(hits, truth.size), predicted: predicted.size, truth: truth.size };
}

/** "a\0b" for each pair of paths in each group. */
export function pairsOf(groups) {
  const pairs = new Set();
  for (const g of groups) {
    const sorted = [...g].sort();
    for (let i = 0; i < sorted.length; i++) for (let j = i + 1; j < sorted.length; j++) pairs.add(`${sorted[i]}\0${sorted[j]}`);
  }
  return pairs;
}

/**
 * The ground truth as sets of paths. Similar: pairs within a family of distinct files — exact
 * copies are exact copies, not similar photos, and screenshots are never grouped as similar.
 */
export function truthOf(manifest) {
  const files = manifest.files.filter((f) => !f.undecodable);
  const families = new Map();
  for (const f of files) {
    if (f.family === null || f.copyOf) continue;
    families.set(f.family, [...(families.get(f.family) ?? []), f.path]);
  }
  return {
    similarPairs: pairsOf([...families.values()].filter((g) => g.length > 1)),
    blurry: new Set(files.filter((f) => f.blurry).map((f) => f.path)),
    screenshots: new Set(files.filter((f) => f.screenshot).map((f) => f.path)),
    oldScreenshots: new Set(files.filter((f) => f.oldScreenshot).map((f) => f.path)),
    undecodable: new Set(manifest.files.filter((f) => f.undecodable).map((f) => f.path)),
  };
}

export const fmt = (s) => `P ${s.precision.toFixed(3)} R ${s.recall.toFixed(3)} (${s.predicted} found, ${s.truth} true)`;

/** The real-photo set's truth (real-photo-set.mjs) as sets of paths: similar pairs are pairs of distinct files of one source photo. */
export function realTruthOf(manifest) {
  const families = new Map();
  for (const f of manifest.files) {
    if (f.family === null || f.copyOf) continue;
    families.set(f.family, [...(families.get(f.family) ?? []), f.path]);
  }
  const paths = (pred) => new Set(manifest.files.filter(pred).map((f) => f.path));
  return {
    similarPairs: pairsOf([...families.values()].filter((g) => g.length > 1)),
    blurry: paths((f) => f.blurry),
    screenshots: paths((f) => f.screenshot),
    graphics: paths((f) => f.graphic),
    byPath: new Map(manifest.files.map((f) => [f.path, f])),
  };
}

/** A report scored against the real-photo set: per class, per variant, and what was missed. `facts` give the paths. */
export function evaluateReal(facts, report, truth) {
  const pathOf = new Map(facts.map((f) => [f.id, f.path]));
  const groups = report.similar.map((g) => g.ids.map((id) => pathOf.get(id)));
  const found = pairsOf(groups);
  const grouped = new Set(groups.flat());
  const paths = (ids) => new Set(ids.map((id) => pathOf.get(id)));
  const perVariant = {};
  for (const pair of truth.similarPairs) {
    for (const p of pair.split("\0")) {
      const v = truth.byPath.get(p).variant;
      if (v === "original") continue;
      perVariant[v] ??= { hits: 0, pairs: 0 };
      perVariant[v].pairs++;
      if (found.has(pair)) perVariant[v].hits++;
    }
  }
  const graphicsInGroups = [...grouped].filter((p) => truth.graphics.has(p));
  // Groups holding an original (not blurred) and a copy of it turned in pixels or by its EXIF
  // tag: the copy ties with the original on every measure, and the original is to be kept.
  const turnedGroups = report.similar.filter((g) => {
    const variants = g.ids.map((id) => truth.byPath.get(pathOf.get(id)));
    return (
      variants.some((f) => f.variant === "original" && !f.blurry) && variants.some((f) => f.variant === "exif-rot" || f.variant === "rot90")
    );
  });
  const turnedKept = turnedGroups.filter((g) => ["exif-rot", "rot90"].includes(truth.byPath.get(pathOf.get(g.keepId)).variant));
  return {
    similar: score(found, truth.similarPairs),
    graphicsInGroups: graphicsInGroups.length,
    turnedCopyKept: { groups: turnedGroups.length, keptTurnedCopy: turnedKept.length, paths: turnedKept.map((g) => pathOf.get(g.keepId)) },
    graphicsInGroupsPaths: graphicsInGroups.slice(0, 10),
    blurry: score(paths(report.blurry), truth.blurry),
    screenshots: score(paths(report.screenshots), truth.screenshots),
    perVariant: Object.fromEntries(Object.entries(perVariant).map(([v, c]) => [v, { recall: c.hits / c.pairs, pairs: c.pairs }])),
    missedBlurry: [...truth.blurry].filter((p) => !paths(report.blurry).has(p)).slice(0, 10),
    falseBlurry: [...paths(report.blurry)].filter((p) => !truth.blurry.has(p)).slice(0, 10),
    falseScreenshots: [...paths(report.screenshots)].filter((p) => !truth.screenshots.has(p)).slice(0, 10),
    falsePairs: [...found].filter((p) => !truth.similarPairs.has(p)).slice(0, 10),
    missedPairs: [...truth.similarPairs].filter((p) => !found.has(p)).slice(0, 10),
  };
}
