#!/usr/bin/env node
// photo-accuracy.mjs — precision and recall of Similar, Blurry and Screenshots (issue 19)
// against the corpus's ground truth, thresholds chosen on one seed and checked on another.
//
// Usage: node bench/photos/photo-accuracy.mjs [--bases 300] [--tune-seed 1] [--check-seed 2]
// Makes both corpora once (bench/photos/make-photo-corpus.mjs, kept in /tmp), decodes them with
// the CLI's own code (sharp, reduced-size decode), then:
//   1. on the tune seed, sweeps the similar distance and the blur threshold and prints the
//      scores, with the values that maximise the lower of precision and recall (and the
//      middle of that run: the value thresholds.ts should hold);
//   2. on both seeds, scores the thresholds committed in src/domain/photos/thresholds.ts;
//   3. runs the built CLI (`cleanspace scan DIR --similar --json`) on the check seed and scores
//      its report: the whole path, its own walk and exact-duplicate search included.
// Figures, never assertions.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { corpus, fmt, load, loadPhotoCode, pairsOf, repo, scanItems, score, truthOf } from "./photo-lib.mjs";

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
  const pathOf = new Map(facts.map((f) => [f.id, f.path]));
  console.log(`\nSweep on seed ${run.seed} (${facts.length} photos):`);
  console.log("  similar distance  precision  recall");
  const distances = [];
  for (let d = 2; d <= 20; d++) {
    const groups = code.groupSimilar(candidates, d).map((ids) => ids.map((id) => pathOf.get(id)));
    const s = score(pairsOf(groups), truth.similarPairs);
    distances.push({ value: d, worst: Math.min(s.precision, s.recall) });
    console.log(`  ${String(d).padStart(16)}  ${s.precision.toFixed(3).padStart(9)}  ${s.recall.toFixed(3).padStart(6)}`);
  }
  const d = plateau(distances);
  console.log(`  → best: ${d.text}; committed SIMILAR_MAX_DISTANCE = ${thresholds.SIMILAR_MAX_DISTANCE}`);

  const judged = facts.filter((f) => !code.isScreenshot(f) && Math.max(f.width, f.height) >= thresholds.BLUR_MIN_EDGE);
  console.log(`  sharpness of blurry photos: ${quantiles(judged.filter((f) => truth.blurry.has(f.path)).map((f) => f.sharpness))}`);
  console.log(`  sharpness of sharp photos:  ${quantiles(judged.filter((f) => !truth.blurry.has(f.path)).map((f) => f.sharpness))}`);
  console.log("  blur threshold  precision  recall");
  const levels = [];
  for (let t = 10; t <= 400; t = Math.round(t * 1.1)) {
    const s = score(new Set(judged.filter((f) => f.sharpness < t).map((f) => f.path)), truth.blurry);
    levels.push({ value: t, worst: Math.min(s.precision, s.recall) });
    console.log(`  ${String(t).padStart(14)}  ${s.precision.toFixed(3).padStart(9)}  ${s.recall.toFixed(3).padStart(6)}`);
  }
  const b = plateau(levels, true);
  console.log(`  → best: ${b.text}; committed BLURRY_MAX_SHARPNESS = ${thresholds.BLURRY_MAX_SHARPNESS}`);
}

/**
 * The values where the lower of precision and recall is highest, and the middle of that run
 * (geometric for the blur threshold, whose scale is a ratio): the choice furthest from both
 * kinds of error.
 */
function plateau(rows, geometric = false) {
  const best = Math.max(...rows.map((r) => r.worst));
  const top = rows.filter((r) => r.worst === best).map((r) => r.value);
  const [lo, hi] = [Math.min(...top), Math.max(...top)];
  // A tie between two distances goes to the smaller: precision falls off faster above the run than recall below it.
  const middle = geometric ? Math.round(Math.sqrt(lo * hi)) : Math.floor((lo + hi) / 2);
  return { middle, text: `lower of P and R ${best.toFixed(3)} from ${lo} to ${hi}, middle ${middle}` };
}

/** Recall of the similar pairs by the kind of variant in the pair, and the false pairs by kind. */
function byVariant(run) {
  const kind = new Map(run.manifest.files.map((f) => [f.path, f.variant]));
  const found = predicted(run).similarPairs;
  const rows = new Map();
  for (const pair of run.truth.similarPairs) {
    const [a, b] = pair.split("\0");
    const label = [kind.get(a), kind.get(b)].sort().join(" + ");
    const row = rows.get(label) ?? { found: 0, all: 0 };
    row.all++;
    if (found.has(pair)) row.found++;
    rows.set(label, row);
  }
  const missed = [...rows].filter(([, r]) => r.found < r.all).map(([label, r]) => `${label} ${r.found}/${r.all}`);
  const falsePairs = [...found]
    .filter((p) => !run.truth.similarPairs.has(p))
    .map((p) =>
      p
        .split("\0")
        .map((x) => kind.get(x))
        .sort()
        .join(" + "),
    );
  const counts = new Map();
  for (const label of falsePairs) counts.set(label, (counts.get(label) ?? 0) + 1);
  console.log(`    similar pairs missed, by kind: ${missed.join("; ") || "none"}`);
  console.log(`    similar pairs wrongly made, by kind: ${[...counts].map(([l, n]) => `${l} ${n}`).join("; ") || "none"}`);
}

