#!/usr/bin/env node
// real-photo-accuracy.mjs — the photo analysis scored on real photographs (issue 37).
//
// Usage: node bench/photos/real-photo-accuracy.mjs [--set /tmp/cleanspace-real-photos] [--sweep]
// The set comes from bench/photos/real-photo-set.mjs (made on first use from installed Debian
// packages). Both halves are decoded with the CLI's own code (sharp) and analysed by
// src/domain/photos as committed; --sweep also prints, on half A only, how the grouping
// distance and the blur cut-offs score, which is where thresholds.ts's values come from.
// Half B is never used to choose anything. Prints precision and recall per class and recall
// per variant, and writes bench/results/real-photos-accuracy.json. Figures, never assertions.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { evaluateReal, fmt, load, loadPhotoCode, realTruthOf, repo, scanItems } from "./photo-lib.mjs";

const opt = { set: "/tmp/cleanspace-real-photos" };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++)
  if (argv[i].startsWith("--")) opt[argv[i].slice(2)] = argv[i + 1]?.startsWith("--") || argv[i + 1] === undefined ? true : argv[++i];

if (!existsSync(join(opt.set, "A.manifest.json"))) {
  const made = spawnSync(process.execPath, [join(repo, "bench/photos/real-photo-set.mjs"), "--out", opt.set], { stdio: "inherit" });
  if (made.status !== 0) process.exit(1);
}
const code = await loadPhotoCode();

async function analyse(half) {
  const dir = join(opt.set, half);
  const manifest = JSON.parse(readFileSync(join(opt.set, `${half}.manifest.json`), "utf8"));
  const items = scanItems(dir);
  const started = performance.now();
  const analysis = await code.analysePhotoFiles(dir, items, { nowMs: Date.now(), concurrency: 2 });
  return { half, analysis, truth: realTruthOf(manifest), seconds: (performance.now() - started) / 1000 };
}

export function print(name, run, e) {
  console.log(`\n${name}: ${run.analysis.facts.length} analysed, ${run.analysis.skippedPaths.length} skipped, ${run.seconds.toFixed(1)} s`);
  console.log(`  Similar pairs   ${fmt(e.similar)}; graphics in groups: ${e.graphicsInGroups}`);
  console.log(`  Blurry          ${fmt(e.blurry)}`);
  console.log(`  Screenshots     ${fmt(e.screenshots)}`);
  console.log(
    `  Recall per variant: ${Object.entries(e.perVariant)
      .map(([v, s]) => `${v} ${s.recall.toFixed(2)} (${s.pairs})`)
      .join(", ")}`,
  );
  console.log(
    `  Groups with an original and its turned copy: ${e.turnedCopyKept.groups}, the turned copy kept in ${e.turnedCopyKept.keptTurnedCopy}${e.turnedCopyKept.paths.length ? ` (${e.turnedCopyKept.paths.join(", ")})` : ""}`,
  );
  if (e.graphicsInGroupsPaths.length) console.log(`  graphics grouped: ${e.graphicsInGroupsPaths.join(", ")}`);
  if (e.missedBlurry.length) console.log(`  blurry missed: ${e.missedBlurry.join(", ")}`);
  if (e.falseBlurry.length) console.log(`  called blurry, are not: ${e.falseBlurry.join(", ")}`);
  if (e.falseScreenshots.length) console.log(`  called screenshots, are not: ${e.falseScreenshots.join(", ")}`);
  if (e.missedPairs.length) console.log(`  missed pairs: ${e.missedPairs.map((p) => p.replace("\0", " ~ ")).join(", ")}`);
  if (e.falsePairs.length) console.log(`  false pairs: ${e.falsePairs.map((p) => p.replace("\0", " ~ ")).join(", ")}`);
}

console.log(`load ${load()}`);
const A = await analyse("A");
const B = await analyse("B");
const results = { date: new Date().toISOString(), load: load(), thresholds: { ...code.thresholds }, halves: {} };
for (const run of [A, B]) {
  const e = evaluateReal(run.analysis.facts, run.analysis.report, run.truth);
  print(run.half === "A" ? "Half A (tune)" : "Half B (held out)", run, e);
  results.halves[run.half] = { analysed: run.analysis.facts.length, skipped: run.analysis.skippedPaths.length, seconds: run.seconds, ...e };
}

if (opt.sweep && code.analysePhotosTuned) {
  console.log("\nSweep on half A:");
  const base = { ...code.thresholds.DEFAULT_TUNING };
  const facts = A.analysis.facts;
  const line = (label, t) => {
    const e = evaluateReal(facts, code.analysePhotosTuned(facts, { nowMs: Date.now(), skipped: 0 }, { ...base, ...t }), A.truth);
    console.log(
      `  ${label.padEnd(28)} similar P ${e.similar.precision.toFixed(3)} R ${e.similar.recall.toFixed(3)} graphics ${e.graphicsInGroups}  blurry P ${e.blurry.precision.toFixed(3)} R ${e.blurry.recall.toFixed(3)}`,
    );
  };
  for (const d of [6, 8, 10, 12, 14, 16, 18]) line(`distance ${d}`, { similarMaxDistance: d });
  for (const d of [0, 4, 6, 8, 10, 11, 12, 14]) line(`crop distance ${d}`, { cropMaxDistance: d });
  for (const b of [0.3, 0.35, 0.4, 0.45, 0.5, 0.55]) line(`blur ${b}`, { blurMaxDetail: b });
  for (const r of [0.3, 0.4, 0.5, 0.6]) line(`group blur ratio ${r}`, { groupBlurRatio: r });
}

mkdirSync(join(repo, "bench/results"), { recursive: true });
writeFileSync(join(repo, "bench/results/real-photos-accuracy.json"), `${JSON.stringify(results, null, 1)}\n`);
console.log("\nwrote bench/results/real-photos-accuracy.json");
