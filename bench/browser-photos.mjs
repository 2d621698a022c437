#!/usr/bin/env node
// browser-photos.mjs — the scan worker's photos stage in headless Chromium (issue 19): photos
// per second for 12-megapixel JPEGs, decoded at a reduced JPEG scale (the app's way) and at full
// size, one decode in flight and several, one worker and two — with the CPU the browser used
// (CPU seconds over wall seconds: 2.0 is both cores) and the load average beside every figure.
//
// Usage: node bench/browser-photos.mjs [--photos 24] [--runs 3] [--seed 1] [--dir DIR] [--only reduced,full,…]
//        node bench/browser-photos.mjs --accuracy [--check-seed 2] [--bases 300]
//        node bench/browser-photos.mjs --real [--set /tmp/cleanspace-real-photos]   (issue 37's real-photo set, both halves)
//        node bench/browser-photos.mjs --folder DIR   (the photos stage's time on any folder, e.g. a scan-bench corpus)
// The corpus comes from bench/photos/make-photo-corpus.mjs --twelve-mp (4000×3000 camera JPEGs,
// quality 90), made once in /tmp/cleanspace-photos-12mp-N-sS. The app's own code runs: runScan
// with createPhotoStage and the browser decoder over a File list (src/scan/photos), bundled by
// esbuild into one worker; the page hands it the Files from an <input type=file>, as the
// dashboard's folder input does. Timed in the worker from the "photos" stage to the next.
// --accuracy: the browser's answers on photos-engine's accuracy corpus (bench/photos): the picked
// folder goes through the app's whole scan in the worker (walk, duplicate pass, photos stage) and
// its report is scored against the ground truth as bench/photos/photo-accuracy.mjs scores the CLI's,
// so a difference between the browser's resampling and sharp's shows as lost precision or recall.
// Figures, never assertions.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { loadavg } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";
import { build } from "esbuild";

const repo = fileURLToPath(new URL("..", import.meta.url));
const opt = { photos: "24", runs: "3", seed: "1", dir: null, only: null, accuracy: false, "check-seed": "2", bases: "300", folder: null };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === "--accuracy") opt.accuracy = true;
  else if (argv[i] === "--real") opt.real = true;
  else if (argv[i].startsWith("--")) opt[argv[i].slice(2)] = argv[++i];
}
const photos = Number(opt.photos);
const dir = opt.dir ?? `/tmp/cleanspace-photos-12mp-${photos}-s${opt.seed}`;
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
// playwright.config.ts's flags.
const ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
];

/** What is compared: how the worker decodes, how many photos in flight per worker, how many workers. */
const CORES = (await import("node:os")).cpus().length;
const VARIANTS = [
  {
    name: "app",
    label: `the app: reduced-size decode, ${CORES + 1} in flight (cores + 1), thumbnails, analysis`,
    prefer: "image-decoder",
    inFlight: CORES + 1,
    workers: 1,
  },
  {
    name: "floor",
    label: `floor: the same decodes, ${CORES + 1} in flight, no thumbnail, no analysis`,
    prefer: "image-decoder",
    inFlight: CORES + 1,
    workers: 1,
    floor: true,
  },
  { name: "reduced", label: "reduced-size decode, 3 in flight, 1 worker (the app)", prefer: "image-decoder", inFlight: 3, workers: 1 },
  { name: "full", label: "full-size decode, 3 in flight, 1 worker", prefer: "full-size", inFlight: 3, workers: 1 },
  { name: "reduced-1", label: "reduced-size decode, 1 in flight, 1 worker", prefer: "image-decoder", inFlight: 1, workers: 1 },
  { name: "full-1", label: "full-size decode, 1 in flight, 1 worker", prefer: "full-size", inFlight: 1, workers: 1 },
  { name: "reduced-2w", label: "reduced-size decode, 2 in flight, 2 workers", prefer: "image-decoder", inFlight: 2, workers: 2 },
  { name: "bitmap", label: "createImageBitmap(resize), 3 in flight, 1 worker", prefer: "image-bitmap", inFlight: 3, workers: 1 },
].filter((v) => !opt.only || opt.only.split(",").includes(v.name));

