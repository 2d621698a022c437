#!/usr/bin/env node
// browser-scan.mjs — the web app's scan of a real folder in headless Chromium: files/s, and the
// longest main-thread task while it runs (no long task over 100 ms during a 20,000-file scan).
//
// Usage: node bench/browser-scan.mjs [--files 20000] [--seed 1] [--runs 2] [--dir DIR] [--build] [--rescan] [--floor]
// --rescan scans the folder a second time in the same browser profile (the hash cache filled);
// --floor also times the same platform calls without the app (see measureFloor) for the ratio
// (--floor-only: the floor alone).
// --handle scans through a directory handle instead: the corpus is copied into the origin-private
// file system once per run, showDirectoryPicker answers with it, and its floor is timed too.
// Uses the same corpus as scan-bench.mjs (/tmp/cleanspace-bench-N-sS, made if missing), serves the
// built app (dist; `npm run build` first when it is missing, or with --build) on a free port with
// a throw-away DATA_DIR, opens /app as a visitor, picks the corpus on the dashboard's folder input (the
// "pick files manually" path every browser has) and times, in the page, from the input's change
// event to the "Scan Complete" toast — walk, hashing in the Web Worker and the IndexedDB save of
// the item index. Long tasks come from a PerformanceObserver('longtask') started before the app.
// The duplicate groups the app stored are checked against the manifest (a fast wrong answer is
// no answer). Figures, never assertions: the load average is printed with them.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";
import { startBuiltServer } from "./support/server.mjs";

const repo = fileURLToPath(new URL("..", import.meta.url));
const sharedBench = join(repo, "..", "shared", "bench");
const opt = { files: "20000", seed: "1", runs: "2", dir: null, build: false, rescan: false };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === "--build") opt.build = true;
  else if (argv[i] === "--rescan") opt.rescan = true;
  else if (argv[i] === "--floor") opt.floor = true;
  else if (argv[i] === "--floor-only") opt.floor = opt.floorOnly = true;
  else if (argv[i] === "--handle") opt.handle = true;
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
    [join(sharedBench, "make-corpus.mjs"), dir, "--files", String(files), "--seed", String(opt.seed)],
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
  w.__bench = { longTasks: [], picked: null, handled: null, result: null, complete: null };
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
      });
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

const canonical = (groups) => groups.map((g) => [...g].sort()).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
const server = await startBuiltServer({ cwd: repo });
const { base } = server;
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
const results = [];
const floors = [];
const handleRuns = [];
try {
  for (let run = 0; run < Number(opt.runs) && opt.handle; run++) {
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
      const context = await browser.newContext({ baseURL: base });
      floors.push(await measureFloor(context));
      await context.close();
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
    await page.getByLabel("Or choose a folder manually (works in every browser)").setInputFiles(dir, { timeout: 600_000 });
    await page.waitForFunction(() => window.__bench.complete !== null, null, { timeout: 600_000, polling: 200 });
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
      memoryMb: await workerlessMemory(page),
      seconds,
      workerSeconds: (bench.result - bench.handled) / 1000,
      handlerMs: bench.handled - bench.picked,
      afterMs: bench.complete - bench.result,
      tasks: during.map((t) => `${Math.round(t.duration)} (${phaseOf(t)} +${Math.round(t.start - bench.picked)} ms)`),
      longest: { pick: longest("pick"), scan: longest("scan"), result: longest("result") },
      exact: JSON.stringify(groups) === JSON.stringify(manifest.duplicateGroups),
      groups: groups.length,
    });
    await page.close();
  }
}

/**
 * The floor: the same platform calls as the scan and nothing else, on the app's origin — the
 * Files handed to a worker in pieces of 16 (Chromium fetches each File's size and date on the
 * page's thread then), every file whose size collides read the way the scan reads it (whole
 * when ≤ 64 KiB, 16 in flight; first and last 4 KiB otherwise, then whole in 1 MiB slices,
 * 4 at a time), and the item index written as records of 1,000 small objects. No hashing,
 * no classification, no rendering.
 */
