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

// Rounds interleave the two (which goes first alternates), so a change in the machine's load
// falls on both. CPU is the process's user + system time over all its threads (libvips' and
// libuv's included): on a shared machine it moves far less than wall time.
const rates = { floor: [], app: [] };
const cpuMs = { floor: [], app: [] };
const cpuNow = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const loads = [];
for (let run = 0; run < Number(opt.runs); run++) {
  const order = [
    ["floor", floor],
    ["app", app],
  ];
  if (run % 2 === 1) order.reverse();
  for (const [name, fn] of order) {
    const started = performance.now();
    const cpuStarted = cpuNow();
    await fn();
    rates[name].push(files.length / ((performance.now() - started) / 1000));
    cpuMs[name].push((cpuNow() - cpuStarted) / files.length);
  }
  loads.push(load());
}
const figures = { floor: median(rates.floor), app: median(rates.app) };
const cpu = { floor: median(cpuMs.floor), app: median(cpuMs.app) };
const list = (xs, digits = 2) => xs.map((r) => r.toFixed(digits)).join(", ");
console.log(`${files.length} 12-MP JPEGs, ${cores} lanes, ${opt.runs} runs (interleaved); load average per run: ${loads.join(" | ")}`);
console.log(
  `  floor (sharp's decode to 512 px alone): ${figures.floor.toFixed(2)} photos/s (${list(rates.floor)}); CPU ${cpu.floor.toFixed(1)} ms a photo (${list(cpuMs.floor, 1)})`,
);
console.log(
  `  the CLI's analysis:                     ${figures.app.toFixed(2)} photos/s (${list(rates.app)}); CPU ${cpu.app.toFixed(1)} ms a photo (${list(cpuMs.app, 1)})`,
);
console.log(
  `  wall: ${(figures.floor / figures.app).toFixed(2)}× the floor's time a photo; CPU: ${(cpu.app / cpu.floor).toFixed(2)}× the floor's CPU a photo`,
);
console.log(
  `  a 20,000-photo library: ${(20000 / figures.app / 60).toFixed(1)} min (floor ${(20000 / figures.floor / 60).toFixed(1)} min); at this CPU a photo on ${cores} idle cores: ${((20000 * cpu.app) / cores / 60000).toFixed(1)} min (floor ${((20000 * cpu.floor) / cores / 60000).toFixed(1)} min)`,
);
mkdirSync(join(repo, "bench/results"), { recursive: true });
writeFileSync(
  join(repo, "bench/results/cli-photos-speed.json"),
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      cores,
      loads,
      photosPerSecond: figures,
      wallRatio: figures.floor / figures.app,
      cpuMsPerPhoto: cpu,
      cpuRatio: cpu.app / cpu.floor,
      minutesFor20000: { app: 20000 / figures.app / 60, floor: 20000 / figures.floor / 60 },
      runs: rates,
      cpuRuns: cpuMs,
    },
    null,
    1,
  )}\n`,
);
