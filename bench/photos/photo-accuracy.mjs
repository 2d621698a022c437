#!/usr/bin/env node
// photo-accuracy.mjs — precision and recall of Similar, Blurry and Screenshots (issue 19)
// against the corpus's ground truth, thresholds chosen on one seed and checked on another.
//
// Usage: node bench/photos/photo-accuracy.mjs [--bases 300] [--tune-seed 1] [--check-seed 2]
// Makes both corpora once (bench/photos/make-photo-corpus.mjs, kept in /tmp), decodes them with
// the CLI's own code (sharp, reduced-size decode), then:
//   1. on the tune seed, sweeps the similar distance and the blur threshold and prints the
//      scores, with the value that maximises the lower of precision and recall;
//   2. on both seeds, scores the thresholds committed in src/domain/photos/thresholds.ts.
// Figures, never assertions.
import { corpus, fmt, load, loadPhotoCode, pairsOf, scanItems, score, truthOf } from "./photo-lib.mjs";

const opt = { bases: "300", "tune-seed": "1", "check-seed": "2" };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) if (argv[i].startsWith("--")) opt[argv[i].slice(2)] = argv[++i];
const bases = Number(opt.bases);
const code = await loadPhotoCode();
const { thresholds } = code;

async function analyse(seed) {
  const { dir, manifest } = await corpus(seed, bases);
  const items = scanItems(dir);
  const started = performance.now();
  const analysis = await code.analysePhotoFiles(dir, items, { nowMs: manifest.now, concurrency: 2 });
  const seconds = (performance.now() - started) / 1000;
  return { seed, dir, manifest, items, analysis, seconds, truth: truthOf(manifest) };
}

/** The committed rules' report, as paths. */
function predicted({ analysis }) {
  const pathOf = new Map(analysis.facts.map((f) => [f.id, f.path]));
  const paths = (ids) => new Set(ids.map((id) => pathOf.get(id)));
  const { report } = analysis;
  return {
    similarPairs: pairsOf(report.similar.map((g) => g.ids.map((id) => pathOf.get(id)))),
    blurry: paths(report.blurry),
    screenshots: paths(report.screenshots),
    oldScreenshots: paths(report.oldScreenshots),
    skipped: new Set(analysis.skippedPaths),
  };
}

function scores(run) {
  const p = predicted(run);
  const t = run.truth;
  return {
    Similar: score(p.similarPairs, t.similarPairs),
    Blurry: score(p.blurry, t.blurry),
    Screenshots: score(p.screenshots, t.screenshots),
    "Old screenshots": score(p.oldScreenshots, t.oldScreenshots),
    "Skipped (HEIC)": score(p.skipped, t.undecodable),
  };
}

const quantiles = (values) => {
  const s = [...values].sort((a, b) => a - b);
  const q = (x) => s[Math.min(s.length - 1, Math.floor(x * s.length))];
  return s.length
    ? `min ${s[0].toFixed(1)}, p5 ${q(0.05).toFixed(1)}, median ${q(0.5).toFixed(1)}, p95 ${q(0.95).toFixed(1)}, max ${s.at(-1).toFixed(1)}`
    : "none";
};

/** Sweeps on the tune seed: which distance and blur threshold the data asks for. */
function sweep(run) {
  const { analysis, truth } = run;
  const { facts } = analysis;
  const copies = new Set(analysis.report.exact.flatMap((g) => g.ids.filter((id) => id !== g.keepId)));
  const candidates = facts.filter((f) => !copies.has(f.id) && !code.isScreenshot(f));
  console.log(`\nSweep on seed ${run.seed} (${facts.length} photos):`);
  console.log("  similar distance  precision  recall");
  let best = null;
  for (let d = 2; d <= 22; d += 2) {
    const groups = code.groupSimilar(candidates, d).map((ids) => ids.map((id) => facts.find((f) => f.id === id).path));
    const s = score(pairsOf(groups), truth.similarPairs);
    const worst = Math.min(s.precision, s.recall);
    if (!best || worst > best.worst) best = { d, worst };
    console.log(`  ${String(d).padStart(16)}  ${s.precision.toFixed(3).padStart(9)}  ${s.recall.toFixed(3).padStart(6)}`);
  }
  console.log(
    `  → best distance ${best.d} (lower of P and R ${best.worst.toFixed(3)}); committed SIMILAR_MAX_DISTANCE = ${thresholds.SIMILAR_MAX_DISTANCE}`,
  );

  const judged = facts.filter((f) => !code.isScreenshot(f) && Math.max(f.width, f.height) >= thresholds.BLUR_MIN_EDGE);
  console.log(`  sharpness of blurry photos: ${quantiles(judged.filter((f) => truth.blurry.has(f.path)).map((f) => f.sharpness))}`);
  console.log(`  sharpness of sharp photos:  ${quantiles(judged.filter((f) => !truth.blurry.has(f.path)).map((f) => f.sharpness))}`);
  console.log("  blur threshold  precision  recall");
  let bestBlur = null;
  for (let t = 10; t <= 400; t = Math.round(t * 1.2)) {
    const s = score(new Set(judged.filter((f) => f.sharpness < t).map((f) => f.path)), truth.blurry);
    const worst = Math.min(s.precision, s.recall);
    if (!bestBlur || worst > bestBlur.worst) bestBlur = { t, worst };
    console.log(`  ${String(t).padStart(14)}  ${s.precision.toFixed(3).padStart(9)}  ${s.recall.toFixed(3).padStart(6)}`);
  }
  console.log(
    `  → best threshold ${bestBlur.t} (lower of P and R ${bestBlur.worst.toFixed(3)}); committed BLURRY_MAX_SHARPNESS = ${thresholds.BLURRY_MAX_SHARPNESS}`,
  );
}

const runs = [];
for (const seed of [Number(opt["tune-seed"]), Number(opt["check-seed"])]) runs.push(await analyse(seed));
sweep(runs[0]);

console.log(
  `\nCommitted thresholds (distance ${thresholds.SIMILAR_MAX_DISTANCE}, blur < ${thresholds.BLURRY_MAX_SHARPNESS}), scored against the manifests:`,
);
for (const run of runs) {
  const role = run === runs[0] ? "tune" : "check";
  console.log(`  seed ${run.seed} (${role}; ${run.analysis.facts.length} photos decoded in ${run.seconds.toFixed(1)} s, load ${load()}):`);
  for (const [name, s] of Object.entries(scores(run))) console.log(`    ${name.padEnd(16)} ${fmt(s)}`);
}
