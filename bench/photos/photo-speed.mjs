#!/usr/bin/env node
// photo-speed.mjs — photos per second of `cleanspace scan DIR --similar` on 12-megapixel JPEGs
// (issue 19), with reduced-size decode (sharp's shrink-on-load: libjpeg decodes at 1/8) against
// a full decode, on one core and on both.
//
// Usage: node bench/photos/photo-speed.mjs [--photos 40] [--runs 3]
// Makes the JPEGs once (make-photo-corpus.mjs --twelve-mp, kept in /tmp), builds the CLI, then:
//   1. whole CLI processes (`--similar --json --no-cache --threads T`, CLEANSPACE_PHOTO_DECODE=
//      reduced|full): the photo phase's time from CLEANSPACE_PROFILE, photos per second from it,
//      and the process's wall and CPU seconds (CPU > wall: more than one core was busy);
//   2. in one process, the same analysis with other ways to spread it over the cores — photos
//      side by side on libuv's pool (the CLI's way) or one photo at a time with libvips
//      threads — and the share of the main thread's own work (hash and sharpness).
// Medians of --runs runs, the load average beside each row. Figures, never assertions.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { load, loadPhotoCode, repo, scanItems, twelveMegapixel } from "./photo-lib.mjs";

const opt = { photos: "40", runs: "3" };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) if (argv[i].startsWith("--")) opt[argv[i].slice(2)] = argv[++i];
const count = Number(opt.photos);
const runs = Number(opt.runs);
const dir = await twelveMegapixel(count);
const megabytes = readdirSync(dir).reduce((sum, name) => sum + statSync(join(dir, name)).size, 0) / 1e6;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const GNU_TIME = existsSync("/usr/bin/time") ? "/usr/bin/time" : null;

console.log(`${count} JPEGs of 4000×3000 (${megabytes.toFixed(0)} MB) in ${dir}; ${availableParallelism()} cores`);
const built = spawnSync(process.execPath, ["scripts/build-cli.mjs"], { cwd: repo, stdio: ["ignore", "ignore", "pipe"], encoding: "utf8" });
if (built.status !== 0) throw new Error(`build-cli failed: ${built.stderr}`);

/** One whole CLI process: the photo phase (ms, from CLEANSPACE_PROFILE), wall and CPU seconds. */
function cliRun(threads, mode) {
  const args = ["bin/cleanspace.mjs", "scan", dir, "--similar", "--json", "--no-cache", "--threads", String(threads)];
  const env = {
    ...process.env,
    CLEANSPACE_PROFILE: "1",
    CLEANSPACE_PHOTO_DECODE: mode,
    CLEANSPACE_CACHE_DIR: `/tmp/cleanspace-photo-speed-cache-${process.pid}`,
  };
  const t0 = process.hrtime.bigint();
  const result = GNU_TIME
    ? spawnSync(GNU_TIME, ["-f", "CPU %U %S", process.execPath, ...args], { cwd: repo, env, encoding: "utf8", maxBuffer: 64 << 20 })
    : spawnSync(process.execPath, args, { cwd: repo, env, encoding: "utf8", maxBuffer: 64 << 20 });
  const wall = Number(process.hrtime.bigint() - t0) / 1e9;
  if (result.status !== 0) throw new Error(`cleanspace exited ${result.status}: ${result.stderr}`);
  const photoMs = Number(/photos \(\d+ analysed, \d+ skipped\) (\d+) ms/.exec(result.stderr)?.[1] ?? NaN);
  const cpu = /CPU ([\d.]+) ([\d.]+)/.exec(result.stderr);
  const analysed = JSON.parse(result.stdout).photos.analysed;
  if (analysed !== count) throw new Error(`expected ${count} photos analysed, got ${analysed}`);
  return { photoMs, wall, cpu: cpu ? Number(cpu[1]) + Number(cpu[2]) : NaN };
}

console.log(`\nCLI: cleanspace scan DIR --similar (whole processes, median of ${runs})`);
// CPU seconds move far less with the machine's load than wall time: CPU per photo is the cost.
console.log("  decode   threads  photo phase  photos/s  process wall  process CPU  CPU/photo  load average");
for (const mode of ["reduced", "full"]) {
  for (const threads of [1, 2]) {
    const samples = Array.from({ length: runs }, () => cliRun(threads, mode));
    const ms = median(samples.map((s) => s.photoMs));
    const wall = median(samples.map((s) => s.wall));
    const cpu = median(samples.map((s) => s.cpu));
    console.log(
      `  ${mode.padEnd(7)}  ${String(threads).padStart(7)}  ${`${(ms / 1000).toFixed(2)} s`.padStart(11)}  ${(count / (ms / 1000)).toFixed(1).padStart(8)}` +
        `  ${`${wall.toFixed(2)} s`.padStart(12)}  ${`${cpu.toFixed(2)} s`.padStart(11)}  ${`${((cpu / count) * 1000).toFixed(0)} ms`.padStart(9)}  ${load()}`,
    );
  }
}

// In one process: the same code with other ways of using the cores.
const code = await loadPhotoCode();
const items = scanItems(dir);
const variants = [
  { name: "reduced, 1 photo at a time, 1 libvips thread", lanes: 1, vips: 1, mode: "reduced" },
  { name: "reduced, 2 photos side by side (the CLI's way)", lanes: 2, vips: 1, mode: "reduced" },
  { name: "reduced, 1 photo at a time, 2 libvips threads", lanes: 1, vips: 2, mode: "reduced" },
  { name: "full, 1 photo at a time, 1 libvips thread", lanes: 1, vips: 1, mode: "full" },
  { name: "full, 2 photos side by side", lanes: 2, vips: 1, mode: "full" },
];
console.log(`\nIn one process (median of ${runs}):`);
for (const v of variants) {
  const seconds = [];
  const cpu = [];
  for (let r = 0; r < runs; r++) {
    await code.analysePhotoFiles(dir, items.slice(0, 1), { nowMs: Date.now(), concurrency: 1, mode: v.mode }); // loads sharp
    sharp.concurrency(v.vips);
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    await code.analysePhotoFiles(dir, items, { nowMs: Date.now(), concurrency: v.lanes, mode: v.mode });
    const c = process.cpuUsage(c0);
    seconds.push((performance.now() - t0) / 1000);
    cpu.push((c.user + c.system) / 1e6);
  }
  const s = median(seconds);
  const perPhoto = (median(cpu) / count) * 1000;
  console.log(
    `  ${v.name.padEnd(48)} ${`${s.toFixed(2)} s`.padStart(8)}  ${(count / s).toFixed(1).padStart(6)} photos/s  CPU ${perPhoto.toFixed(0)} ms/photo  load ${load()}`,
  );
}
sharp.concurrency(1);

// The main thread's own share: hash and sharpness of the 512-px grey images.
const greys = [];
const sharpModule = sharp;
for (const item of items.slice(0, 10)) {
  const { data, info } = await sharpModule(join(dir, item.path))
    .resize(512, 512, { fit: "inside" })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  greys.push({ width: info.width, height: info.height, data });
}
const t0 = performance.now();
for (let r = 0; r < 20; r++) for (const grey of greys) code.analyseGrey(grey);
console.log(
  `\nMain thread per photo (hash + sharpness of a 512×384 grey image): ${((performance.now() - t0) / (20 * greys.length)).toFixed(2)} ms  load ${load()}`,
);