/**
 * Outside the ground truth: how the measure scores mild blur (σ of 1 and 2 ‰ of the longest
 * side, "a bit soft") on 40 sharp pictures of the tune seed, beside their originals.
 */
async function mildBlur(run) {
  const sharpBases = run.manifest.files.filter((f) => f.variant === "base" && !f.blurry && f.path.endsWith(".jpg")).slice(0, 40);
  const tmp = mkdtempSync(join(tmpdir(), "cs-mild-blur-"));
  const items = [];
  for (const [i, f] of sharpBases.entries()) {
    for (const perMille of [0, 1, 2]) {
      const name = `${i}-${perMille}.jpg`;
      const image = sharp(join(run.dir, f.path));
      const sigma = (Math.max(f.width, f.height) * perMille) / 1000;
      await (perMille ? image.blur(sigma) : image).jpeg({ quality: 90 }).toFile(join(tmp, name));
      items.push({
        id: items.length + 1,
        path: name,
        name,
        size: 1,
        type: "image/jpeg",
        category: "photo",
        modified: 0,
        duplicateGroup: null,
        perMille,
      });
    }
  }
  const { facts } = await code.analysePhotoFiles(tmp, items, { nowMs: 0, concurrency: 2 });
  rmSync(tmp, { recursive: true, force: true });
  const level = new Map(items.map((item) => [item.path, item.perMille]));
  console.log(
    `\nOutside the ground truth, ${sharpBases.length} sharp pictures of seed ${run.seed} re-blurred (sharpness; blurry below ${thresholds.BLURRY_MAX_SHARPNESS}):`,
  );
  for (const perMille of [0, 1, 2]) {
    const values = facts.filter((f) => level.get(f.path) === perMille).map((f) => f.sharpness);
    const blurry = values.filter((v) => v < thresholds.BLURRY_MAX_SHARPNESS).length;
    console.log(`  σ = ${perMille} ‰: ${quantiles(values)}; called blurry ${blurry} of ${values.length}`);
  }
}

const runs = [];
for (const seed of [Number(opt["tune-seed"]), Number(opt["check-seed"])]) runs.push(await analyse(seed));
sweep(runs[0]);
await mildBlur(runs[0]);

console.log(
  `\nCommitted thresholds (distance ${thresholds.SIMILAR_MAX_DISTANCE}, blur < ${thresholds.BLURRY_MAX_SHARPNESS}), scored against the manifests:`,
);
for (const run of runs) {
  const role = run === runs[0] ? "tune" : "check";
  console.log(`  seed ${run.seed} (${role}; ${run.analysis.facts.length} photos decoded in ${run.seconds.toFixed(1)} s, load ${load()}):`);
  for (const [name, s] of Object.entries(scores(run))) console.log(`    ${name.padEnd(16)} ${fmt(s)}`);
  byVariant(run);
}

// The CLI end to end on the check seed.
const check = runs[1];
const built = spawnSync(process.execPath, ["scripts/build-cli.mjs"], { cwd: repo, stdio: ["ignore", "ignore", "pipe"], encoding: "utf8" });
if (built.status !== 0) throw new Error(`build-cli failed: ${built.stderr}`);
const started = performance.now();
const cli = spawnSync(
  process.execPath,
  ["bin/cleanspace.mjs", "scan", check.dir, "--similar", "--json", "--no-cache", "--now", String(check.manifest.now)],
  {
    cwd: repo,
    encoding: "utf8",
    maxBuffer: 256 << 20,
  },
);
if (cli.status !== 0) throw new Error(`cleanspace exited ${cli.status}: ${cli.stderr}`);
const seconds = (performance.now() - started) / 1000;
const { photos } = JSON.parse(cli.stdout);
const t = check.truth;
console.log(`\nCLI end to end on seed ${check.seed} (cleanspace scan --similar --json, ${seconds.toFixed(1)} s, load ${load()}):`);
for (const [name, predictedSet, truthSet] of [
  ["Similar", pairsOf(photos.similar.map((g) => g.photos.map((p) => p.path))), t.similarPairs],
  ["Blurry", new Set(photos.blurry.map((p) => p.path)), t.blurry],
  ["Screenshots", new Set(photos.screenshots.map((p) => p.path)), t.screenshots],
  ["Old screenshots", new Set(photos.screenshots.filter((p) => p.old).map((p) => p.path)), t.oldScreenshots],
  ["Exact copies", pairsOf(photos.exact.map((g) => g.paths)), pairsOf(exactTruth(check.manifest))],
  ["Skipped (HEIC)", new Set(photos.skipped), t.undecodable],
]) {
  console.log(`    ${name.padEnd(16)} ${fmt(score(predictedSet, truthSet))}`);
}

/** Byte copies as groups: each original with its copies. */
function exactTruth(manifest) {
  const groups = new Map();
  for (const f of manifest.files) if (f.copyOf) groups.set(f.copyOf, [...(groups.get(f.copyOf) ?? [f.copyOf]), f.path]);
  return [...groups.values()];
}
