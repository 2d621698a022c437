#!/usr/bin/env node
// scan-bench.mjs — the CLI's full duplicate search against jdupes on the same warm corpus.
//
// Usage: node bench/scan-bench.mjs [--files 20000] [--seed 1] [--runs 5] [--dir /tmp/cleanspace-bench-20000-s1]
//                                  [--label latest] [--baseline OTHER_CHECKOUT]
//                                  [--cold 2] [--phases 3] [--keep-env]
// Builds the corpus with bench/corpus/make-corpus.mjs (kept between runs), builds the CLI,
// checks both tools' groups against the manifest (check-dupes.mjs), warms the page cache, then
// times in turn (whole processes, output to /dev/null): `cleanspace scan DIR --json` with an
// empty hash cache (a first scan, which writes the cache) on 2 threads and on 1, with
// `--no-cache`, with the cache filled (a rescan of an unchanged tree) on 2 threads and on 1,
// `node bench/support/cli-floor.cjs DIR` (Node's floor for a first scan: the same file calls on
// one thread with none of the app) and `jdupes -r -q DIR`; prints min/median/max wall time, CPU
// and peak RSS per row and the ratios of the medians, to jdupes and to the floor. --cold N adds N cold-cache runs of each tool (the page cache dropped
// before each; needs root, skipped otherwise; with --baseline, its first-scan and rescan rows too). --phases N prints the CLI's own per-phase
// profile (CLEANSPACE_PROFILE=1: wall ms, and the main thread's CPU and run-queue wait) of N
// first scans and rescans. jdupes is installed with apt-get when missing and allowed, else its
// rows are skipped. Figures, never assertions: a busy machine moves them, so the load average
// is printed too.
//
// --baseline DIR adds the same CLI rows for another checkout of this repository (its
// dist/cli built, e.g. the commit before a change), interleaved with these in every round, so
// both are measured under the same load; each keeps a hash cache folder of its own.
//
// Everything printed is also written to bench/results/scan-bench-<files>-<label>.md (--label,
// default "latest"), with the commit it ran on.
//
// NODE_EXTRA_CA_CERTS: where it is set (this team's sandbox points it at a 220 KB bundle), every
// Node process parses those certificates before running a line, ~60 ms of CPU that a user's
// machine does not pay and that has nothing to do with the scan. The CLI rows run without it
// (the start-up of `node -e 0` with and without it is printed); --keep-env keeps it.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, cpus } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const repo = fileURLToPath(new URL("..", import.meta.url));
const corpusTools = join(repo, "bench", "corpus");
const opt = { files: "20000", seed: "1", runs: "5", dir: null, cold: "0", phases: "0", label: "latest", baseline: null, "keep-env": false };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === "--keep-env") opt["keep-env"] = true;
  else if (argv[i].startsWith("--")) opt[argv[i].slice(2)] = argv[++i];
}
const files = Number(opt.files);
/** Every line printed, for bench/results/. */
const printed = [];
const print = console.log;
console.log = (...args) => {
  printed.push(args.join(" "));
  print(...args);
};
const runs = Number(opt.runs);
const dir = opt.dir ?? `/tmp/cleanspace-bench-${files}-s${opt.seed}`;
const manifestPath = `${dir}.manifest.json`;
const JDUPES = "/usr/bin/jdupes";
// The hash cache of these runs lives apart from the user's own.
const CACHE_DIR = `/tmp/cleanspace-bench-cache-${process.pid}`;
process.env.CLEANSPACE_CACHE_DIR = CACHE_DIR;
const caCerts = process.env.NODE_EXTRA_CA_CERTS;
if (!opt["keep-env"]) delete process.env.NODE_EXTRA_CA_CERTS;

function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { stdio: ["ignore", "ignore", "inherit"], maxBuffer: 256 << 20, ...options });
  if (result.error) throw result.error;
  return result;
}