async function measureFloor(context) {
  const page = await context.newPage();
  await page.goto("/privacy");
  await page.evaluate(() => {
    const input = Object.assign(document.createElement("input"), { type: "file", webkitdirectory: true, id: "floor" });
    document.body.append(input);
    // Reads start as soon as a size collides, during the hand-off, as the app's do.
    const source = `
      const files = [];
      const firstOfSize = new Map();
      const queue = []; let active = 0, bytes = 0, read = 0, ended = false, finish = null;
      const readOne = async (f) => {
        if (f.size <= 65536) bytes += (await f.arrayBuffer()).byteLength;
        else bytes += (await f.slice(0, 4096).arrayBuffer()).byteLength + (await f.slice(f.size - 4096).arrayBuffer()).byteLength;
        read++;
      };
      const pump = () => {
        while (active < 16 && queue.length) { active++; readOne(queue.shift()).then(() => { active--; pump(); }); }
        if (ended && active === 0 && queue.length === 0 && finish) { const f = finish; finish = null; f(); }
      };
      self.onmessage = async (e) => {
        for (const f of e.data.files ?? []) {
          files.push(f);
          if (f.size === 0) continue;
          const seen = firstOfSize.get(f.size);
          if (seen === undefined) firstOfSize.set(f.size, f);
          else { if (seen) { queue.push(seen); firstOfSize.set(f.size, null); } queue.push(f); }
        }
        pump();
        if (!e.data.end) return;
        ended = true;
        await new Promise((res) => { finish = res; pump(); });
        const large = files.filter((f) => f.size > 65536 && firstOfSize.get(f.size) === null);
        const pool = async (list, n, fn) => { let i = 0; await Promise.all(Array.from({ length: n }, async () => { while (i < list.length) await fn(list[i++]); })); };
        await pool(large, 4, async (f) => { for (let s = 0; s < f.size; s += 1 << 20) bytes += (await f.slice(s, s + (1 << 20)).arrayBuffer()).byteLength; });
        const db = await new Promise((res, rej) => { const r = indexedDB.open("floor", 1); r.onupgradeneeded = () => r.result.createObjectStore("items", { keyPath: "id" }); r.onsuccess = () => res(r.result); r.onerror = () => rej(r.error); });
        const tx = db.transaction("items", "readwrite");
        for (let s = 0, n = 1; s < files.length; s += 1000, n++) {
          tx.objectStore("items").put({ id: -n, items: files.slice(s, s + 1000).map((f, k) => ({ id: s + k + 1, path: f.webkitRelativePath, name: f.name, size: f.size, type: f.type, category: "other", modified: f.lastModified, isLarge: false, isOld: false, duplicateGroup: null, isOriginal: false })) });
        }
        await new Promise((res) => (tx.oncomplete = res));
        self.postMessage({ done: true, files: files.length, candidates: read, bytes });
      };`;
    const w = window;
    w.__floor = { picked: null, done: null, longest: 0 };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__floor.longest = Math.max(w.__floor.longest, e.duration);
    }).observe({ type: "longtask" });
    input.addEventListener("change", async () => {
      w.__floor.picked = performance.now();
      const worker = new Worker(URL.createObjectURL(new Blob([source], { type: "text/javascript" })));
      worker.onmessage = (e) => {
        w.__floor.done = performance.now();
        w.__floor.result = e.data;
      };
      const list = [...input.files];
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
      worker.postMessage({ files: [], end: true });
    });
  });
  const before = await page.evaluate(() => performance.now());
  await page.locator("#floor").setInputFiles(dir, { timeout: 600_000 });
  await page.waitForFunction(() => window.__floor.done !== null, null, { timeout: 600_000, polling: 200 });
  const floor = await page.evaluate(() => window.__floor);
  await page.close();
  return { seconds: (floor.done - floor.picked) / 1000, fileListMs: floor.picked - before, longest: floor.longest, ...floor.result };
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
  await page.getByRole("button", { name: "Real data scan" }).click();
  await page.evaluate(() => {
    window.__bench.picked = performance.now();
  });
  await page.getByRole("button", { name: "Start Real Data Scan" }).click();
  await page.waitForFunction(() => window.__bench.complete !== null, null, { timeout: 600_000, polling: 200 });
  const bench = await page.evaluate(() => window.__bench);
  const during = bench.longTasks.filter((t) => t.start + t.duration >= bench.picked && t.start <= bench.complete);
  // Paths from a folder handle are relative to the folder itself: nothing to strip.
  const groups = canonical(await page.evaluate(storedGroups, false));
  const floor = await page.evaluate(async () => {
    const t = performance.now();
    const root = await (await navigator.storage.getDirectory()).getDirectoryHandle("corpus");
    const handles = [];
    const stack = [root];
    while (stack.length) {
      for await (const [, h] of stack.pop().entries()) (h.kind === "directory" ? stack : handles).push(h);
    }
    const files = [];
    for (let i = 0; i < handles.length; i += 64) files.push(...(await Promise.all(handles.slice(i, i + 64).map((h) => h.getFile()))));
    const bySize = new Map();
    for (const f of files) bySize.set(f.size, (bySize.get(f.size) ?? 0) + 1);
    const cand = files.filter((f) => f.size > 0 && bySize.get(f.size) > 1);
    const pool = async (list, n, fn) => {
      let i = 0;
      await Promise.all(
        Array.from({ length: n }, async () => {
          while (i < list.length) await fn(list[i++]);
        }),
      );
    };
    await pool(cand, 16, async (f) => {
      if (f.size <= 65536) await f.arrayBuffer();
      else {
        await f.slice(0, 4096).arrayBuffer();
        await f.slice(f.size - 4096).arrayBuffer();
      }
    });
    await pool(
      cand.filter((f) => f.size > 65536),
      4,
      async (f) => {
        for (let s = 0; s < f.size; s += 1 << 20) await f.slice(s, s + (1 << 20)).arrayBuffer();
      },
    );
    const db = await new Promise((res, rej) => {
      const r = indexedDB.open("floor", 1);
      r.onupgradeneeded = () => r.result.createObjectStore("items", { keyPath: "id" });
      r.onsuccess = () => res(r.result);
      r.onerror = () => rej(r.error);
    });
    const tx = db.transaction("items", "readwrite");
    for (let s = 0, n = 1; s < files.length; s += 1000, n++) {
      tx.objectStore("items").put({
        id: -n,
        items: files.slice(s, s + 1000).map((f, k) => ({
          id: s + k + 1,
          path: f.name,
          name: f.name,
          size: f.size,
          type: f.type,
          category: "other",
          modified: f.lastModified,
          isLarge: false,
          isOld: false,
          duplicateGroup: null,
          isOriginal: false,
        })),
      });
    }
    await new Promise((res) => (tx.oncomplete = res));
    return { seconds: (performance.now() - t) / 1000, files: files.length, candidates: cand.length };
  });
  await page.close();
  return {
    copied,
    copySeconds,
    seconds: (bench.complete - bench.picked) / 1000,
    longest: during.reduce((m, t) => Math.max(m, t.duration), 0),
    groups: JSON.stringify(groups) === JSON.stringify(manifest.duplicateGroups) ? "EXACT MATCH" : `MISMATCH (${groups.length} groups)`,
    floor,
  };
}

