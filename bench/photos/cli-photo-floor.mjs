#!/usr/bin/env node
// cli-photo-floor.mjs — the CLI's photo analysis against the platform's own decode floor
// (issue 37): photos per second of analysePhotoFiles (sharp's reduced-size decode to the
// 512-px RGBA image, EXIF orientation, and the whole analysis) and of the same decodes with
// none of our work (sharp alone, the same pipeline, as many side by side), one lane per core.
// Prints both, their ratio, and what a 20,000-photo library would take at each rate.
//
// Usage: node bench/photos/cli-photo-floor.mjs [--photos 16] [--runs 3]
// Uses the 12-MP JPEGs of photo-speed.mjs (made once in /tmp). Medians of --runs runs, the
// load average beside them; writes bench/results/cli-photos-speed.json. Figures, never assertions.
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { load, loadPhotoCode, repo, scanItems, twelveMegapixel } from "./photo-lib.mjs";

const opt = { photos: "16", runs: "3" };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) if (argv[i].startsWith("--")) opt[argv[i].slice(2)] = argv[++i];
const dir = await twelveMegapixel(Number(opt.photos));
const files = readdirSync(dir)
  .filter((f) => f.endsWith(".jpg"))
  .map((f) => join(dir, f));
const cores = availableParallelism();
const code = await loadPhotoCode();
sharp.concurrency(1); // one libvips thread a photo, photos side by side: the CLI's way
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function lanes(work) {
  let next = 0;
  await Promise.all(
    Array.from({ length: cores }, async () => {
      while (next < files.length) await work(files[next++]);
    }),
  );
}

const floor = async () =>
  lanes((path) =>
    sharp(path, { failOn: "none", autoOrient: true })
      .resize(512, 512, { fit: "inside", withoutEnlargement: true })
      .toColourspace("srgb")
      .ensureAlpha()
      .raw()
      .toBuffer(),
  );
// The scan's items (and its byte-copy search) come before the photos stage: not timed here.
const items = scanItems(dir);
const app = async () => {
  await code.analysePhotoFiles(dir, items, { nowMs: Date.now(), concurrency: cores });
};

const rates = { floor: [], app: [] };
for (let run = 0; run < Number(opt.runs); run++) {
  for (const [name, fn] of [
    ["floor", floor],
    ["app", app],
  ]) {
    const started = performance.now();
    await fn();
    rates[name].push(files.length / ((performance.now() - started) / 1000));
  }
}
const figures = { floor: median(rates.floor), app: median(rates.app) };
console.log(`${files.length} 12-MP JPEGs, ${cores} lanes, ${opt.runs} runs; load ${load()}`);
console.log(
  `  floor (sharp's decode to 512 px alone): ${figures.floor.toFixed(2)} photos/s (${rates.floor.map((r) => r.toFixed(2)).join(", ")})`,
);
console.log(
  `  the CLI's analysis:                     ${figures.app.toFixed(2)} photos/s (${rates.app.map((r) => r.toFixed(2)).join(", ")})`,
);
console.log(
  `  ${(figures.floor / figures.app).toFixed(2)}× the floor's time a photo; a 20,000-photo library: ${(20000 / figures.app / 60).toFixed(1)} min (floor ${(20000 / figures.floor / 60).toFixed(1)} min)`,
);
mkdirSync(join(repo, "bench/results"), { recursive: true });
writeFileSync(
  join(repo, "bench/results/cli-photos-speed.json"),
  `${JSON.stringify({ date: new Date().toISOString(), cores, load: load(), photosPerSecond: figures, runs: rates }, null, 1)}\n`,
);