// GNU time reports the child's CPU seconds (user + system), a figure that a busy machine
// disturbs far less than wall time, and its peak RSS. Without it, only wall time is shown.
const GNU_TIME = existsSync("/usr/bin/time") ? "/usr/bin/time" : null;

/** Wall seconds (and CPU seconds and peak RSS in MB when GNU time is there) of one whole process. */
function timed(cmd, args, env = process.env) {
  const t0 = process.hrtime.bigint();
  const result = GNU_TIME
    ? run(GNU_TIME, ["-f", "CPU %U %S %M", cmd, ...args], { stdio: ["ignore", "ignore", "pipe"], encoding: "utf8", env })
    : run(cmd, args, { env });
  const wall = Number(process.hrtime.bigint() - t0) / 1e9;
  if (result.status !== 0) throw new Error(`${cmd} ${args.join(" ")} exited ${result.status}: ${result.stderr ?? ""}`);
  const m = GNU_TIME ? /CPU ([\d.]+) ([\d.]+) (\d+)\s*$/.exec(result.stderr) : null;
  return { wall, cpu: m ? Number(m[1]) + Number(m[2]) : NaN, rssMb: m ? Number(m[3]) / 1024 : NaN };
}

/** jdupes, installed through apt-get when missing and this user may (the peer the goals are set against). */
function haveJdupes() {
  if (existsSync(JDUPES)) return true;
  if (process.getuid?.() === 0) spawnSync("apt-get", ["install", "-y", "jdupes"], { stdio: "ignore" });
  if (existsSync(JDUPES)) return true;
  console.log("jdupes is not installed (apt-get install jdupes): its rows are skipped");
  return false;
}

/** Empties the page cache (root only); false when this machine does not allow it. */
function dropCaches() {
  const r = spawnSync("sh", ["-c", "sync && echo 3 > /proc/sys/vm/drop_caches"], { stdio: "ignore" });
  return r.status === 0;
}

const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return { min: s[0], median: s[Math.floor(s.length / 2)], max: s[s.length - 1] };
};

if (!existsSync(manifestPath)) {
  console.log(`making a ${files}-file corpus in ${dir} …`);
  run(process.execPath, [join(corpusTools, "make-corpus.mjs"), dir, "--files", String(files), "--seed", String(opt.seed)], {
    stdio: "inherit",
  });
}
const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
run(process.execPath, [join(repo, "scripts", "build-cli.mjs")]);
const jdupes = haveJdupes();
const rescan = [join(repo, "bin", "cleanspace.cjs"), "scan", dir, "--json", "--no-progress", "--threads", "2"];
const ours = rescan; // a first scan: the same command with an empty cache folder, which it fills
const FIRST_CACHE = `${CACHE_DIR}-first`;
const firstEnv = { ...process.env, CLEANSPACE_CACHE_DIR: FIRST_CACHE };
// One thread as well: on a busy machine the second core is not free, and the worker's
// start-up is then pure cost — these rows show how much the threads gain here and now.
const oursOneThread = [...ours.slice(0, -2), "--threads", "1"];
const FLOOR = join(repo, "bench", "support", "cli-floor.cjs");

// Correctness first: a fast wrong answer is no answer (the rescan's answer is checked too).
const ourJson = run(process.execPath, [...ours, "--no-cache"], { stdio: ["ignore", "pipe", "inherit"], encoding: "utf8" }).stdout;
writeFileSync(`/tmp/cleanspace-bench-ours-${process.pid}.json`, JSON.stringify(JSON.parse(ourJson).duplicates.map((d) => d.paths)));
run(process.execPath, rescan); // fills the hash cache
const rescanJson = run(process.execPath, rescan, { stdio: ["ignore", "pipe", "inherit"], encoding: "utf8" }).stdout;
writeFileSync(`/tmp/cleanspace-bench-rescan-${process.pid}.json`, JSON.stringify(JSON.parse(rescanJson).duplicates.map((d) => d.paths)));
const check = (file, format) =>
  run(process.execPath, [join(corpusTools, "check-dupes.mjs"), file, manifestPath, "--format", format, "--quiet"], {
    stdio: ["ignore", "pipe", "inherit"],
    encoding: "utf8",
  })
    .stdout.trim()
    .split("\n")
    .pop();