/** The page's JS heap in MB (Chromium's performance.memory), after the scan: the worker's heap is gone by then. */
async function workerlessMemory(page) {
  return page.evaluate(() => Math.round((performance.memory?.usedJSHeapSize ?? 0) / 1e6));
}

console.log(
  `corpus: ${manifest.totals.files} files, ${(manifest.totals.bytes / 1e9).toFixed(2)} GB, ${manifest.totals.dupGroups} duplicate groups (${dir})`,
);
console.log(
  `machine: ${cpus().length} cores, Chromium ${browser.version()}, load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(" ")}`,
);
console.log(
  `FileList build (setInputFiles → change event, Chromium's own work before the app sees the files), ms: ${results.map((r) => Math.round(r.fileListMs)).join(", ")}`,
);
console.log(
  `| run | scan | pick → Scan Complete s | files/s | change handler ms | worker s | result → complete ms | longest task ms: pick / scan / result | page heap MB | groups vs manifest |`,
);
console.log(`|---|---|---|---|---|---|---|---|---|---|`);
results.forEach((r, i) =>
  console.log(
    `| ${i + 1} | ${r.kind} | ${r.seconds.toFixed(2)} | ${Math.round(manifest.totals.files / r.seconds)} | ${Math.round(r.handlerMs)} | ${r.workerSeconds.toFixed(2)} | ${Math.round(r.afterMs)} | ${Math.round(r.longest.pick)} / ${Math.round(r.longest.scan)} / ${Math.round(r.longest.result)} | ${r.memoryMb} | ${r.exact ? "EXACT MATCH" : `MISMATCH (${r.groups} groups)`} |`,
  ),
);
results.forEach((r, i) =>
  console.log(
    `run ${i + 1} long tasks (> 50 ms): ${r.tasks.join(", ") || "none"}; over ${LONG_TASK_LIMIT_MS} ms while the worker scans: ${r.longest.scan > LONG_TASK_LIMIT_MS ? "yes" : "no"}`,
  ),
);
if (floors.length > 0) {
  console.log(
    `floor (same platform calls, no app work): ${floors.map((f) => `${f.seconds.toFixed(2)} s (${f.candidates} files read, ${(f.bytes / 1e6).toFixed(0)} MB; FileList ${Math.round(f.fileListMs)} ms; longest task ${Math.round(f.longest)} ms)`).join("; ")}`,
  );
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const firsts = results.filter((r) => r.kind === "first scan").map((r) => r.seconds);
  if (firsts.length > 0) console.log(`first scan / floor, medians: ${(median(firsts) / median(floors.map((f) => f.seconds))).toFixed(2)}`);
}
if (handleRuns.length > 0) {
  console.log(
    `directory handle (origin-private copy of the corpus), load average ${loadavg()
      .map((x) => x.toFixed(2))
      .join(" ")}:`,
  );
  console.log(
    `| run | files copied (s) | click → Scan Complete s | longest main-thread task ms | floor s (entries + getFile + reads + index write) | ratio | groups |`,
  );
  console.log(`|---|---|---|---|---|---|---|`);
  handleRuns.forEach((r, i) =>
    console.log(
      `| ${i + 1} | ${r.copied} (${r.copySeconds.toFixed(0)} s) | ${r.seconds.toFixed(2)} | ${Math.round(r.longest)} | ${r.floor.seconds.toFixed(2)} | ${(r.seconds / r.floor.seconds).toFixed(2)} | ${r.groups} |`,
    ),
  );
}
