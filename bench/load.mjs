// `node bench/load.mjs [--duration 30] [--connections 50] [--profile DIR]`: autocannon against the built
// server on the two hot authenticated routes — GET /api/digital-data/{id} and
// POST /api/cleanup-events (a fresh clientId per request) — on PGlite and, when DATABASE_URL
// is set, on a scratch PostgreSQL database; next to a bare Fastify hello-world route in its
// own process, measured in the same run. Prints req/s, p50/p99 latency, errors and the ratio
// to the bare route. Figures, not assertions (goal: zero errors, p99 under 50 ms); the exit
// code is non-zero only when the run itself breaks. With --profile, each app server runs
// under --cpu-prof (figures then include the profiler's cost): the .cpuprofile files land
// in DIR (open them in Chrome DevTools) and the functions with the most self time are printed.
// On Linux each row also gives the CPU time per request of the server process and of all
// PostgreSQL processes (from /proc): on a shared machine latency moves with whatever else
// runs, and CPU per request says whether a change made the work itself cheaper.
import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { cpus, loadavg } from "node:os";
import autocannon from "autocannon";
import { cleanupEvent, ensureBuilt, freePort, REPO, registerUser, sampleSummary, scratchDatabase, sleep, startServer, tempDir } from "../scripts/faults/harness.mjs";

const opt = { duration: "30", connections: "50", profile: "" };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) if (argv[i].startsWith("--")) opt[argv[i].slice(2)] = argv[++i];
const duration = Number(opt.duration);
const connections = Number(opt.connections);

const BARE_SERVER = `
import Fastify from "fastify";
const app = Fastify({ logger: false });
app.get("/hello", async () => ({ hello: "world" }));
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
`;

/** CPU ticks (user + system, 1/100 s on Linux) a process has used; 0 where /proc is missing or it is gone. */
function cpuTicks(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

function postgresTicks() {
  let ticks = 0;
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, "utf8").startsWith("postgres")) ticks += cpuTicks(pid);
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks;
}

const HAS_PROC = existsSync("/proc/self/stat");

/** Runs a load and adds the CPU µs per request of the server process (and of PostgreSQL when `pg`). */
async function withCpu(pid, pg, run) {
  const [server0, pg0] = [HAS_PROC ? cpuTicks(pid) : 0, HAS_PROC && pg ? postgresTicks() : 0];
  const out = await run();
  const perRequest = (ticks) => (HAS_PROC ? (ticks * 10_000) / Math.max(1, out.result.requests.total) : NaN);
  out.cpu = { server: perRequest(cpuTicks(pid) - server0), pg: pg ? perRequest(postgresTicks() - pg0) : NaN };
  return out;
}