let jdCheck = "skipped";
if (jdupes) {
  const jdOut = run(JDUPES, ["-r", "-q", dir], { stdio: ["ignore", "pipe", "inherit"], encoding: "utf8" }).stdout;
  writeFileSync(`/tmp/cleanspace-bench-jdupes-${process.pid}.txt`, jdOut);
  jdCheck = check(`/tmp/cleanspace-bench-jdupes-${process.pid}.txt`, "text");
}
console.log(
  `corpus: ${manifest.totals.files} files, ${(manifest.totals.bytes / 1e9).toFixed(2)} GB, ${manifest.totals.dupGroups} duplicate groups, ${manifest.totals.trapSets} trap sets`,
);
const floorLine = run(process.execPath, [FLOOR, dir], { stdio: ["ignore", "pipe", "inherit"], encoding: "utf8" }).stdout.trim();
console.log(`Node floor: ${floorLine} (manifest: ${manifest.totals.dupGroups} groups)`);
console.log(
  `correctness: cleanspace ${check(`/tmp/cleanspace-bench-ours-${process.pid}.json`, "json")}, rescan ${check(`/tmp/cleanspace-bench-rescan-${process.pid}.json`, "json")}, jdupes ${jdCheck}`,
);

const ROWS_OF_CLI = (bin, tag, cacheDir) => {
  const first = [bin, "scan", dir, "--json", "--no-progress", "--threads", "2"];
  const oneThread = [...first.slice(0, -2), "--threads", "1"];
  const env = { ...process.env, CLEANSPACE_CACHE_DIR: cacheDir };
  const firstEnv = { ...process.env, CLEANSPACE_CACHE_DIR: `${cacheDir}-first` };
  return [
    { name: `${tag}scan --json --threads 2 (first scan: empty cache, written)`, args: first, env: firstEnv, first: `${cacheDir}-first` },
    { name: `${tag}scan --json --threads 1 (first scan)`, args: oneThread, env: firstEnv, first: `${cacheDir}-first` },
    { name: `${tag}scan --json --threads 2 --no-cache`, args: [...first, "--no-cache"], env },
    { name: `${tag}scan --json --threads 2 (rescan, hash cache)`, args: first, env, rescan: true },
    { name: `${tag}scan --json --threads 1 (rescan)`, args: oneThread, env, rescan: true },
  ].map((row) => ({ ...row, cmd: process.execPath }));
};
const BASE_CACHE_DIR = `${CACHE_DIR}-baseline`;
const baselineBin = opt.baseline ? join(opt.baseline, "bin", "cleanspace.cjs") : null;
if (baselineBin)
  run(process.execPath, [...rescan.map((a) => (a === rescan[0] ? baselineBin : a))], {
    env: { ...process.env, CLEANSPACE_CACHE_DIR: BASE_CACHE_DIR },
  }); // fills its hash cache
const rows = [
  ...ROWS_OF_CLI(rescan[0], "cleanspace ", CACHE_DIR),
  ...(baselineBin ? ROWS_OF_CLI(baselineBin, "baseline ", BASE_CACHE_DIR) : []),
  // What Node itself costs for the same file calls on one thread, with none of the app (its floor).
  {
    name: "Node floor: the same file calls, 1 thread (bench/support/cli-floor.cjs)",
    cmd: process.execPath,
    args: [FLOOR, dir],
    floor: true,
  },
  ...(jdupes ? [{ name: "jdupes -r -q", cmd: JDUPES, args: ["-r", "-q", dir] }] : []),
];
/**
 * A folder never scanned: its hash cache removed, Node's compile cache (or an older CLI's
 * code cache) of any earlier scan kept.
 */
