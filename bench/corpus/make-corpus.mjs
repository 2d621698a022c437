#!/usr/bin/env node
// make-corpus.mjs — deterministic, dependency-free test corpus for the CleanSpace scan engine.
//
// Usage: node make-corpus.mjs DIR [--files N] [--seed S] [--max-bytes TOTAL] [--manifest PATH] [--now MS]
//   DIR          output directory (created; must be empty or absent)
//   --files      number of files to create (default 20000)
//   --seed       PRNG seed (default 1); same seed + same args => same tree, names, sizes and bytes
//   --max-bytes  upper bound on total bytes, accepts K/M/G suffixes (default 1G = 1e9)
//   --manifest   where to write the manifest (default DIR + '.manifest.json')
//   --now        reference time in ms for mtimes (default Date.now()); ages are seeded, so the set of
//                "old" files is the same for any --now
// Plants: exact duplicate groups (2-5 copies, different folders, often different names), same-size traps
// (different first bytes; shared first 16 KiB; shared first+last 16 KiB differing in the middle; differing
// only in the last byte), zero-byte files, mtimes over 3 years (none within 175..191 days, so the 183-day
// "old" line is unambiguous), and two files > 100 MiB when --max-bytes >= 500 MB.
// The manifest's duplicate groups are computed from SHA-1 of the bytes actually written (size > 0 only),
// so it is the ground truth even if tiny files collide by chance.
import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";

const argv = process.argv.slice(2);
const opt = { files: 20000, seed: 1, "max-bytes": "1G", manifest: null, now: null };
let DIR = null;
for (let i = 0; i < argv.length; i++) {
  if (argv[i].startsWith("--")) opt[argv[i].slice(2)] = argv[++i];
  else DIR = argv[i];
}
if (!DIR) {
  console.error("usage: node make-corpus.mjs DIR [--files N] [--seed S] [--max-bytes TOTAL] [--manifest PATH]");
  process.exit(2);
}
const parseBytes = (s) => {
  const m = /^([\d.]+)\s*([kmgt]?)i?b?$/i.exec(String(s));
  if (!m) throw new Error("bad size " + s);
  return Math.floor(parseFloat(m[1]) * { "": 1, k: 1e3, m: 1e6, g: 1e9, t: 1e12 }[m[2].toLowerCase()]);
};
const N = parseInt(opt.files, 10),
  SEED = parseInt(opt.seed, 10) >>> 0,
  MAXB = parseBytes(opt["max-bytes"]);
const NOW = opt.now ? Number(opt.now) : Date.now();
DIR = path.resolve(DIR);
const MANIFEST = path.resolve(opt.manifest || DIR + ".manifest.json");
if (fs.existsSync(DIR) && fs.readdirSync(DIR).length) {
  console.error(DIR + " is not empty");
  process.exit(2);
}

// ---- PRNG: splitmix32 for decisions, xorshift32 to fill the content pool ----
function splitmix32(a) {
  return () => {
    a = (a + 0x9e3779b9) | 0;
    let t = a ^ (a >>> 16);
    t = Math.imul(t, 0x21f0aaad);
    t ^= t >>> 15;
    t = Math.imul(t, 0x735a2d97);
    return (t ^ (t >>> 15)) >>> 0;
  };
}
const rnd = splitmix32(SEED);
const rf = () => rnd() / 4294967296; // [0,1)
const ri = (lo, hi) => lo + Math.floor(rf() * (hi - lo + 1)); // integer in [lo,hi]
const pick = (a) => a[Math.floor(rf() * a.length)];
const logu = (lo, hi) => Math.floor(Math.exp(Math.log(lo) + rf() * (Math.log(hi) - Math.log(lo))));
const POOL = 16 << 20;
const pool = Buffer.alloc(POOL);
{
  const u = new Uint32Array(pool.buffer, pool.byteOffset, POOL / 4);
  let x = (SEED ^ 0x2545f491) >>> 0 || 1;
  for (let i = 0; i < u.length; i++) {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    u[i] = x;
  }
}

