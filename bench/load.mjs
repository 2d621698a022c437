// `node bench/load.mjs [--duration 30] [--connections 50] [--repeat 1] [--pglite 1,5,50]
// [--pglite-duration 10] [--only bare,pglite,postgres] [--profile DIR]`: autocannon against the built
// server on the two hot authenticated routes — GET /api/digital-data/{id} and
// POST /api/cleanup-events (a fresh clientId per request) — on PGlite (at each of --pglite's
// connection counts: the single-user default) and, when DATABASE_URL is set, on a scratch
// PostgreSQL database; next to a bare Fastify hello-world route in its own process, measured
// in the same run. The POST runs twice on PostgreSQL: 50 writers of one user (they queue on
// that user's day counter) and one writer each of 50 users. --repeat runs everything N times
// and prints each run's row with its load average (the machine may be shared). Prints req/s, p50/p99 latency, errors and the ratio
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
import {
  cleanupEvent,
  ensureBuilt,
  freePort,
  REPO,
  registerUser,
  sampleSummary,
  scratchDatabase,
  sleep,
  startServer,
  tempDir,
} from "../scripts/faults/harness.mjs";

const opt = {
  duration: "30",
  connections: "50",
  profile: "",
  repeat: "1",
  pglite: "1,5,50",
  "pglite-duration": "10",
  only: "bare,pglite,postgres",
};
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) if (argv[i].startsWith("--")) opt[argv[i].slice(2)] = argv[++i];
const duration = Number(opt.duration);
const connections = Number(opt.connections);
const repeat = Math.max(1, Number(opt.repeat));
const pgliteConnections = opt.pglite
  .split(",")
  .map(Number)
  .filter((n) => n > 0);
const only = new Set(opt.only.split(","));

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

/**
 * CPU ticks of the PostgreSQL server: every live postgres process, plus what the postmaster's
 * exited children used (a backend whose connection closed takes its ticks with it otherwise).
 * The server is shared: other clients' queries count too.
 */