const forgetScans = (cacheDir) => {
  if (!existsSync(cacheDir)) return;
  for (const name of readdirSync(cacheDir)) if (name.startsWith("scan-hashes-")) rmSync(join(cacheDir, name), { force: true });
};
/** One run of a row: a first scan starts from an empty hash cache. */
const once = (row) => {
  if (row.first) forgetScans(row.first);
  return timed(row.cmd, row.args, row.env ?? process.env);
};
for (const row of rows) once(row); // warm the page cache and the dentry cache for all
const loadBefore = loadavg();
for (const row of rows) row.times = [];
for (let i = 0; i < runs; i++) {
  // Alternate, so a burst of load from elsewhere hits every variant alike.
  for (const row of rows) row.times.push(once(row));
}
const load = (l) => l.map((x) => x.toFixed(2)).join(" ");
console.log(
  `machine: ${cpus().length} cores, node ${process.version}, load average ${load(loadBefore)} before the timed runs, ${load(loadavg())} after`,
);
/** Median CPU ms of `node -e 0` (Node's own start-up) with this environment. */
const nodeStart = (env) => stats(Array.from({ length: 5 }, () => timed(process.execPath, ["-e", "0"], env).cpu * 1000)).median;
if (caCerts) {
  console.log(
    `NODE_EXTRA_CA_CERTS is set here: node -e 0 costs ${nodeStart({ ...process.env, NODE_EXTRA_CA_CERTS: caCerts }).toFixed(0)} ms CPU with it, ${nodeStart(process.env).toFixed(0)} ms without; the CLI rows run ${opt["keep-env"] ? "with" : "without"} it (--keep-env keeps it)`,
  );
}
const table = (list, label) => {
  console.log(`| tool${label} | runs | wall min s | wall median s | wall max s | CPU median s | peak RSS median MB |`);
  console.log(`|---|---|---|---|---|---|---|`);
  for (const row of list) {
    const w = stats(row.times.map((t) => t.wall));
    const c = stats(row.times.map((t) => t.cpu));
    const m = stats(row.times.map((t) => t.rssMb));
    row.median = w.median;
    row.cpuMedian = c.median;
    console.log(
      `| ${row.name} | ${row.times.length} | ${w.min.toFixed(3)} | ${w.median.toFixed(3)} | ${w.max.toFixed(3)} | ${c.median.toFixed(2)} | ${m.median.toFixed(0)} |`,
    );
  }
};
table(rows, "");
const peer = rows.find((r) => r.cmd === JDUPES);
if (peer) {
  console.log(
    `ratios to jdupes, wall medians: ${rows
      .filter((r) => r !== peer)
      .map((r) => `${r.name.replace(/^cleanspace scan --json ?/, "") || "default"} ${(r.median / peer.median).toFixed(2)}`)
      .join("; ")}`,
  );
  const floor = rows.find((r) => r.floor);
  if (floor)
    console.log(
      `Node's floor for the same file calls (one thread, no app): ${(floor.median / peer.median).toFixed(2)}× jdupes wall, ${(floor.cpuMedian / peer.cpuMedian).toFixed(2)}× CPU; ratios to that floor, wall medians: ${rows
        .filter((r) => r !== peer && r !== floor)
        .map((r) => `${r.name.replace(/^cleanspace scan --json ?/, "") || "default"} ${(r.median / floor.median).toFixed(2)}`)
        .join("; ")}`,
    );
  // CPU seconds: what a busy machine disturbs least (wall time waits for the other agents' work too).
  console.log(
    `ratios to jdupes, CPU medians: ${rows
      .filter((r) => r !== peer)
      .map((r) => `${r.name.replace(/^cleanspace scan --json ?/, "") || "default"} ${(r.cpuMedian / peer.cpuMedian).toFixed(2)}`)
      .join("; ")}`,
  );
}
if (baselineBin) {
  // This checkout against the baseline, row by row, in the same rounds.
  const pairs = rows
    .filter((r) => r.name.startsWith("cleanspace "))
    .map((r) => [r, rows.find((b) => b.name === r.name.replace(/^cleanspace /, "baseline "))]);
  console.log(
    `this checkout / baseline, wall medians: ${pairs.map(([r, b]) => `${r.name.replace(/^cleanspace scan --json ?/, "")} ${(r.median / b.median).toFixed(2)}`).join("; ")}`,
  );
  console.log(
    `this checkout / baseline, CPU medians: ${pairs.map(([r, b]) => `${r.name.replace(/^cleanspace scan --json ?/, "")} ${(r.cpuMedian / b.cpuMedian).toFixed(2)}`).join("; ")}`,
  );
}