if (!opt.accuracy && !opt.real && !opt.folder && (!existsSync(dir) || readdirSync(dir).filter((f) => f.endsWith(".jpg")).length < photos)) {
  console.log(`making ${photos} 12-MP JPEGs in ${dir} (once; about 5 s each) …`);
  const made = spawnSync(
    process.execPath,
    [join(repo, "bench/photos/make-photo-corpus.mjs"), "--dir", dir, "--twelve-mp", String(photos), "--seed", opt.seed],
    { stdio: "inherit" },
  );
  if (made.status !== 0) process.exit(made.status ?? 1);
}
const files =
  opt.accuracy || opt.real || opt.folder
    ? []
    : readdirSync(dir)
        .filter((f) => f.endsWith(".jpg"))
        .sort()
        .slice(0, photos)
        .map((f) => join(dir, f));

// The worker: the app's photo stage over a File list, timed from the "photos" stage to the next.
const WORKER = `
import { createBrowserDecoder } from "./src/scan/photos/browser-decoder";
import { createPhotoStage } from "./src/scan/photos/photo-stage";
import { runScan } from "./src/scan/run-scan";
import { createFileListSource } from "./src/scan/sources/file-list";
self.onmessage = async (event) => {
  const { files, prefer, inFlight, now, report, floor } = event.data;
  try {
    // The floor: the same decodes to the analysis size, without the thumbnail or any analysis.
    const decoder = await createBrowserDecoder(prefer, { thumbnails: !floor });
    if (!decoder) throw new Error("no image decoder in this worker");
    const decode = floor
      ? async (e, f, o, edge) => {
          const d = await decoder.decode(e.ref, f, o, edge);
          return { width: d.width, height: d.height, rgba: { width: 1, height: 1, data: new Uint8Array([0, 0, 0, 255]) } };
        }
      : (e, f, o, edge) => decoder.decode(e.ref, f, o, edge);
    const stage = createPhotoStage({ decode, supports: decoder.supports, inFlight });
    let start = 0;
    let end = 0;
    const result = await runScan(createFileListSource(files), {
      photos: stage,
      ...(now ? { now } : {}),
      onProgress: (p) => {
        if (p.stage === "photos" && !start) start = performance.now();
        if (p.stage === "apps" && !end) end = performance.now();
      },
    });
    self.postMessage({
      ms: end - start,
      kind: decoder.kind,
      analysed: result.summary.photoFindings?.analysed ?? 0,
      ...(report ? { report: result.photoReport, paths: result.items.map((i) => [i.id, i.path]) } : {}),
    });
  } catch (error) {
    self.postMessage({ error: String(error) });
  }
};`;
const bundle = await build({
  stdin: { contents: WORKER, resolveDir: repo, loader: "ts", sourcefile: "photo-bench-worker.ts" },
  bundle: true,
  format: "esm",
  write: false,
  target: "es2022",
  logLevel: "error",
});
const workerJs = bundle.outputFiles[0].text;

const PAGE = `<!doctype html><title>photos bench</title><input id="files" type="file" multiple><input id="folder" type="file" webkitdirectory>
<script>
window.scanFolder = (now) => new Promise((resolve, reject) => {
  const worker = new Worker("/worker.js", { type: "module" });
  worker.onmessage = (e) => { worker.terminate(); e.data.error ? reject(new Error(e.data.error)) : resolve(e.data); };
  worker.onerror = (e) => reject(new Error(e.message));
  worker.postMessage({ files: [...document.querySelector("#folder").files], prefer: "image-decoder", inFlight: 3, now, report: true });
});
window.runVariant = (prefer, inFlight, workers, floor) => {
  const files = [...document.querySelector("#files").files];
  const shares = Array.from({ length: workers }, (_, w) => files.filter((_, i) => i % workers === w));
  return Promise.all(shares.map((share) => new Promise((resolve, reject) => {
    const worker = new Worker("/worker.js", { type: "module" });
    worker.onmessage = (e) => { worker.terminate(); e.data.error ? reject(new Error(e.data.error)) : resolve(e.data); };
    worker.onerror = (e) => reject(new Error(e.message));
    worker.postMessage({ files: share, prefer, inFlight, floor });
  })));
};
</script>`;

const server = createServer((req, res) => {
  if (req.url === "/worker.js") {
    res.setHeader("content-type", "text/javascript");
    res.end(workerJs);
  } else {
    res.setHeader("content-type", "text/html");
    res.end(PAGE);
  }
}).listen(0, "127.0.0.1");
await new Promise((resolve) => server.once("listening", resolve));
const base = `http://127.0.0.1:${server.address().port}`;

