#!/usr/bin/env node
// check-dupes.mjs — compare a duplicate finder's groups with a make-corpus.mjs manifest.
//
// Usage: node check-dupes.mjs RESULT MANIFEST [--format json|text|rmlint|rdfind] [--root DIR] [--quiet]
//   json   (default) JSON array of arrays of paths (also {"groups": [...]})
//   text   jdupes/fdupes output: one path per line, groups separated by blank lines
//          (fdupes -S "N bytes each:" header lines are skipped)
//   rmlint rmlint -o json:FILE output; "duplicate_file" entries grouped by size+checksum (other lint ignored)
//   rdfind rdfind results.txt; grouped by |id|
// Paths may be absolute or relative to the cwd (the --root prefix, default manifest.dir, is stripped) or relative to root.
// Prints missing groups, wrong groups (a reported group that is not exactly a true group), false-positive
// paths (reported but in no true group) and exits 0 only when the reported groups equal the manifest's.
import fs from "node:fs";
import path from "node:path";

const a = process.argv.slice(2),
  pos = [],
  o = { format: "json", root: null, quiet: false };
for (let i = 0; i < a.length; i++) {
  if (a[i] === "--quiet") o.quiet = true;
  else if (a[i].startsWith("--")) o[a[i].slice(2)] = a[++i];
  else pos.push(a[i]);
}
if (pos.length < 2) {
  console.error("usage: node check-dupes.mjs RESULT MANIFEST [--format json|text|rmlint|rdfind] [--root DIR]");
  process.exit(2);
}
const manifest = JSON.parse(fs.readFileSync(pos[1], "utf8"));
const root = path.resolve(o.root || manifest.dir);
const raw = fs.readFileSync(pos[0], "utf8");
// absolute, or relative to the cwd and inside root (e.g. 'corpus/a/b'), or relative to root ('a/b')
const rel = (p) => {
  const abs = path.resolve(p);
  const r = abs.startsWith(root + path.sep) ? path.relative(root, abs) : path.normalize(p);
  return r.split(path.sep).join("/");
};

let groups = [];
if (o.format === "json") {
  const j = JSON.parse(raw);
  groups = Array.isArray(j) ? j : j.groups;
} else if (o.format === "text") {
  let cur = [];
  for (const line of raw.split("\n")) {
    if (line.trim() === "") {
      if (cur.length) groups.push(cur);
      cur = [];
      continue;
    }
    if (/^\d+ bytes? each:$/.test(line.trim())) continue;
    cur.push(line);
  }
  if (cur.length) groups.push(cur);
} else if (o.format === "rmlint") {
  const m = new Map();
  for (const e of JSON.parse(raw))
    if (e.type === "duplicate_file") {
      const k = e.size + ":" + (e.checksum || e.digest);
      if (!m.has(k)) m.set(k, []);
      m.get(k).push(e.path);
    }
  groups = [...m.values()];
} else if (o.format === "rdfind") {
  const m = new Map();
  for (const line of raw.split("\n")) {
    if (!line || line.startsWith("#")) continue;
    const f = line.split(" ");
    const k = Math.abs(parseInt(f[1], 10));
    const name = f.slice(7).join(" ");
    if (!m.has(k)) m.set(k, []);
    m.get(k).push(name);
  }
  groups = [...m.values()];
} else {
  console.error("unknown format " + o.format);
  process.exit(2);
}

const key = (g) => JSON.stringify([...g].sort());
const got = groups.map((g) => g.map(rel)).filter((g) => g.length > 0);
const truth = manifest.duplicateGroups;
const truthKeys = new Set(truth.map(key)),
  gotKeys = new Set(got.map(key));
const inTruth = new Set(truth.flat());
const missing = truth.filter((g) => !gotKeys.has(key(g)));
const wrong = got.filter((g) => !truthKeys.has(key(g)));
const fp = [...new Set(got.flat())].filter((p) => !inTruth.has(p)).sort();
const singletons = got.filter((g) => g.length < 2).length;
const dupPaths = got.flat().length - new Set(got.flat()).size;
const ok = missing.length === 0 && wrong.length === 0 && fp.length === 0 && dupPaths === 0 && got.length === truth.length;
const show = (label, list, fmt) => {
  console.log(`${label}: ${list.length}`);
  if (!o.quiet) for (const x of list.slice(0, 20)) console.log("  " + fmt(x));
  if (!o.quiet && list.length > 20) console.log(`  ... ${list.length - 20} more`);
};
console.log(`reported groups: ${got.length} (${got.flat().length} paths)  true groups: ${truth.length} (${truth.flat().length} paths)`);
show("missing groups", missing, (g) => g.join(" | "));
show("wrong groups", wrong, (g) => g.join(" | "));
show("false-positive paths", fp, (p) => p);
if (singletons) console.log(`single-member groups: ${singletons}`);
if (dupPaths) console.log(`paths reported more than once: ${dupPaths}`);
console.log(ok ? "EXACT MATCH" : "MISMATCH");
process.exit(ok ? 0 : 1);