const coldRuns = Number(opt.cold);
if (coldRuns > 0) {
  // First scans on 2 and 1 threads and the rescan, of this checkout and of the baseline, and
  // jdupes: one run of each per round, the page cache dropped before every run.
  const coldNames = [0, 1, 3].map((i) => rows[i].name);
  const coldRows = rows
    .filter((r) => r === peer || coldNames.some((name) => r.name === name || r.name === name.replace(/^cleanspace /, "baseline ")))
    .map((r) => ({ ...r, times: [] }));
  const coldLoadBefore = loadavg();
  let dropped = true;
  for (let i = 0; i < coldRuns && dropped; i++) {
    for (const row of coldRows) {
      if (!(dropped = dropCaches())) break;
      row.times.push(once(row));
    }
  }
  if (dropped) {
    console.log(`cold page cache, ${coldRuns} rounds: load average ${load(coldLoadBefore)} before, ${load(loadavg())} after`);
    table(coldRows, " (cold page cache)");
    if (peer) {
      const coldPeer = coldRows.find((r) => r.cmd === JDUPES);
      console.log(
        `cold: ratios to jdupes, wall medians: ${coldRows
          .filter((r) => r !== coldPeer)
          .map((r) => `${r.name} ${(r.median / coldPeer.median).toFixed(2)}`)
          .join("; ")}; CPU medians: ${coldRows
          .filter((r) => r !== coldPeer)
          .map((r) => `${r.name} ${(r.cpuMedian / coldPeer.cpuMedian).toFixed(2)}`)
          .join("; ")}`,
      );
    }
  } else console.log("cold-cache runs skipped: dropping the page cache needs root (echo 3 > /proc/sys/vm/drop_caches)");
}

const phaseRuns = Number(opt.phases);
for (const [label, args, first] of [
  ["first scan, 2 threads", ours, true],
  ["first scan, 1 thread", oursOneThread, true],
  ["rescan, 2 threads", rescan, false],
]) {
  for (let i = 0; i < phaseRuns; i++) {
    if (first) forgetScans(FIRST_CACHE);
    const env = { ...(first ? firstEnv : process.env), CLEANSPACE_PROFILE: "1" };
    const r = spawnSync(process.execPath, args, { stdio: ["ignore", "ignore", "pipe"], encoding: "utf8", env });
    console.log(`${label}: ${(/cleanspace profile: (.*)/.exec(r.stderr) ?? [])[1] ?? r.stderr.trim()}`);
  }
}
rmSync(CACHE_DIR, { recursive: true, force: true });
rmSync(FIRST_CACHE, { recursive: true, force: true });
rmSync(BASE_CACHE_DIR, { recursive: true, force: true });
rmSync(`${BASE_CACHE_DIR}-first`, { recursive: true, force: true });
const commit = spawnSync("git", ["-C", repo, "rev-parse", "--short", "HEAD"], { encoding: "utf8" }).stdout?.trim() || "unknown";
const resultsDir = join(repo, "bench", "results");
mkdirSync(resultsDir, { recursive: true });
const resultsFile = join(resultsDir, `scan-bench-${files}-${opt.label}.md`);
writeFileSync(
  resultsFile,
  `# bench/scan-bench.mjs --files ${files} --runs ${runs} (${opt.label})\n\n${new Date().toISOString()} · commit ${commit} · node ${process.version}${opt.baseline ? ` · baseline ${opt.baseline}` : ""}\n\n${printed.join("\n")}\n`,
);
print(`written to ${resultsFile}`);