// ---- names and folders ----
const pad = (n, w) => String(n).padStart(w, "0");
const Y = [2019, 2020, 2021, 2022, 2023, 2024];
const EVENTS = ["Holiday", "Birthday", "Wedding", "Beach", "Hiking", "Christmas", "Paris trip", "Misc"];
const ARTISTS = ["The Beatles", "Daft Punk", "Miles Davis", "Adele", "Radiohead", "Nina Simone", "Unknown Artist"];
const WORDS = ["report", "invoice", "notes", "budget", "resume", "contract", "draft", "summary", "plan", "letter", "scan", "receipt"];
const PROJ = ["webapp", "blog", "scripts", "thesis", "game"];
const gens = [
  [
    30,
    () =>
      rf() < 0.15
        ? `Pictures/Screenshots/Screenshot ${pick(Y)}-${pad(ri(1, 12), 2)}-${pad(ri(1, 28), 2)} at ${ri(0, 23)}.${pad(ri(0, 59), 2)}.${pad(ri(0, 59), 2)}.png`
        : rf() < 0.2
          ? `Pictures/${pick(Y)}/${pick(EVENTS)}/edited/export/IMG_${pad(ri(1, 9999), 4)}.jpg`
          : `Pictures/${pick(Y)}/${rf() < 0.5 ? pick(EVENTS) : pad(ri(1, 12), 2)}/${rf() < 0.7 ? "IMG_" : "DSC_"}${pad(ri(1, 9999), 4)}.${rf() < 0.8 ? "jpg" : "JPG"}`,
  ],
  [
    20,
    () =>
      `Documents/${pick(["Work", "Personal", "Taxes", "School", "Receipts"])}/${rf() < 0.5 ? pick(Y) : pick(["Projects/Apollo/Drafts", "Archive", "Scans", "Misc/old"])}/${pick(WORDS)}-${ri(1, 400)}.${pick(["pdf", "docx", "xlsx", "txt", "odt"])}`,
  ],
  [
    12,
    () =>
      rf() < 0.75
        ? `Downloads/${pick(WORDS)}_${pick(Y)}_${pad(ri(1, 12), 2)}${rf() < 0.2 ? " (1)" : ""}.${pick(["pdf", "zip", "exe", "dmg", "jpg", "mp4"])}`
        : `Downloads/unzipped/${pick(WORDS)}-${ri(1, 50)}/${pick(["data", "docs", "img"])}/${pick(WORDS)}${ri(1, 999)}.${pick(["csv", "txt", "png"])}`,
  ],
  [12, () => `Music/${pick(ARTISTS)}/Album ${ri(1, 12)}/${pad(ri(1, 18), 2)} - Track ${ri(1, 999)}.${rf() < 0.85 ? "mp3" : "flac"}`],
  [
    14,
    () =>
      `Projects/${pick(PROJ)}/${pick(["src/components/ui", "src/lib/util", "assets/img", "docs", "test/fixtures/data"])}/${pick(["index", "Button", "helpers", "main", "logo", "data"])}${ri(1, 300)}.${pick(["ts", "tsx", "json", "md", "png"])}`,
  ],
  [4, () => `Videos/${pick(Y)}/VID_${pick(Y)}${pad(ri(1, 12), 2)}${pad(ri(1, 28), 2)}_${pad(ri(0, 235959), 6)}.mp4`],
  [
    8,
    () =>
      `Desktop/${rf() < 0.4 ? "old stuff/" : ""}${pick(["Untitled", "todo", "photo", "New Document", "copy"])} ${ri(1, 500)}.${pick(["txt", "png", "pdf", "jpg"])}`,
  ],
];
const GW = gens.reduce((s, g) => s + g[0], 0);
const used = new Set();
function uniq(rel) {
  if (!used.has(rel)) {
    used.add(rel);
    return rel;
  }
  const ext = path.extname(rel),
    base = rel.slice(0, rel.length - ext.length);
  for (let k = 2; ; k++) {
    const r = `${base}_${k}${ext}`;
    if (!used.has(r)) {
      used.add(r);
      return r;
    }
  }
}
function genPath() {
  let r = rf() * GW;
  for (const [w, g] of gens) {
    if ((r -= w) < 0) return uniq(g());
  }
  return uniq(gens[0][1]());
}
function copyPath(orig) {
  // a copy in another folder; same name half the time, otherwise a copy-style or fresh name
  for (let t = 0; t < 20; t++) {
    const p = genPath();
    if (path.dirname(p) === path.dirname(orig)) {
      used.delete(p);
      continue;
    }
    const u = rf();
    if (u < 0.5) {
      used.delete(p);
      return uniq(path.dirname(p) + "/" + path.basename(orig));
    }
    if (u < 0.7) {
      used.delete(p);
      const e = path.extname(orig);
      return uniq(path.dirname(p) + "/" + path.basename(orig, e) + (rf() < 0.5 ? " (1)" : " - Copy") + e);
    }
    return p;
  }
  return uniq("Backup/" + orig);
}