function postgresTicks() {
  let ticks = 0;
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      if (!readFileSync(`/proc/${pid}/comm`, "utf8").startsWith("postgres")) continue;
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
      const parent = fields[1];
      if (!readFileSync(`/proc/${parent}/comm`, "utf8").startsWith("postgres")) ticks += Number(fields[13]) + Number(fields[14]);
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
  const child = spawn(process.execPath, ["--input-type=module", "-e", BARE_SERVER], {
    cwd: REPO,
    env: { ...process.env, PORT: String(port) },
    stdio: "ignore",
  });
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

function cannon(label, options, shape = { duration, connections }) {
  return new Promise((resolve, reject) => {
    const load = loadavg()[0];
    console.info(`  … ${label} (${shape.duration} s, ${shape.connections} connections; load average ${load.toFixed(2)})`);
    autocannon({ ...shape, ...options }, (err, result) => (err ? reject(err) : resolve({ label, result, load: [load, loadavg()[0]] })));
  });
}

/** " [429 ×12, 503 ×3]": the answers that were not 2xx. */
const statusCodes = (result) => {
  const codes = Object.entries(result.statusCodeStats ?? {}).filter(([code]) => !code.startsWith("2"));
  return codes.length ? ` [${codes.map(([code, { count }]) => `${code} ×${count}`).join(", ")}]` : "";
};

const figure = ({ label, result, cpu, load }) => ({
  label,
  cpu,
  load,
  rps: result.requests.average,
  p50: result.latency.p50,
  p99: result.latency.p99,
  errors: result.errors + result.timeouts + result.non2xx,
  detail:
    result.errors + result.timeouts + result.non2xx
      ? ` (${result.non2xx} non-2xx${statusCodes(result)}, ${result.timeouts} timeouts, ${result.errors - result.timeouts} other)`
      : "",
});

/** A session per user: `count` fresh accounts, each with a scan. */
async function usersOn(base, count) {
  const made = [];
  for (let i = 0; i < count; i++) {
    const { client, userId } = await registerUser(base, "bench");
    await client.request("POST", "/api/real-data/scan", { userId, summary: sampleSummary() });
    made.push({ userId, headers: { cookie: client.cookie, origin: base, accept: "application/json" } });
  }
  return made;
}

/** POST /api/cleanup-events with a fresh client id each time; connection i writes as user i mod users. */
function postEvents(base, users) {
  let next = 0;
  return {
    url: base,
    requests: [
      {
        method: "POST",
        path: "/api/cleanup-events",
        setupRequest: (req, context) => {
          context.user ??= users[next++ % users.length];
          // A copy: autocannon writes the body's content-length into the headers it is given,
          // which a later GET with the same object would then send without a body.
          return {
            ...req,
            headers: { ...context.user.headers, "content-type": "application/json" },
            body: JSON.stringify(cleanupEvent("bench")),
          };
        },
      },
    ],
  };
}

async function appRuns(dbLabel, start, { pg = false, shapes = [{ duration, connections }], manyWriters = false } = {}) {
  const server = await start();
  const pid = server.child.pid;
  try {
    const [one] = await usersOn(server.base, 1);
    const many = manyWriters ? [one, ...(await usersOn(server.base, connections - 1))] : [];
    const out = [];
    for (const shape of shapes) {
      const at = shapes.length > 1 ? ` ×${shape.connections}` : "";
      out.push(
        await withCpu(pid, pg, () =>
          cannon(
            `${dbLabel}${at} GET /api/digital-data/{id}`,
            { url: `${server.base}/api/digital-data/${one.userId}`, headers: { ...one.headers } },
            shape,
          ),
        ),
      );
      out.push(
        await withCpu(pid, pg, () =>
          cannon(`${dbLabel}${at} POST /api/cleanup-events${manyWriters ? " (1 user)" : ""}`, postEvents(server.base, [one]), shape),
        ),
      );
      if (manyWriters)
        out.push(
          await withCpu(pid, pg, () =>
            cannon(`${dbLabel}${at} POST /api/cleanup-events (${many.length} users)`, postEvents(server.base, many), shape),
          ),
        );
    }
    return out;
  } finally {
    await server.stop();
  }
}

ensureBuilt();
console.log(
  `Load: ${cpus().length} cores, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
const env = { RATE_LIMIT_MULTIPLIER: "1000", LOG_LEVEL: "error" };
const profileDir = opt.profile ? resolve(opt.profile) : "";
const nodeArgs = profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [];
const pgliteShapes = pgliteConnections.map((c) => ({ duration: Number(opt["pglite-duration"]), connections: c }));

async function oneRound() {
  const runs = [];
  if (only.has("bare")) {
    const bare = await startBare();
    try {
      runs.push(await withCpu(bare.pid, false, () => cannon("bare Fastify GET /hello", { url: `${bare.base}/hello` })));
    } finally {
      bare.stop();
    }
  }
  if (only.has("pglite") && pgliteShapes.length) {
    const dataDir = tempDir("bench");
    try {
      runs.push(
        ...(await appRuns("PGlite", () => startServer({ env: { ...env, DATA_DIR: dataDir }, label: "pglite", nodeArgs }), {
          shapes: pgliteShapes,
        })),
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (only.has("postgres") && process.env.DATABASE_URL) {
    const db = await scratchDatabase(process.env.DATABASE_URL, "cleanspace_bench");
    try {
      runs.push(
        ...(await appRuns("PostgreSQL", () => startServer({ env: { ...env, DATABASE_URL: db.url }, label: "postgres", nodeArgs }), {
          pg: true,
          manyWriters: true,
        })),
      );
    } finally {
      await db.drop();
    }
  } else if (only.has("postgres")) {
    console.log("DATABASE_URL is not set: PostgreSQL runs skipped.");
  }
  return runs.map(figure);
}

const rounds = [];
for (let i = 0; i < repeat; i++) rounds.push(await oneRound());
const µs = (v) => (Number.isNaN(v) ? "–" : v.toFixed(0));
const bareRps = rounds.map((rows) => rows.find((r) => r.label.startsWith("bare"))?.rps);
console.log(
  `\nLoad (PostgreSQL and bare: ${duration} s per run, ${connections} connections; PGlite: ${opt["pglite-duration"]} s at ${pgliteConnections.join(", ")} connections; ${repeat} round(s); ${cpus().length} cores, load average now ${loadavg()[0].toFixed(2)})`,
);
console.log(
  `${"route".padEnd(50)} ${"round".padStart(5)} ${"load".padStart(10)} ${"req/s".padStart(7)} ${"p50 ms".padStart(7)} ${"p99 ms".padStart(7)} ${"errors".padStart(7)} ${"vs bare".padStart(8)} ${"srv µs/req".padStart(11)} ${"pg µs/req".padStart(10)}  goal (0 errors, p99 < 50 ms)`,
);
const labels = [...new Set(rounds.flat().map((r) => r.label))];
for (const label of labels) {
  rounds.forEach((rows, i) => {
    const r = rows.find((row) => row.label === label);
    if (!r) return;
    const isBare = label.startsWith("bare");
    const goal = isBare || label.startsWith("PGlite") ? "" : r.errors === 0 && r.p99 < 50 ? "met" : "NOT met";
    const vsBare = bareRps[i] ? (r.rps / bareRps[i]).toFixed(3) : "–";
    const load = `${r.load[0].toFixed(1)}→${r.load[1].toFixed(1)}`;
    console.log(
      `${r.label.padEnd(50)} ${String(i + 1).padStart(5)} ${load.padStart(10)} ${r.rps.toFixed(0).padStart(7)} ${String(r.p50).padStart(7)} ${String(r.p99).padStart(7)} ${String(r.errors).padStart(7)} ${vsBare.padStart(8)} ${µs(r.cpu.server).padStart(11)} ${µs(r.cpu.pg).padStart(10)}  ${goal}${r.detail}`,
    );
  });
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
