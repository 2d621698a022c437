// The floor of the web app's scan (bench/browser-scan.mjs --floor): the platform calls the scan
// cannot avoid, made the cheapest way we know, in a worker, and nothing else — no hashing, no
// classification, no progress, no rendering. Whatever the app takes beyond it is its own work.
//
// The calls, each as the app makes them:
// - folder input: the Files handed to the worker in pieces of 16, yielding every 10 ms (Chromium
//   fetches each File's size and date on the page's thread when it is cloned; pieces keep every
//   task short, the constraint the app lives under); directory handle: the folder listed with
//   entries() in the worker, getFile() 64 in flight;
// - the same bytes read: every file whose size is shared, whole up to 64 KiB with one
//   arrayBuffer() (16 in flight), else its first and last 4 KiB — started as soon as a size is
//   seen twice, during the hand-off or the listing, as the app does; then exactly the files the
//   app reads whole (`fullPaths`: those whose first and last 4 KiB match another file's, found by
//   the bench beforehand), 1 MiB at a time, 4 files at a time;
// - the photos stage's own reads (issue 19), when the bench passes `probes`: the first 4 KiB of
//   every photo whose size no other file shares (`photoProbePaths`; photos of a shared size were
//   read by the first pass, whose bytes the stage reuses), 16 in flight from the end of the
//   listing, beside the first pass — the app's arrangement. On the noise corpus each is the
//   stage's only call for that photo (no image header: nothing to decode); a real photo's decode
//   has no counterpart here;
// - the item index written to IndexedDB as the app writes it: records of 1,000 items of the
//   app's shape, one transaction (timed apart: "floor without the index write" is printed too).
// Directory handle: the walk is "concurrent" (the app's) unless the bench asks for "sequential".
// Modes: "overlap" starts the reads during the hand-off (the app's arrangement); "after" waits
// for the last File first (hand-off and reads then do not compete for the browser process);
// "none" only hands the Files off (or lists the folder) — a lower bound for that step alone.
import { createHash } from "node:crypto";
import { closeSync, fstatSync, openSync, readSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const WHOLE = 64 * 1024;
const BLOCK = 4096;

/** Relative paths ("/"-separated) of every regular file under `dir`. */
function corpusFiles(dir) {
  const files = [];
  const walk = (rel) => {
    for (const d of readdirSync(join(dir, rel), { withFileTypes: true })) {
      const path = rel ? `${rel}/${d.name}` : d.name;
      if (d.isDirectory()) walk(path);
      else if (d.isFile()) files.push(path);
    }
  };
  walk("");
  return files;
}

/**
 * Relative paths (from the corpus folder, "/"-separated) of the files the scan reads whole after
 * its first pass: size shared, larger than 64 KiB, and first+last 4 KiB equal to another's.
 */
export function fullReadPaths(dir) {
  const files = corpusFiles(dir);
  const bySize = new Map();
  for (const path of files) {
    const fd = openSync(join(dir, path), "r");
    try {
      const buffer = Buffer.alloc(2 * BLOCK);
      const size = fstatSync(fd).size;
      if (size <= WHOLE) continue;
      readSync(fd, buffer, 0, BLOCK, 0);
      readSync(fd, buffer, BLOCK, BLOCK, size - BLOCK);
      const key = `${size}:${createHash("sha1").update(buffer).digest("hex")}`;
      bySize.set(key, [...(bySize.get(key) ?? []), path]);
    } finally {
      closeSync(fd);
    }
  }
  return [...bySize.values()].filter((paths) => paths.length > 1).flat();
}

/** The floor's worker, as source text (a Blob URL in the page: no build step, no app code). */
export const FLOOR_WORKER = `
const WHOLE = ${WHOLE}, BLOCK = ${BLOCK}, MIB = 1 << 20;
let full = new Set();
/** Files the photos stage reads a first 4 KiB of (photo formats whose size no other file shares): none unless asked. */
let probes = new Set();
let probeBytes = 0, probeReads = 0;
/** "overlap": reads start during the hand-off (as the app's); "after": once every File is here; "none": no read, no write. */
let mode = "overlap";
const files = [];
const firstOfSize = new Map();
const queue = [];
let readsInFlight = 16, active = 0, bytes = 0, reads = 0, listed = false, drained = null;
const t = { start: performance.now() };
// (Counted after the await: "bytes += await …" would read bytes before the await and lose updates.)
const readFirst = async (f) => {
  if (f.size <= WHOLE) { const n = (await f.arrayBuffer()).byteLength; bytes += n; }
  else {
    const head = (await f.slice(0, BLOCK).arrayBuffer()).byteLength;
    const tail = (await f.slice(f.size - BLOCK).arrayBuffer()).byteLength;
    bytes += head + tail;
  }
  reads++;
};
const pump = () => {
  while (active < readsInFlight && queue.length > 0 && (mode === "overlap" || listed)) {
    active++;
    readFirst(queue.shift()).then(() => { active--; pump(); });
  }
  if (listed && active === 0 && queue.length === 0 && drained) { const d = drained; drained = null; d(); }
};
const add = (f, path) => {
  files.push({ f, path });
  if (f.size === 0 || mode === "none") return;
  const seen = firstOfSize.get(f.size);
  if (seen === undefined) firstOfSize.set(f.size, f);
  else { if (seen) { queue.push(seen); firstOfSize.set(f.size, null); } queue.push(f); }
};
const pool = async (list, n, fn) => {
  let i = 0;
  await Promise.all(Array.from({ length: n }, async () => { while (i < list.length) await fn(list[i++]); }));
};
async function finish() {
  listed = true;
  t.listed = performance.now();
  const probing = pool(files.filter(({ path }) => probes.has(path)), 16, async ({ f }) => {
    probeBytes += (await f.slice(0, BLOCK).arrayBuffer()).byteLength;
    probeReads++;
  });
  await new Promise((res) => { drained = res; pump(); });
  t.firstPass = performance.now();
  if (mode === "none") { self.postMessage({ done: true, files: files.length, reads, wholeReads: 0, bytes, t: { ...t, fullPass: t.firstPass, saved: t.firstPass } }); return; }
  const whole = files.filter(({ path }) => full.has(path));
  await pool(whole, 4, async ({ f }) => {
    if (f.size <= MIB) { const n = (await f.arrayBuffer()).byteLength; bytes += n; }
    else for (let s = 0; s < f.size; s += MIB) { const n = (await f.slice(s, Math.min(f.size, s + MIB)).arrayBuffer()).byteLength; bytes += n; }
  });
  await probing;
  t.fullPass = performance.now();
  const db = await new Promise((res, rej) => {
    const r = indexedDB.open("floor-" + Math.random(), 1);
    r.onupgradeneeded = () => r.result.createObjectStore("items", { keyPath: "id" });
    r.onsuccess = () => res(r.result);
    r.onerror = () => rej(r.error);
  });
  const tx = db.transaction("items", "readwrite");
  const store = tx.objectStore("items");
  for (let s = 0, n = 1; s < files.length; s += 1000, n++) {
    store.put({ id: -n, items: files.slice(s, s + 1000).map(({ f, path }, k) => ({
      id: s + k + 1, path, name: f.name, size: f.size, type: f.type, category: "other", modified: f.lastModified,
      isLarge: false, isOld: false, duplicateGroup: null, isOriginal: false,
    })) });
  }
  await new Promise((res, rej) => { tx.oncomplete = res; tx.onerror = () => rej(tx.error); });
  db.close();
  t.saved = performance.now();
  self.postMessage({ done: true, files: files.length, reads, wholeReads: whole.length, bytes, probeReads, probeBytes, t });
}
// The folder listed as the app lists it (src/scan/sources/concurrent-folder-walk.ts): up to 8
// folders' entries() in flight, each file's getFile() started as soon as its folder names it,
// 64 in flight. ("sequential": one folder at a time, getFile() in rounds of 64 between folders.)
let walkMode = "concurrent";
function walk(root) {
  return walkMode === "sequential" ? walkSequential(root) : walkConcurrent(root);
}
function walkConcurrent(root) {
  return new Promise((resolve) => {
    const folders = [{ handle: root, prefix: "" }];
    const named = [];
    let listing = 0, getting = 0;
    const done = () => { if (listing === 0 && getting === 0 && folders.length === 0 && named.length === 0) resolve(); };
    const step = () => {
      while (getting < 64 && named.length > 0) {
        const [path, h] = named.pop();
        getting++;
        h.getFile().then((f) => { getting--; add(f, path); pump(); step(); done(); });
      }
      while (listing < 8 && folders.length > 0) {
        const { handle, prefix } = folders.pop();
        listing++;
        (async () => {
          for await (const [name, h] of handle.entries()) {
            if (h.kind === "directory") folders.push({ handle: h, prefix: prefix + name + "/" });
            else named.push([prefix + name, h]);
            step();
          }
        })().then(() => { listing--; step(); done(); });
      }
    };
    step();
  });
}
async function walkSequential(root) {
  const folders = [{ handle: root, prefix: "" }];
  let handles = [];
  const round = async () => {
    const batch = handles; handles = [];
    const got = await Promise.all(batch.map(([path, h]) => h.getFile().then((f) => [path, f])));
    for (const [path, f] of got) add(f, path);
    pump();
  };
  while (folders.length > 0) {
    const { handle, prefix } = folders.pop();
    for await (const [name, h] of handle.entries()) {
      if (h.kind === "directory") folders.push({ handle: h, prefix: prefix + name + "/" });
      else handles.push([prefix + name, h]);
      if (handles.length >= 64) await round();
    }
  }
  await round();
}
self.onmessage = async (e) => {
  const m = e.data;
  if (m.full) full = new Set(m.full);
  if (m.probes) probes = new Set(m.probes);
  if (m.mode) mode = m.mode;
  if (m.walk) walkMode = m.walk;
  if (m.reads) readsInFlight = m.reads;
  if (m.root) { await walk(m.root); await finish(); return; }
  for (const f of m.files ?? []) add(f, f.webkitRelativePath.slice(f.webkitRelativePath.indexOf("/") + 1));
  pump();
  if (m.end) await finish();
};
`;

const PHOTO_EXTENSIONS = new Set(["jpg", "jpeg", "jpe", "jfif", "png", "webp", "gif", "bmp"]);

/**
 * Relative paths of the files the app's photos stage reads a first 4 KiB of, beyond the hash
 * passes' reads: photos in a format Chromium decodes (photo-format.ts less HEIC), not empty,
 * whose size no other file shares (files of a shared size are read by the first pass already,
 * and the stage reuses that look: head-notes.ts).
 */
export function photoProbePaths(dir) {
  const files = corpusFiles(dir).map((path) => ({ path, size: statSync(join(dir, path)).size }));
  const count = new Map();
  for (const { size } of files) count.set(size, (count.get(size) ?? 0) + 1);
  return files
    .filter(
      ({ path, size }) => size > 0 && count.get(size) === 1 && PHOTO_EXTENSIONS.has(path.slice(path.lastIndexOf(".") + 1).toLowerCase()),
    )
    .map(({ path }) => path);
}