// ---- content specs: byte j = header[j] (j<16) else pool[(off+j) % POOL], then byte patchPos ^= patchX ----
let nextId = 1;
const spec = (size, extra = {}) => ({ id: nextId++, size, off: ri(0, POOL - 1), patchPos: -1, patchX: 0, ...extra });
const baseSize = () => {
  const u = rf();
  return u < 0.7 ? logu(32, 65536) : u < 0.95 ? logu(65536, 4 << 20) : logu(4 << 20, 48 << 20);
};
const files = []; // {rel, spec|null, age (days)}
const age = () => (rf() < 0.45 ? rf() * 175 : 191 + rf() * (1095 - 191));
const add = (s, rel = genPath()) => {
  files.push({ rel, spec: s, age: age() });
  return rel;
};
const shrinkable = new Set(),
  fixed = [];
const zeros = Math.max(2, Math.round(N * 0.01));
if (MAXB >= 500e6 && N >= 10)
  for (let i = 0; i < 2; i++) {
    // two > 100 MiB files
    const s = spec(ri((100 << 20) + 1, 120 << 20));
    fixed.push(s);
    add(s, uniq(i ? `Downloads/ubuntu-24.04-desktop-amd64 (${i}).iso` : `Videos/${pick(Y)}/holiday-4k-export.mov`));
  }
const traps = [];
const nTrapSets = Math.min(200, Math.ceil(N / 100));
for (let t = 0; t < nTrapSets && files.length + 6 < N - zeros; t++) {
  const kind = ["samesize", "prefix16k", "middle", "lastbyte"][t % 4];
  const k = ri(2, 3),
    members = [];
  const size = kind === "prefix16k" || kind === "middle" ? ri(33 << 10, 160 << 10) : Math.max(17, baseSize());
  const base = spec(size);
  if (kind === "samesize" || kind === "lastbyte") shrinkable.add(base);
  else fixed.push(base);
  for (let m = 0; m < k; m++) {
    let s = base;
    if (m > 0) {
      if (kind === "samesize") {
        s = spec(size);
        shrinkable.add(s);
        s.sameAs = base;
      } else {
        const pos = kind === "lastbyte" ? -1 : kind === "prefix16k" ? 16384 + ri(0, Math.min(4096, size - 16385)) : ri(16384, size - 16385);
        s = { ...base, id: base.id, patchPos: pos, patchX: m, sameAs: base };
        if (kind === "lastbyte") shrinkable.add(s);
        else fixed.push(s);
      }
    }
    members.push(add(s));
  }
  if (rf() < 0.3) members.push(add(base, copyPath(members[0]))); // the first variant also has a true duplicate
  traps.push({ kind, paths: members });
}
let planted = 0;
while (files.length < N - zeros) {
  const s = spec(baseSize());
  shrinkable.add(s);
  const first = add(s);
  if (rf() < 0.04 && files.length + 5 < N - zeros) {
    planted++;
    const c = rf() < 0.6 ? 1 : ri(2, 4);
    for (let i = 0; i < c; i++) add(s, copyPath(first));
  }
}
while (files.length < N) add(null, uniq(path.dirname(genPath()) + "/" + pick([".keep", "empty.txt", "lock", "Untitled.txt", ".nomedia"])));
for (let i = files.length - 1; i > 0; i--) {
  const j = Math.floor(rf() * (i + 1));
  [files[i], files[j]] = [files[j], files[i]];
}

// ---- fit --max-bytes: s' = 32 * (s/32)^alpha, alpha found by bisection (keeps small files small) ----
const copies = new Map();
for (const f of files) if (f.spec) copies.set(f.spec, (copies.get(f.spec) || 0) + 1);
const fixedBytes = [...copies].filter(([s]) => !shrinkable.has(s)).reduce((a, [s, c]) => a + s.size * c, 0);
const shr = [...copies].filter(([s]) => shrinkable.has(s));
const total = (a) => shr.reduce((acc, [s, c]) => acc + Math.floor(32 * Math.pow(Math.max(s.size, 32) / 32, a)) * c, 0);
let alpha = 1;
if (fixedBytes + total(1) > MAXB) {
  let lo = 0,
    hi = 1;
  for (let i = 0; i < 40; i++) {
    const m = (lo + hi) / 2;
    if (fixedBytes + total(m) > MAXB) hi = m;
    else lo = m;
  }
  alpha = lo;
}
const orig = new Map(shr.map(([s]) => [s, s.size]));
for (const [s] of shr) {
  const base = s.sameAs ? orig.get(s.sameAs) : orig.get(s);
  s.size = Math.max(17, Math.floor(32 * Math.pow(Math.max(base, 32) / 32, alpha)));
}
for (const [s] of shr) if (s.patchPos < 0 && s.sameAs) s.patchPos = s.size - 1; // lastbyte traps

