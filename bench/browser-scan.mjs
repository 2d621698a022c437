#!/usr/bin/env node
// browser-scan.mjs — the web app's scan of a real folder in headless Chromium: files/s, and the
// longest main-thread task while it runs (no long task over 100 ms during a 20,000-file scan).
//
// Usage: node bench/browser-scan.mjs [--files 20000] [--seed 1] [--runs 2] [--dir DIR] [--build] [--rescan] [--floor]
// --rescan scans the folder a second time in the same browser profile (the hash cache filled);
// --floor also times the same platform calls without the app (bench/support/scan-floor.mjs) for
// the ratio (--floor-only: the floor alone).
// --handle scans through a directory handle instead: the corpus is copied into the origin-private
// file system once per run, showDirectoryPicker answers with it, and its floor is timed too
// (its folder walk as the app's, concurrent; --floor-walk sequential: one folder at a time).
// Uses the same corpus as scan-bench.mjs (/tmp/cleanspace-bench-N-sS, made if missing), serves the
// built app (dist; `npm run build` first when it is missing, or with --build) on a free port with
// a throw-away DATA_DIR, opens /app as a visitor, picks the corpus on the dashboard's folder input (the
// "pick files manually" path every browser has) and times, in the page, from the input's change
// event to the "Scan Complete" toast — walk, hashing in the Web Worker and the IndexedDB save of
// the item index. Long tasks come from a PerformanceObserver('longtask') started before the app.
// The duplicate groups the app stored are checked against the manifest (a fast wrong answer is
// no answer). Memory: the page's JS heap at its peak (performance.memory, sampled every 250 ms)
// and the peak RSS of the browser's processes (bench/support/rss.mjs) — the worker's heap lives
// in the renderer's RSS. Figures, never assertions: the load average is printed with them.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";
import { FLOOR_WORKER, fullReadPaths, photoProbePaths } from "./support/scan-floor.mjs";
import { startBuiltServer } from "./support/server.mjs";
import { watchRss } from "./support/rss.mjs";

const repo = fileURLToPath(new URL("..", import.meta.url));
const corpusTools = join(repo, "bench", "corpus");
const opt = { files: "20000", seed: "1", runs: "2", dir: null, build: false, rescan: false };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === "--build") opt.build = true;
  else if (argv[i] === "--rescan") opt.rescan = true;
  else if (argv[i] === "--floor") opt.floor = true;
  else if (argv[i] === "--floor-only") opt.floor = opt.floorOnly = true;
  else if (argv[i] === "--handle") opt.handle = true;
  else if (argv[i] === "--no-photos-first") opt["no-photos-first"] = true;
  else if (argv[i].startsWith("--")) opt[argv[i].slice(2)] = argv[++i];
}
const files = Number(opt.files);
const dir = opt.dir ?? `/tmp/cleanspace-bench-${files}-s${opt.seed}`;
const manifestPath = `${dir}.manifest.json`;
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const LONG_TASK_LIMIT_MS = 100;

if (!existsSync(manifestPath)) {
  console.log(`making a ${files}-file corpus in ${dir} …`);
  const made = spawnSync(
    process.execPath,
    [join(corpusTools, "make-corpus.mjs"), dir, "--files", String(files), "--seed", String(opt.seed)],
    { stdio: "inherit" },
  );
  if (made.status !== 0) process.exit(made.status ?? 1);
}
const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));