async function startBare() {
  const port = await freePort();
  const child = spawn(process.execPath, ["--input-type=module", "-e", BARE_SERVER], { cwd: REPO, env: { ...process.env, PORT: String(port) }, stdio: "ignore" });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${base}/hello`)).ok) return { base, pid: child.pid, stop: () => child.kill("SIGTERM") };
    } catch {
      // not yet listening
    }
    await sleep(100);
  }
  child.kill("SIGKILL");
  throw new Error("bare Fastify server did not start");
}

function cannon(label, options) {
  return new Promise((resolve, reject) => {
    console.info(`  … ${label} (${duration} s, ${connections} connections)`);
    autocannon({ duration, connections, ...options }, (err, result) => (err ? reject(err) : resolve({ label, result })));
  });
}

const figure = ({ label, result, cpu }) => ({
  label,
  cpu,
  rps: result.requests.average,
  p50: result.latency.p50,
  p99: result.latency.p99,
  errors: result.errors + result.timeouts + result.non2xx,
  detail: result.errors + result.timeouts + result.non2xx ? ` (${result.non2xx} non-2xx, ${result.timeouts} timeouts, ${result.errors - result.timeouts} other)` : "",
});

async function appRuns(dbLabel, start, pg = false) {
  const server = await start();
  const pid = server.child.pid;
  try {
    const { client, userId } = await registerUser(server.base, "bench");
    await client.request("POST", "/api/real-data/scan", { userId, summary: sampleSummary() });
    const headers = { cookie: client.cookie, origin: server.base, accept: "application/json" };
    const get = await withCpu(pid, pg, () => cannon(`${dbLabel} GET /api/digital-data/{id}`, { url: `${server.base}/api/digital-data/${userId}`, headers }));
    const post = await withCpu(pid, pg, () => cannon(`${dbLabel} POST /api/cleanup-events`, {
      url: server.base,
      requests: [
        {
          method: "POST",
          path: "/api/cleanup-events",
          headers: { ...headers, "content-type": "application/json" },
          setupRequest: (req) => ({ ...req, body: JSON.stringify(cleanupEvent("bench")) }),
        },
      ],
    }));
    return [get, post];
  } finally {
    await server.stop();
  }
}

ensureBuilt();
console.log(`Load: ${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(2)).join(" ")}`);
const runs = [];
const bare = await startBare();
try {
  runs.push(await withCpu(bare.pid, false, () => cannon("bare Fastify GET /hello", { url: `${bare.base}/hello` })));
} finally {
  bare.stop();
}

const env = { RATE_LIMIT_MULTIPLIER: "1000", LOG_LEVEL: "error" };
const profileDir = opt.profile ? resolve(opt.profile) : "";
const nodeArgs = profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [];
const dataDir = tempDir("bench");
try {
  runs.push(...(await appRuns("PGlite", () => startServer({ env: { ...env, DATA_DIR: dataDir }, label: "pglite", nodeArgs }))));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
if (process.env.DATABASE_URL) {
  const db = await scratchDatabase(process.env.DATABASE_URL, "cleanspace_bench");
  try {
    runs.push(...(await appRuns("PostgreSQL", () => startServer({ env: { ...env, DATABASE_URL: db.url }, label: "postgres", nodeArgs }), true)));
  } finally {
    await db.drop();
  }
} else {
  console.log("DATABASE_URL is not set: PostgreSQL runs skipped.");
}

const rows = runs.map(figure);
const bareRps = rows[0].rps;
console.log(`\nLoad (${duration} s per run, ${connections} connections; load average now ${loadavg()[0].toFixed(2)})`);
const µs = (v) => (Number.isNaN(v) ? "–" : v.toFixed(0));
console.log(`${"route".padEnd(40)} ${"req/s".padStart(9)} ${"p50 ms".padStart(7)} ${"p99 ms".padStart(7)} ${"errors".padStart(7)} ${"vs bare".padStart(8)} ${"srv µs/req".padStart(11)} ${"pg µs/req".padStart(10)}  goal (0 errors, p99 < 50 ms)`);
for (const r of rows) {
  const goal = r === rows[0] ? "" : r.errors === 0 && r.p99 < 50 ? "met" : "NOT met";
  console.log(`${r.label.padEnd(40)} ${r.rps.toFixed(0).padStart(9)} ${String(r.p50).padStart(7)} ${String(r.p99).padStart(7)} ${String(r.errors).padStart(7)} ${(r.rps / bareRps).toFixed(3).padStart(8)} ${µs(r.cpu.server).padStart(11)} ${µs(r.cpu.pg).padStart(10)}  ${goal}${r.detail}`);
}

/** The functions with the most self time in a V8 .cpuprofile, in ms. */
function topSelfTime(file, count = 25) {
  const profile = JSON.parse(readFileSync(file, "utf8"));
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  profile.samples.forEach((id, i) => {
    const { functionName, url, lineNumber } = nodes.get(id).callFrame;
    const key = `${functionName || "(anonymous)"} ${url.split("/").slice(-2).join("/")}:${lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + profile.timeDeltas[i] / 1000);
  });
  return [...self].sort((a, b) => b[1] - a[1]).slice(0, count);
}

if (profileDir) {
  for (const name of readdirSync(profileDir).filter((f) => f.endsWith(".cpuprofile"))) {
    console.log(`\nSelf time, ${join(profileDir, name)}:`);
    for (const [fn, ms] of topSelfTime(join(profileDir, name))) console.log(`${ms.toFixed(0).padStart(8)} ms  ${fn}`);
  }
}