// ---- write ----
const CH = 4 << 20,
  buf = Buffer.alloc(CH),
  dirs = new Set(),
  hdr = Buffer.alloc(16);
function fill(s, start, len) {
  let p = (s.off + start) % POOL,
    o = 0;
  while (o < len) {
    const n = Math.min(len - o, POOL - p);
    pool.copy(buf, o, p, p + n);
    o += n;
    p = 0;
  }
  if (start < 16) {
    hdr.writeUInt32LE(s.id, 0);
    hdr.writeUInt32LE(SEED, 4);
    hdr.writeUInt32LE(0xc1ea45ba, 8);
    hdr.writeUInt32LE((s.id * 2654435761) >>> 0, 12);
    hdr.copy(buf, 0, start, Math.min(16, start + len));
  }
  if (s.patchPos >= start && s.patchPos < start + len) buf[s.patchPos - start] ^= s.patchX;
}
fs.mkdirSync(DIR, { recursive: true });
const t0 = Date.now(),
  byHash = new Map();
let bytes = 0;
for (const f of files) {
  const abs = path.join(DIR, f.rel),
    d = path.dirname(abs);
  if (!dirs.has(d)) {
    fs.mkdirSync(d, { recursive: true });
    dirs.add(d);
  }
  const fd = fs.openSync(abs, "w"),
    s = f.spec;
  f.size = s ? s.size : 0;
  if (s) {
    const h = crypto.createHash("sha1");
    for (let st = 0; st < s.size; st += CH) {
      const n = Math.min(CH, s.size - st);
      fill(s, st, n);
      h.update(buf.subarray(0, n));
      fs.writeSync(fd, buf, 0, n);
    }
    const key = s.size + ":" + h.digest("hex");
    if (!byHash.has(key)) byHash.set(key, []);
    byHash.get(key).push(f.rel);
  }
  fs.closeSync(fd);
  bytes += f.size;
  const mt = NOW / 1000 - f.age * 86400;
  fs.utimesSync(abs, mt, mt);
}
const groups = [...byHash.values()]
  .filter((g) => g.length > 1)
  .map((g) => g.sort())
  .sort((a, b) => (a[0] < b[0] ? -1 : 1));
const large = files
  .filter((f) => f.size > 100e6)
  .map((f) => ({ path: f.rel, size: f.size }))
  .sort((a, b) => (a.path < b.path ? -1 : 1));
const old = files
  .filter((f) => f.age > 183)
  .map((f) => f.rel)
  .sort();
const allDirs = new Set();
for (const f of files) {
  let d = path.dirname(f.rel);
  while (d !== ".") {
    allDirs.add(d);
    d = path.dirname(d);
  }
}
const sizeOf = new Map(files.map((f) => [f.rel, f.size]));
const m = {
  generator: "make-corpus.mjs",
  dir: DIR,
  seed: SEED,
  files: N,
  maxBytes: MAXB,
  nowMs: NOW,
  generatedAt: new Date(NOW).toISOString(),
  thresholds: { largeBytes: 100e6, oldDays: 183 },
  sizeAlpha: alpha,
  totals: {
    files: files.length,
    dirs: allDirs.size,
    bytes,
    zeroByteFiles: zeros,
    dupGroups: groups.length,
    dupFiles: groups.reduce((a, g) => a + g.length, 0),
    dupWastedBytes: groups.reduce((a, g) => a + sizeOf.get(g[0]) * (g.length - 1), 0),
    plantedDupGroups: planted,
    trapSets: traps.length,
    largeFiles: large.length,
    oldFiles: old.length,
    maxDepth: Math.max(...files.map((f) => f.rel.split("/").length)),
    writeSeconds: (Date.now() - t0) / 1000,
  },
  duplicateGroups: groups,
  large,
  old,
  traps,
};
fs.writeFileSync(MANIFEST, JSON.stringify(m, null, 1));
console.log(JSON.stringify({ dir: DIR, manifest: MANIFEST, ...m.totals }));