if (opt.build || !existsSync(join(repo, "dist/server/main.js")) || !existsSync(join(repo, "dist/client/index.html"))) {
  const built = spawnSync("npm", ["run", "build"], { cwd: repo, stdio: ["ignore", "ignore", "inherit"] });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

/** Runs in the page before the app: long tasks, and the times of the pick and of "Scan Complete". */
function instrument() {
  const w = window;
  w.__bench = {
    longTasks: [],
    picked: null,
    handled: null,
    result: null,
    complete: null,
    peakHeap: 0,
    posts: 0,
    postMs: 0,
    postMax: 0,
    handedOff: null,
    // When the worker first reported each stage (and each files-stage phase): the photos stage apart.
    stages: {},
  };
  setInterval(() => {
    w.__bench.peakHeap = Math.max(w.__bench.peakHeap, performance.memory?.usedJSHeapSize ?? 0);
  }, 250);
  localStorage.setItem("tourCompleted", "true");
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__bench.longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: "longtask", buffered: true });
  document.addEventListener(
    "change",
    (e) => {
      if (e.target instanceof HTMLInputElement && e.target.type === "file") w.__bench.picked = performance.now();
    },
    true,
  );
  // Bubbling on window: after the app's own change handler (React listens at its root).
  window.addEventListener("change", () => {
    if (w.__bench.picked !== null && w.__bench.handled === null) w.__bench.handled = performance.now();
  });
  // When the worker's result arrives (this listener is added before the app's).
  const NativeWorker = window.Worker;
  window.Worker = class extends NativeWorker {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (e) => {
        if (e.data?.type === "result" && w.__bench.result === null) w.__bench.result = performance.now();
        const p = e.data?.type === "progress" ? e.data.progress : null;
        if (p) {
          const key = p.detail?.phase ? `${p.stage}:${p.detail.phase}` : p.stage;
          w.__bench.stages[key] ??= performance.now();
        }
      });
    }
    // Each hand-off message: cloning Files is where Chromium fetches their size and date.
    postMessage(...args) {
      // --handle: a second scan without the photos stage (the floor has none), to print both.
      if (w.__benchNoPhotos && args[0]?.type === "start") args[0] = { ...args[0], options: { ...args[0].options, photos: false } };
      const t = performance.now();
      super.postMessage(...args);
      const ms = performance.now() - t;
      w.__bench.posts++;
      w.__bench.postMs += ms;
      w.__bench.postMax = Math.max(w.__bench.postMax, ms);
      if (args[0]?.type === "files-end") w.__bench.handedOff = performance.now();
    }
  };
  new MutationObserver(() => {
    if (
      w.__bench.picked !== null &&
      w.__bench.complete === null &&
      /Scan Complete|Files Analyzed|Directory Scanned|Scan not saved/.test(document.body?.textContent ?? "")
    ) {
      w.__bench.complete = performance.now();
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

/** The latest scan's duplicate groups from the app's IndexedDB item index, as sorted path lists. */
function storedGroups(strip = true) {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open("cleanspace-scan");
    req.onerror = () => reject(req.error);
    req.onsuccess = () => {
      const db = req.result;
      const tx = db.transaction(["items", "meta"], "readonly");
      const meta = tx.objectStore("meta").get("latest");
      const items = tx.objectStore("items").getAll();
      tx.oncomplete = () => {
        // Records of up to 1,000 items (negative ids), or plain items from older versions.
        const all = items.result.flatMap((r) => (Array.isArray(r.items) ? r.items : [r]));
        const pathOf = new Map(all.map((item) => [item.id, strip ? item.path.replace(/^[^/]+\//, "") : item.path]));
        db.close();
        resolve((meta.result?.duplicates ?? []).map((g) => g.itemIds.map((id) => pathOf.get(id)).sort()));
      };
      tx.onerror = () => reject(tx.error);
    };
  });
}

// Exactly the files the app reads whole after its first pass, for the floor to read the same bytes.
const fullPaths = opt.floor || opt.handle ? fullReadPaths(dir) : [];
const probePaths = opt.floor || opt.handle ? photoProbePaths(dir) : [];
const canonical = (groups) => groups.map((g) => [...g].sort()).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
const server = await startBuiltServer({ cwd: repo });
const { base } = server;
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
const results = [];
const floors = [];
const handleRuns = [];
const handleFloors = [];
try {
  if (opt.handle && opt.floorOnly) {
    const context = await browser.newContext({ baseURL: base });
    handleFloors.push(...(await handleFloorVariants(context)));
    await context.close();
  }
  for (let run = 0; run < Number(opt.runs) && opt.handle && !opt.floorOnly; run++) {
    const context = await browser.newContext({ baseURL: base });
    handleRuns.push(await measureHandle(context));
    await context.close();
  }
  for (let run = 0; run < Number(opt.runs) && !opt.handle && !opt.floorOnly; run++) {
    const context = await browser.newContext({ baseURL: base });
    await measure(context, "first scan");
    // The same folder again in the same profile: the hash cache (IndexedDB) is filled.
    if (opt.rescan) await measure(context, "rescan");
    await context.close();
  }
  if (opt.floor && !opt.handle) {
    for (let run = 0; run < Number(opt.runs); run++) {
      for (const mode of ["overlap", "after", "none"]) {
        const context = await browser.newContext({ baseURL: base });
        floors.push(await measureFloor(context, mode));
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
  await server.stop();
}

async function measure(context, kind) {
  {
    const page = await context.newPage();
    page.on("crash", () => console.error("the page crashed"));
    page.on("pageerror", (err) => console.error(`page error: ${err.message}`));
    page.on("console", (msg) => {
      if (msg.type() === "error" && !/status of 401/.test(msg.text())) console.error(`console: ${msg.text()}`);
    });
    await page.addInitScript(instrument);
    await page.goto("/app");
    await page.getByRole("button", { name: "Real data scan" }).click();
    const beforePick = await page.evaluate(() => performance.now());
    const rss = watchRss();
    await page.getByLabel("Or choose a folder manually (works in every browser)").setInputFiles(dir, { timeout: 600_000 });
    await page.waitForFunction(() => window.__bench.complete !== null, null, { timeout: 600_000, polling: 200 });
    const peak = rss.stop();
    const bench = await page.evaluate(() => window.__bench);
    const seconds = (bench.complete - bench.picked) / 1000;
    // Each long task, named by when it started: around the pick (the browser filling the input,
    // then the app's change handler handing the files to the worker), while the worker scans,
    // or once the result is back (the item index saved to IndexedDB, the results drawn).
    const phaseOf = (t) => (t.start < bench.handled ? "pick" : t.start < bench.result ? "scan" : "result");
    const during = bench.longTasks.filter((t) => t.start + t.duration >= bench.picked && t.start <= bench.complete);
    const longest = (phase) => during.filter((t) => phaseOf(t) === phase).reduce((m, t) => Math.max(m, t.duration), 0);
    const groups = canonical(await page.evaluate(storedGroups));
    results.push({
      kind,
      fileListMs: bench.picked - beforePick,
      seconds,
      workerSeconds: (bench.result - bench.handled) / 1000,
      handlerMs: bench.handled - bench.picked,
      afterMs: bench.complete - bench.result,
      tasks: during.map((t) => `${Math.round(t.duration)} (${phaseOf(t)} +${Math.round(t.start - bench.picked)} ms)`),
      longest: { pick: longest("pick"), scan: longest("scan"), result: longest("result") },
      exact: JSON.stringify(groups) === JSON.stringify(manifest.duplicateGroups),
      groups: groups.length,
      peak,
      peakHeapMb: Math.round(bench.peakHeap / 1e6),
      // Each stage's first report from the worker, ms after the change event; the result's arrival last.
      stages: {
        ...Object.fromEntries(Object.entries(bench.stages).map(([k, t]) => [k, t - bench.handled])),
        result: bench.result - bench.handled,
      },
      posts: {
        count: bench.posts,
        ms: bench.postMs,
        max: bench.postMax,
        handOffMs: bench.handedOff === null ? NaN : bench.handedOff - bench.picked,
      },
    });
    await page.close();
  }
}

/**
 * The floor (bench/support/scan-floor.mjs): the Files handed to a worker exactly as the app
 * hands them, the same bytes read there, the item index written — and nothing else.
 */
async function measureFloor(context, mode) {
  const page = await context.newPage();
  await page.goto("/privacy");
  await page.evaluate(
    ({ source, full, probes, mode }) => {
      const input = Object.assign(document.createElement("input"), { type: "file", webkitdirectory: true, id: "floor" });
      document.body.append(input);
      const w = window;
      w.__floor = { picked: null, handedOff: null, done: null, longest: 0 };
      // Tasks after the change event only: the FileList build before it is Chromium's (printed apart).
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) {
          if (w.__floor.picked !== null && e.startTime >= w.__floor.picked) w.__floor.longest = Math.max(w.__floor.longest, e.duration);
        }
      }).observe({ type: "longtask" });
      input.addEventListener("change", async () => {
        w.__floor.picked = performance.now();
        const worker = new Worker(URL.createObjectURL(new Blob([source], { type: "text/javascript" })));
        worker.onmessage = (e) => {
          w.__floor.done = performance.now();
          w.__floor.result = e.data;
        };
        worker.postMessage({ full, probes, mode });
        const list = Array.from(input.files);
        let slice = performance.now();
        for (let s = 0; s < list.length; s += 16) {
          if (performance.now() - slice >= 10) {
            await new Promise((r) => {
              const ch = new MessageChannel();
              ch.port1.onmessage = () => r();
              ch.port2.postMessage(null);
            });
            slice = performance.now();
          }
          worker.postMessage({ files: list.slice(s, s + 16) });
        }
        w.__floor.handedOff = performance.now();
        worker.postMessage({ files: [], end: true });
      });
    },
    { source: FLOOR_WORKER, full: fullPaths, probes: probePaths, mode },
  );
  const before = await page.evaluate(() => performance.now());
  const rss = watchRss();
  await page.locator("#floor").setInputFiles(dir, { timeout: 600_000 });
  await page.waitForFunction(() => window.__floor.done !== null, null, { timeout: 600_000, polling: 200 });
  const peak = rss.stop();
  const floor = await page.evaluate(() => window.__floor);
  await page.close();
  return {
    mode,
    ...floorFigures(floor.done - floor.picked, floor.result),
    fileListMs: floor.picked - before,
    handOffMs: floor.handedOff - floor.picked,
    longest: floor.longest,
    peak,
  };
}

/** Seconds in all and without the index write, from the floor worker's own marks. */
function floorFigures(totalMs, result) {
  const { t } = result;
  return {
    seconds: totalMs / 1000,
    withoutSave: (totalMs - (t.saved - t.fullPass)) / 1000,
    saveMs: t.saved - t.fullPass,
    files: result.files,
    reads: result.reads,
    wholeReads: result.wholeReads,
    probeReads: result.probeReads ?? 0,
    bytes: result.bytes,
    t,
  };
}

/** Copies the corpus into the origin-private file system ("corpus"), inside Chromium, from a picked File list. */
async function copyToOpfs(page) {
  await page.evaluate(() => {
    const input = Object.assign(document.createElement("input"), { type: "file", webkitdirectory: true, id: "opfs-copy" });
    document.body.append(input);
  });
  await page.locator("#opfs-copy").setInputFiles(dir, { timeout: 600_000 });
  return page.evaluate(async () => {
    const files = [...document.getElementById("opfs-copy").files];
    const root = await (await navigator.storage.getDirectory()).getDirectoryHandle("corpus", { create: true });
    const folders = new Map();
    const folderOf = async (parts) => {
      let folder = root;
      for (let i = 0; i < parts.length; i++) {
        const key = parts.slice(0, i + 1).join("/");
        if (!folders.has(key)) folders.set(key, folder.getDirectoryHandle(parts[i], { create: true }));
        folder = await folders.get(key);
      }
      return folder;
    };
    let next = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < files.length) {
          const file = files[next++];
          const parts = file.webkitRelativePath.split("/").slice(1);
          const folder = await folderOf(parts.slice(0, -1));
          const writable = await (await folder.getFileHandle(parts.at(-1), { create: true })).createWritable();
          await writable.write(file);
          await writable.close();
        }
      }),
    );
    document.getElementById("opfs-copy").remove();
    return files.length;
  });
}

/** The directory-handle floor on the corpus already in the origin-private file system. */
function handleFloor(page, walk, reads = 16, probes = []) {
  return page.evaluate(
    async ({ source, full, walk, reads, probes }) => {
      const t0 = performance.now();
      const root = await (await navigator.storage.getDirectory()).getDirectoryHandle("corpus");
      const worker = new Worker(URL.createObjectURL(new Blob([source], { type: "text/javascript" })));
      const result = await new Promise((resolve) => {
        worker.onmessage = (e) => resolve(e.data);
        worker.postMessage({ full, root, walk, reads, probes });
      });
      worker.terminate();
      return { totalMs: performance.now() - t0, result };
    },
    { source: FLOOR_WORKER, full: fullPaths, walk, reads, probes },
  );
}

/** --handle --floor-only: one copy, then the floor's arrangements in turn (walk × reads in flight). */
async function handleFloorVariants(context) {
  const page = await context.newPage();
  await page.goto("/privacy");
  await copyToOpfs(page);
  const rows = [];
  for (let run = 0; run < Number(opt.runs); run++) {
    for (const [walk, reads, probes] of [
      ["concurrent", 16, []],
      ["concurrent", 16, probePaths],
    ]) {
      const { totalMs, result } = await handleFloor(page, walk, reads, probes);
      rows.push({ walk, inFlight: reads, probes: result.probeReads, ...floorFigures(totalMs, result) });
    }
  }
  await page.close();
  return rows;
}

/** The directory-handle scan (app) and its floor (entries, getFile, the same reads, the index write) on one OPFS copy. */
async function measureHandle(context) {
  const page = await context.newPage();
  page.on("pageerror", (err) => console.error(`page error: ${err.message}`));
  await page.addInitScript(instrument);
  await page.addInitScript(() => {
    Object.defineProperty(window, "showDirectoryPicker", {
      configurable: true,
      value: async () => (await navigator.storage.getDirectory()).getDirectoryHandle("corpus"),
    });
  });
  await page.goto("/app");
  const t0 = Date.now();
  const copied = await copyToOpfs(page);
  const copySeconds = (Date.now() - t0) / 1000;
  // The copy's writes reach the disk now, not during the first timed scan, which they would slow.
  spawnSync("sync");
  // One floor run first, discarded: whichever scan comes first after the copy pays for the first
  // touch of the copy in its listing, app or floor alike; this way none of the timed ones does.
  const warmUp = await handleFloor(page, "concurrent", 16, probePaths);
  await page.getByRole("button", { name: "Real data scan" }).click();
  // --no-photos-first: the scan without the photos stage runs first, the full one third (order bias).
  const photosFirst = !opt["no-photos-first"];
  await page.evaluate((noPhotos) => {
    window.__benchNoPhotos = noPhotos;
    window.__bench.picked = performance.now();
  }, !photosFirst);
  const rss = watchRss();
  // The page's own thread: how long it was busy during the scan (progress rendering competes with the worker for 2 cores).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Performance.enable");
  const busy = async () => Object.fromEntries((await cdp.send("Performance.getMetrics")).metrics.map((m) => [m.name, m.value]));
  const busyBefore = await busy();
  await page.getByRole("button", { name: "Start Real Data Scan" }).click();
  await page.waitForFunction(() => window.__bench.complete !== null, null, { timeout: 600_000, polling: 200 });
  const peak = rss.stop();
  const busyAfter = await busy();
  const pageBusy = {
    taskMs: (busyAfter.TaskDuration - busyBefore.TaskDuration) * 1000,
    scriptMs: (busyAfter.ScriptDuration - busyBefore.ScriptDuration) * 1000,
    layoutMs:
      (busyAfter.LayoutDuration + busyAfter.RecalcStyleDuration - busyBefore.LayoutDuration - busyBefore.RecalcStyleDuration) * 1000,
  };
  const bench = await page.evaluate(() => window.__bench);
  const during = bench.longTasks.filter((t) => t.start + t.duration >= bench.picked && t.start <= bench.complete);
  const phaseOf = (t) => (bench.result === null || t.start < bench.result ? "scan" : "result");
  // Paths from a folder handle are relative to the folder itself: nothing to strip.
  const groups = canonical(await page.evaluate(storedGroups, false));
  const floorRun = await handleFloor(page, opt["floor-walk"] ?? "concurrent", 16, probePaths);
  const floor = floorFigures(floorRun.totalMs, floorRun.result);
  // The duplicate search's calls alone: the floor of the scan without the photos stage.
  const dupFloorRun = await handleFloor(page, opt["floor-walk"] ?? "concurrent", 16, []);
  const dupFloor = floorFigures(dupFloorRun.totalMs, dupFloorRun.result);
  // The same scan without the photos stage, from empty caches and index (a fresh first scan).
  await page.goto("/app");
  await page.evaluate(() =>
    Promise.all(
      ["cleanspace-hash-cache", "cleanspace-photo-cache", "cleanspace-scan"].map(
        (name) =>
          new Promise((resolve) =>
            Object.assign(indexedDB.deleteDatabase(name), { onsuccess: resolve, onerror: resolve, onblocked: resolve }),
          ),
      ),
    ),
  );
  await page.getByRole("button", { name: "Real data scan" }).click();
  await page.evaluate((noPhotos) => {
    window.__benchNoPhotos = noPhotos;
    window.__bench.picked = performance.now();
  }, photosFirst);
  await page.getByRole("button", { name: "Start Real Data Scan" }).click();
  await page.waitForFunction(() => window.__bench.complete !== null, null, { timeout: 600_000, polling: 200 });
  const second = await page.evaluate(() => (window.__bench.complete - window.__bench.picked) / 1000);
  const secondGroups = canonical(await page.evaluate(storedGroups, false));
  const first = (bench.complete - bench.picked) / 1000;
  const [withPhotos, noPhotos] = photosFirst ? [first, second] : [second, first];
  const noPhotosGroups = photosFirst ? secondGroups : groups;
  const withPhotosGroups = photosFirst ? groups : secondGroups;
  await page.close();
  return {
    copied,
    copySeconds,
    // With the photos stage (the app as shipped), whichever order the two scans ran in.
    seconds: withPhotos,
    photosFirst,
    longest: during.reduce((m, t) => Math.max(m, t.duration), 0),
    tasks: during.map((t) => `${Math.round(t.duration)} (${phaseOf(t)} +${Math.round(t.start - bench.picked)} ms)`),
    workerSeconds: (bench.result - bench.picked) / 1000,
    stages: Object.fromEntries(Object.entries(bench.stages).map(([k, t]) => [k, t - bench.picked])),
    resultMs: bench.result - bench.picked,
    pageBusy,
    noPhotos,
    noPhotosExact: JSON.stringify(noPhotosGroups) === JSON.stringify(manifest.duplicateGroups),
    groups:
      JSON.stringify(withPhotosGroups) === JSON.stringify(manifest.duplicateGroups)
        ? "EXACT MATCH"
        : `MISMATCH (${withPhotosGroups.length} groups)`,
    floor,
    dupFloor,
    warmUpSeconds: warmUp.totalMs / 1000,
    peak,
    peakHeapMb: Math.round(bench.peakHeap / 1e6),
  };
}

console.log(
  `corpus: ${manifest.totals.files} files, ${(manifest.totals.bytes / 1e9).toFixed(2)} GB, ${manifest.totals.dupGroups} duplicate groups (${dir})`,
);
console.log(
  `machine: ${cpus().length} cores, Chromium ${browser.version()}, load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(" ")}`,
);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
/** "N long tasks (> 50 ms), the longest: …" — the ten longest, each with its phase and start. */
const longTasks = (tasks) => {
  const top = [...tasks].sort((a, b) => Number.parseInt(b, 10) - Number.parseInt(a, 10)).slice(0, 10);
  return `${tasks.length} long tasks (> 50 ms)${top.length ? `, the longest: ${top.join(", ")}` : ""}`;
};
if (results.length > 0) {
  console.log(
    `FileList build (setInputFiles → change event: Chromium lists and stats the folder before the app sees a file), ms: ${results.map((r) => Math.round(r.fileListMs)).join(", ")}`,
  );
  console.log(
    `| run | scan | change → results on screen s | files/s | change handler ms | worker s | result → complete ms | longest task ms: pick / scan / result | page heap peak MB | RSS peak MB: all / renderer | groups vs manifest |`,
  );
  console.log(`|---|---|---|---|---|---|---|---|---|---|---|`);
  results.forEach((r, i) =>
    console.log(
      `| ${i + 1} | ${r.kind} | ${r.seconds.toFixed(2)} | ${Math.round(manifest.totals.files / r.seconds)} | ${Math.round(r.handlerMs)} | ${r.workerSeconds.toFixed(2)} | ${Math.round(r.afterMs)} | ${Math.round(r.longest.pick)} / ${Math.round(r.longest.scan)} / ${Math.round(r.longest.result)} | ${r.peakHeapMb} | ${r.peak.totalMb} / ${r.peak.rendererMb} | ${r.exact ? "EXACT MATCH" : `MISMATCH (${r.groups} groups)`} |`,
    ),
  );
  results.forEach((r, i) =>
    console.log(
      `run ${i + 1}: hand-off ${Math.round(r.posts.handOffMs)} ms in ${r.posts.count} messages (${Math.round(r.posts.ms)} ms inside postMessage, at most ${Math.round(r.posts.max)} ms for one); ${longTasks(r.tasks)}; over ${LONG_TASK_LIMIT_MS} ms while the worker scans: ${r.longest.scan > LONG_TASK_LIMIT_MS ? "yes" : "no"}; stages (ms after the change): ${Object.entries(
        r.stages,
      )
        .sort((a, b) => a[1] - b[1])
        .map(([k, t]) => `${k} +${Math.round(t)}`)
        .join(", ")}`,
    ),
  );
}
if (floors.length > 0) {
  console.log(`floor (bench/support/scan-floor.mjs: the same platform calls, none of the app's work):`);
  console.log(
    `| run | reads | change → done s | without the index write s | hand-off ms | index write ms | files read (whole after the first pass) | photo probes | MB read | FileList ms | longest task after the change ms | RSS peak MB: all / renderer |`,
  );
  console.log(`|---|---|---|---|---|---|---|---|---|---|---|---|`);
  floors.forEach((f, i) =>
    console.log(
      `| ${Math.floor(i / 3) + 1} | ${f.mode} | ${f.seconds.toFixed(2)} | ${f.withoutSave.toFixed(2)} | ${Math.round(f.handOffMs)} | ${Math.round(f.saveMs)} | ${f.reads} (${f.wholeReads}) | ${f.probeReads} | ${(f.bytes / 1e6).toFixed(0)} | ${Math.round(f.fileListMs)} | ${Math.round(f.longest)} | ${f.peak.totalMb} / ${f.peak.rendererMb} |`,
    ),
  );
  // The floor: the faster of the two arrangements that do all the calls.
  const full = ["overlap", "after"].map((mode) => median(floors.filter((f) => f.mode === mode).map((f) => f.seconds)));
  const floorSeconds = Math.min(...full);
  const handOff = median(floors.filter((f) => f.mode === "none").map((f) => f.seconds));
  console.log(
    `floor: ${floorSeconds.toFixed(2)} s (reads during the hand-off ${full[0].toFixed(2)} s, after it ${full[1].toFixed(2)} s); the hand-off alone ${handOff.toFixed(2)} s`,
  );
  const firsts = results.filter((r) => r.kind === "first scan").map((r) => r.seconds);
  if (firsts.length > 0)
    console.log(`folder input, first scan / floor (medians): ${(median(firsts) / floorSeconds).toFixed(2)} (goal ≤ 1.3)`);
}
if (handleRuns.length > 0) {
  console.log(
    `directory handle (origin-private copy of the corpus), load average ${loadavg()
      .map((x) => x.toFixed(2))
      .join(" ")}:`,
  );
  console.log(
    `| run | files copied (s) | click → results on screen s | longest main-thread task ms | page heap peak MB | RSS peak MB: all / renderer | floor s (entries, getFile, reads, photo probes, index write) | floor without the index write s | ratio | groups |`,
  );
  console.log(`|---|---|---|---|---|---|---|---|---|---|`);
  handleRuns.forEach((r, i) =>
    console.log(
      `| ${i + 1} | ${r.copied} (${r.copySeconds.toFixed(0)} s) | ${r.seconds.toFixed(2)} | ${Math.round(r.longest)} | ${r.peakHeapMb} | ${r.peak.totalMb} / ${r.peak.rendererMb} | ${r.floor.seconds.toFixed(2)} | ${r.floor.withoutSave.toFixed(2)} | ${(r.seconds / r.floor.seconds).toFixed(2)} | ${r.groups} |`,
    ),
  );
  handleRuns.forEach((r, i) =>
    console.log(`run ${i + 1}: the worker's result after ${r.workerSeconds.toFixed(2)} s; ${longTasks(r.tasks)}`),
  );
  handleRuns.forEach((r, i) =>
    console.log(
      `run ${i + 1} page thread busy from the click to the results: ${Math.round(r.pageBusy.taskMs)} ms (script ${Math.round(r.pageBusy.scriptMs)}, style+layout ${Math.round(r.pageBusy.layoutMs)})`,
    ),
  );
  handleRuns.forEach((r, i) =>
    console.log(
      `run ${i + 1} without the photos stage (${r.photosFirst ? "after the full scan and the floors" : "run first; the full scan third, its stage marks above are the scan without photos"}, caches emptied): ${r.noPhotos.toFixed(2)} s; its floor (no photo probes) ${r.dupFloor.seconds.toFixed(2)} s, ratio ${(r.noPhotos / r.dupFloor.seconds).toFixed(2)}; ${r.noPhotosExact ? "EXACT MATCH" : "MISMATCH"}; warm-up floor (discarded) ${r.warmUpSeconds.toFixed(2)} s`,
    ),
  );
  const floorMarks = (t) => ["listed", "firstPass", "fullPass", "saved"].map((k) => `${k} +${Math.round(t[k] - t.start)}`).join(", ");
  handleRuns.forEach((r, i) =>
    console.log(
      `run ${i + 1} floor (ms after its worker started): ${floorMarks(r.floor.t)}; ${r.floor.probeReads} photo probes; without them: ${floorMarks(r.dupFloor.t)}`,
    ),
  );
  // Each stage's first report from the worker, ms after the click: the photos stage's reads
  // overlap the hash passes; what it does after the duplicates are found is printed apart.
  const photoMs = (r) => (r.stages.photos !== undefined && r.stages.apps !== undefined ? r.stages.apps - r.stages.photos : 0);
  handleRuns.forEach((r, i) =>
    console.log(
      `run ${i + 1} stages (ms after the click): ${Object.entries(r.stages)
        .sort((a, b) => a[1] - b[1])
        .map(([k, t]) => `${k} +${Math.round(t)}`)
        .join(
          ", ",
        )}, result +${Math.round(r.resultMs)}; photos stage ${Math.round(photoMs(r))} ms; without it ${(r.seconds - photoMs(r) / 1000).toFixed(2)} s (ratio ${((r.seconds - photoMs(r) / 1000) / r.floor.seconds).toFixed(2)})`,
    ),
  );
  console.log(
    `directory handle, app / floor (medians): ${(median(handleRuns.map((r) => r.seconds)) / median(handleRuns.map((r) => r.floor.seconds))).toFixed(2)} (goal ≤ 1.3)`,
  );
}
if (handleFloors.length > 0) {
  console.log(
    `directory-handle floor arrangements (one OPFS copy, in turn), load average ${loadavg()
      .map((x) => x.toFixed(2))
      .join(" ")}:`,
  );
  console.log(`| walk | reads in flight | photo probes | s | listed | first pass | full pass | saved |`);
  console.log(`|---|---|---|---|---|---|---|---|`);
  for (const f of handleFloors) {
    const m = (k) => ((f.t[k] - f.t.start) / 1000).toFixed(2);
    console.log(
      `| ${f.walk} | ${f.inFlight} | ${f.probes ?? 0} | ${f.seconds.toFixed(2)} | ${m("listed")} | ${m("firstPass")} | ${m("fullPass")} | ${m("saved")} |`,
    );
  }
}
