// `npm run bench [-- --duration 10] [-- --only load,scale-out]`: every benchmark, one after
// another (they would disturb each other's figures if run together), each printing its own
// figures. A benchmark that breaks does not stop the others; the exit code says whether all ran.
// A listed file that is missing is skipped.
// --duration shortens the autocannon runs of load and scale-out (default 30 s and 20 s).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const repo = fileURLToPath(new URL("..", import.meta.url));
const argv = process.argv.slice(2);
const arg = (name) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
};
const duration = arg("duration");
const only = arg("only")?.split(",");
const withDuration = duration ? ["--duration", duration] : [];

const BENCHES = [
  { name: "load", file: "bench/load.mjs", args: withDuration },
  { name: "scale-out", file: "bench/scale-out.mjs", args: withDuration },
  { name: "lighthouse", file: "bench/lighthouse.mjs", args: [] },
  { name: "dashboard-data", file: "bench/dashboard-data.mjs", args: [] },
  { name: "scan", file: "bench/scan-bench.mjs", args: [] },
  { name: "photo-accuracy", file: "bench/photos/photo-accuracy.mjs", args: [] },
  { name: "photo-speed", file: "bench/photos/photo-speed.mjs", args: [] },
  { name: "browser-scan", file: "bench/browser-scan.mjs", args: [] },
  { name: "browser-photos", file: "bench/browser-photos.mjs", args: [] },
  { name: "imap", file: "bench/imap-bench.mjs", args: [] },
];

const results = [];
for (const bench of BENCHES.filter((b) => !only || only.includes(b.name))) {
  if (!existsSync(`${repo}/${bench.file}`)) continue;
  console.log(`\n━━ ${bench.name} (${bench.file}) ━━`);
  const started = Date.now();
  const res = spawnSync(process.execPath, [bench.file, ...bench.args], { cwd: repo, stdio: "inherit" });
  results.push({ name: bench.name, ok: res.status === 0, secs: (Date.now() - started) / 1000 });
}
console.log("\nBenchmarks:");
for (const r of results) console.log(`  ${r.ok ? "✔" : "✖"} ${r.name.padEnd(14)} ${r.secs.toFixed(0)} s`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