/** CPU seconds (user + system) of this process's descendants (the browser Playwright started), from /proc. */
function childrenCpuSeconds(rootPid = process.pid) {
  const stats = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const text = readFileSync(`/proc/${name}/stat`, "utf8");
      const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
      stats.push({ pid: Number(name), ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // gone
    }
  }
  const inTree = new Set([rootPid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const s of stats)
      if (!inTree.has(s.pid) && inTree.has(s.ppid)) {
        inTree.add(s.pid);
        grew = true;
      }
  }
  return stats.filter((s) => s.pid !== rootPid && inTree.has(s.pid)).reduce((n, s) => n + s.ticks, 0) / 100; // USER_HZ
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(" ");

const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
if (opt.accuracy || opt.real || opt.folder) {
  try {
    if (opt.accuracy) await accuracy();
    else if (opt.real) await realAccuracy(opt.set ?? "/tmp/cleanspace-real-photos");
    else await folderStage(opt.folder);
  } finally {
    await browser.close();
    server.close();
  }
  process.exit(0);
}
console.log(`${files.length} 12-MP JPEGs (${dir}), ${opt.runs} runs each; Chromium ${browser.version()}`);
console.log("variant | median photos/s (runs) | CPU s / wall s | load average (1/5/15 min)");
const figures = {};
try {
  for (const variant of VARIANTS) {
    const rates = [];
    const cores = [];
    for (let run = 0; run < Number(opt.runs); run++) {
      // A fresh page per run: no decoder or canvas state carried over.
      const page = await browser.newPage();
      await page.goto(base);
      await page.locator("#files").setInputFiles(files);
      const cpuBefore = childrenCpuSeconds();
      const started = Date.now();
      const results = await page.evaluate(
        ([p, f, w, fl]) => window.runVariant(p, f, w, fl),
        [variant.prefer, variant.inFlight, variant.workers, variant.floor === true],
      );
      const wall = (Date.now() - started) / 1000;
      const cpu = childrenCpuSeconds() - cpuBefore;
      await page.close();
      const analysed = results.reduce((n, r) => n + r.analysed, 0);
      if (analysed !== files.length) throw new Error(`${variant.name}: ${analysed} of ${files.length} photos analysed`);
      const stageSeconds = Math.max(...results.map((r) => r.ms)) / 1000;
      rates.push(files.length / stageSeconds);
      cores.push(cpu / wall);
    }
    figures[variant.name] = median(rates);
    console.log(
      `${variant.label} | ${median(rates).toFixed(2)} (${rates.map((r) => r.toFixed(2)).join(", ")}) | ${median(cores).toFixed(2)} | ${load()}`,
    );
  }
  if (figures.app && figures.floor) {
    console.log(
      `the app: ${(figures.floor / figures.app).toFixed(2)}× the floor's time a photo; a 20,000-photo library: ${(20000 / figures.app / 60).toFixed(1)} min (floor ${(20000 / figures.floor / 60).toFixed(1)} min)`,
    );
    mkdirSync(join(repo, "bench/results"), { recursive: true });
    writeFileSync(
      join(repo, "bench/results/browser-photos-speed.json"),
      `${JSON.stringify({ date: new Date().toISOString(), chromium: browser.version(), cores: CORES, load: load(), photosPerSecond: figures }, null, 1)}\n`,
    );
  }
  if (figures.reduced && figures.full) {
    console.log(`reduced-size decode: ${(figures.reduced / figures.full).toFixed(2)}× the photos per second of full-size decode`);
  }
} finally {
  await browser.close();
  server.close();
}

/** The browser's report on the accuracy corpus, scored like the CLI's (bench/photos/photo-accuracy.mjs). */
async function accuracy() {
  const { corpus, fmt, pairsOf, score, truthOf } = await import("./photos/photo-lib.mjs");
  const seed = Number(opt["check-seed"]);
  const { dir: corpusDir, manifest } = await corpus(seed, Number(opt.bases));
  const page = await browser.newPage();
  await page.goto(base);
  await page.locator("#folder").setInputFiles(corpusDir);
  const started = Date.now();
  const result = await page.evaluate((now) => window.scanFolder(now), manifest.now);
  const seconds = (Date.now() - started) / 1000;
  // webkitRelativePath starts with the picked folder's name; the manifest's paths do not.
  const pathOf = new Map(result.paths.map(([id, path]) => [id, path.slice(path.indexOf("/") + 1)]));
  const paths = (ids) => new Set(ids.map((id) => pathOf.get(id)));
  const { report } = result;
  const truth = truthOf(manifest);
  console.log(
    `Browser (Chromium ${browser.version()}) on the accuracy corpus, seed ${seed}: ${result.analysed} photos analysed, ${report.skipped} skipped, ${seconds.toFixed(1)} s for the whole scan; load ${load()}`,
  );
  const rows = {
    Similar: score(pairsOf(report.similar.map((g) => g.ids.map((id) => pathOf.get(id)))), truth.similarPairs),
    Blurry: score(paths(report.blurry), truth.blurry),
    Screenshots: score(paths(report.screenshots), truth.screenshots),
    "Old screenshots": score(paths(report.oldScreenshots), truth.oldScreenshots),
  };
  for (const [name, s] of Object.entries(rows)) console.log(`  ${name.padEnd(16)} ${fmt(s)}`);
}

/**
 * The browser's report on the real-photo set (bench/photos/real-photo-set.mjs), scored as
 * bench/photos/real-photo-accuracy.mjs scores the CLI's: the same analysis must give the same
 * answers through Chromium's decoders.
 */
async function realAccuracy(set) {
  const { evaluateReal, fmt, realTruthOf } = await import("./photos/photo-lib.mjs");
  const out = {};
  for (const half of ["A", "B"]) {
    const manifest = JSON.parse(readFileSync(join(set, `${half}.manifest.json`), "utf8"));
    const page = await browser.newPage();
    await page.goto(base);
    await page.locator("#folder").setInputFiles(join(set, half));
    const started = Date.now();
    const result = await page.evaluate((now) => window.scanFolder(now), Date.now());
    const seconds = (Date.now() - started) / 1000;
    await page.close();
    const facts = result.paths.map(([id, path]) => ({ id, path: path.slice(path.indexOf("/") + 1) }));
    const e = evaluateReal(facts, result.report, realTruthOf(manifest));
    out[half] = { analysed: result.analysed, skipped: result.report.skipped, seconds, ...e };
    console.log(
      `\nBrowser (Chromium ${browser.version()}), half ${half}: ${result.analysed} analysed, ${result.report.skipped} skipped, ${seconds.toFixed(1)} s; load ${load()}`,
    );
    console.log(`  Similar pairs   ${fmt(e.similar)}; graphics in groups: ${e.graphicsInGroups}`);
    console.log(`  Blurry          ${fmt(e.blurry)}`);
    console.log(`  Screenshots     ${fmt(e.screenshots)}`);
    console.log(
      `  Recall per variant: ${Object.entries(e.perVariant)
        .map(([v, x]) => `${v} ${x.recall.toFixed(2)} (${x.pairs})`)
        .join(", ")}`,
    );
    console.log(
      `  Groups with an original and its turned copy: ${e.turnedCopyKept.groups}, the turned copy kept in ${e.turnedCopyKept.keptTurnedCopy}${e.turnedCopyKept.paths.length ? ` (${e.turnedCopyKept.paths.join(", ")})` : ""}`,
    );
    if (e.missedBlurry.length) console.log(`  blurry missed: ${e.missedBlurry.join(", ")}`);
    if (e.falseBlurry.length) console.log(`  called blurry, are not: ${e.falseBlurry.join(", ")}`);
    if (e.missedPairs.length) console.log(`  missed pairs: ${e.missedPairs.map((p) => p.replace("\0", " ~ ")).join(", ")}`);
    if (e.falsePairs.length)
      console.log(
        `  false pairs: ${e.falsePairs
          .slice(0, 4)
          .map((p) => p.replace("\0", " ~ "))
          .join(", ")}`,
      );
  }
  mkdirSync(join(repo, "bench/results"), { recursive: true });
  writeFileSync(
    join(repo, "bench/results/real-photos-browser.json"),
    `${JSON.stringify({ date: new Date().toISOString(), chromium: browser.version(), halves: out }, null, 1)}\n`,
  );
}

/** The photos stage's time within the app's whole scan of any folder (its photos of random bytes cost one head read each). */
async function folderStage(folder) {
  const page = await browser.newPage();
  await page.goto(base);
  await page.locator("#folder").setInputFiles(folder);
  const started = Date.now();
  const result = await page.evaluate((now) => window.scanFolder(now), Date.now());
  const seconds = (Date.now() - started) / 1000;
  console.log(
    `${folder}: ${result.paths.length} files, ${result.analysed} photos analysed, ${result.report.skipped} skipped; ` +
      `photos stage ${(result.ms / 1000).toFixed(2)} s of a ${seconds.toFixed(1)} s scan; load ${load()}`,
  );
}
