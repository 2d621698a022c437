#!/usr/bin/env node
// scan-bench.mjs — the CLI's full duplicate search against jdupes on the same warm corpus.
//
// Usage: node bench/scan-bench.mjs [--files 20000] [--seed 1] [--runs 5] [--dir /tmp/cleanspace-bench-20000-s1]
// Builds the corpus with ../shared/bench/make-corpus.mjs (kept between runs), builds the CLI,
// checks both tools' groups against the manifest (check-dupes.mjs), warms the cache, then
// times `cleanspace scan DIR --json` (default threads, then one), and `jdupes -r -q DIR` in turn (whole processes,
// output to /dev/null) and prints min/median per tool and the ratio of the medians.
// Figures, never assertions: a busy machine moves them, so the load average is printed too.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg, cpus } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const repo = fileURLToPath(new URL("..", import.meta.url));
const sharedBench = [process.env.SHARED_BENCH_DIR, join(repo, "..", "shared", "bench"), "/work/shared/bench"].find((d) => d && existsSync(join(d, "make-corpus.mjs")));
if (!sharedBench) throw new Error("../shared/bench/make-corpus.mjs not found; set SHARED_BENCH_DIR");
const opt = { files: "20000", seed: "1", runs: "5", dir: null };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) if (argv[i].startsWith("--")) opt[argv[i].slice(2)] = argv[++i];
const files = Number(opt.files);
const runs = Number(opt.runs);
const dir = opt.dir ?? `/tmp/cleanspace-bench-${files}-s${opt.seed}`;
const manifestPath = `${dir}.manifest.json`;
const JDUPES = "/usr/bin/jdupes";

function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { stdio: ["ignore", "ignore", "inherit"], maxBuffer: 256 << 20, ...options });
  if (result.error) throw result.error;
  return result;
}

// GNU time reports the child's CPU seconds (user + system): a figure that a busy machine
// disturbs far less than wall time. Without it, only wall time is shown.
const GNU_TIME = existsSync("/usr/bin/time") ? "/usr/bin/time" : null;

/** Wall seconds (and CPU seconds when GNU time is there) of one whole process. */
function timed(cmd, args) {
  const t0 = process.hrtime.bigint();
  const result = GNU_TIME
    ? run(GNU_TIME, ["-f", "CPU %U %S", cmd, ...args], { stdio: ["ignore", "ignore", "pipe"], encoding: "utf8" })
    : run(cmd, args);
  const wall = Number(process.hrtime.bigint() - t0) / 1e9;
  if (result.status !== 0) throw new Error(`${cmd} ${args.join(" ")} exited ${result.status}: ${result.stderr ?? ""}`);
  const m = GNU_TIME ? /CPU ([\d.]+) ([\d.]+)\s*$/.exec(result.stderr) : null;
  return { wall, cpu: m ? Number(m[1]) + Number(m[2]) : NaN };
}

const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return { min: s[0], median: s[Math.floor(s.length / 2)], max: s[s.length - 1] };
};

if (!existsSync(manifestPath)) {
  console.log(`making a ${files}-file corpus in ${dir} …`);
  run(process.execPath, [join(sharedBench, "make-corpus.mjs"), dir, "--files", String(files), "--seed", String(opt.seed)], { stdio: "inherit" });
}
const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
run(process.execPath, [join(repo, "scripts", "build-cli.mjs")]);
const ours = [join(repo, "bin", "cleanspace.mjs"), "scan", dir, "--json", "--no-progress"];
// One thread as well: on a busy machine the second core is not free, and the hash thread's
// start-up is then pure cost — this row shows how much the threads gain here and now.
const oursOneThread = [...ours, "--threads", "1"];

// Correctness first: a fast wrong answer is no answer.
const ourJson = run(process.execPath, ours, { stdio: ["ignore", "pipe", "inherit"], encoding: "utf8" }).stdout;
writeFileSync("/tmp/cleanspace-bench-ours.json", JSON.stringify(JSON.parse(ourJson).duplicates.map((d) => d.paths)));
const jdOut = run(JDUPES, ["-r", "-q", dir], { stdio: ["ignore", "pipe", "inherit"], encoding: "utf8" }).stdout;
writeFileSync("/tmp/cleanspace-bench-jdupes.txt", jdOut);
const check = (file, format) =>
  run(process.execPath, [join(sharedBench, "check-dupes.mjs"), file, manifestPath, "--format", format, "--quiet"], { stdio: ["ignore", "pipe", "inherit"], encoding: "utf8" })
    .stdout.trim()
    .split("\n")
    .pop();
console.log(`corpus: ${manifest.totals.files} files, ${(manifest.totals.bytes / 1e9).toFixed(2)} GB, ${manifest.totals.dupGroups} duplicate groups, ${manifest.totals.trapSets} trap sets`);
console.log(`correctness: cleanspace ${check("/tmp/cleanspace-bench-ours.json", "json")}, jdupes ${check("/tmp/cleanspace-bench-jdupes.txt", "text")}`);

timed(process.execPath, ours); // warm the page cache and the dentry cache for both
timed(JDUPES, ["-r", "-q", dir]);
const times = { cleanspace: [], cleanspace1: [], jdupes: [] };
const loadBefore = loadavg();
for (let i = 0; i < runs; i++) {
  // Alternate, so a burst of load from elsewhere hits every variant alike.
  times.cleanspace.push(timed(process.execPath, ours));
  times.jdupes.push(timed(JDUPES, ["-r", "-q", dir]));
  times.cleanspace1.push(timed(process.execPath, oursOneThread));
}
const a = stats(times.cleanspace.map((t) => t.wall));
const a1 = stats(times.cleanspace1.map((t) => t.wall));
const b = stats(times.jdupes.map((t) => t.wall));
const ac = stats(times.cleanspace.map((t) => t.cpu));
const a1c = stats(times.cleanspace1.map((t) => t.cpu));
const bc = stats(times.jdupes.map((t) => t.cpu));
const load = (l) => l.map((x) => x.toFixed(2)).join(" ");
console.log(`machine: ${cpus().length} cores, node ${process.version}, load average ${load(loadBefore)} before the timed runs, ${load(loadavg())} after`);
console.log(`| tool | runs | wall min s | wall median s | wall max s | CPU median s |`);
console.log(`|---|---|---|---|---|---|`);
console.log(`| cleanspace scan --json | ${runs} | ${a.min.toFixed(3)} | ${a.median.toFixed(3)} | ${a.max.toFixed(3)} | ${ac.median.toFixed(2)} |`);
console.log(`| cleanspace scan --json --threads 1 | ${runs} | ${a1.min.toFixed(3)} | ${a1.median.toFixed(3)} | ${a1.max.toFixed(3)} | ${a1c.median.toFixed(2)} |`);
console.log(`| jdupes -r -q | ${runs} | ${b.min.toFixed(3)} | ${b.median.toFixed(3)} | ${b.max.toFixed(3)} | ${bc.median.toFixed(2)} |`);
console.log(`ratio cleanspace/jdupes, wall medians: ${(a.median / b.median).toFixed(2)} (wall minimums: ${(a.min / b.min).toFixed(2)}; one thread: ${(a1.median / b.median).toFixed(2)}, ${(a1.min / b.min).toFixed(2)})`);
