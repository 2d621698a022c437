// `node bench/scale-out.mjs [--duration 20] [--connections 50] [--repeat 1]`: app processes
// behind nginx (Debian's package, installed when missing and we are root) on one PostgreSQL
// server. Shows that a session made on one process works on the other, that the login rate
// limit is one shared counter (not one per process), and prints the throughput and latency
// of 1, 2 and 4 processes through the same nginx on GET /api/digital-data/{id} and on
// POST /api/cleanup-events (50 users), with the CPU each part used per request (nginx, the
// app processes together, PostgreSQL, the load generator): on a 2-core machine more
// processes cannot add cores, and the CPU columns show where the work went.
// Sessions and rate-limit counters live in PostgreSQL (docs/decisions/005-scale-out.md), so
// no Redis is involved. PostgreSQL: DATABASE_URL's server, else the local one at 127.0.0.1.
// Figures, not assertions: the exit code is non-zero only when the run itself breaks.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import {
  cleanupEvent,
  Client,
  ensureBuilt,
  freePort,
  PASSWORD,
  pgQuery,
  registerUser,
  sampleSummary,
  scratchDatabase,
  sleep,
  startServer,
  tempDir,
} from "../scripts/faults/harness.mjs";

const opt = { duration: "20", connections: "50", repeat: "1" };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) if (argv[i].startsWith("--")) opt[argv[i].slice(2)] = argv[++i];
const duration = Number(opt.duration);
const connections = Number(opt.connections);
const adminUrl = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";

function nginxBinary() {
  const found = spawnSync("sh", ["-c", "command -v nginx || ls /usr/sbin/nginx 2>/dev/null"], { encoding: "utf8" })
    .stdout.trim()
    .split("\n")[0];
  if (found) return found;
  if (process.getuid?.() !== 0) return null;
  console.info("nginx is missing: installing Debian's nginx-light");
  const res = spawnSync("bash", ["-c", "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light"], {
    stdio: "inherit",
  });
  return res.status === 0 ? "/usr/sbin/nginx" : null;
}

/** nginx in the foreground with a private prefix: one port per group of upstreams (round robin within a group). */
async function startNginx(bin, groups) {
  const dir = tempDir("nginx");
  mkdirSync(join(dir, "logs"));
  const ports = [];
  for (let i = 0; i < groups.length; i++) ports.push(await freePort());
  const proxy = `
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      add_header X-Upstream $upstream_addr always;`;
  const upstreams = groups
    .map((servers, i) => `  upstream g${i} { ${servers.map((s) => `server ${s};`).join(" ")} keepalive 64; }`)
    .join("\n");
  const listeners = ports
    .map((port, i) => `  server { listen 127.0.0.1:${port}; location / { proxy_pass http://g${i}; ${proxy} } }`)
    .join("\n");
  writeFileSync(
    join(dir, "nginx.conf"),
    `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/logs/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
${upstreams}
${listeners}
}
`,
  );
  const child = spawn(bin, ["-p", dir, "-c", join(dir, "nginx.conf"), "-g", "daemon off;"], { stdio: ["ignore", "ignore", "inherit"] });
  for (let i = 0; i < 50; i++) {
    try {
      await fetch(`http://127.0.0.1:${ports.at(-1)}/api/health`);
      break;
    } catch {
      await sleep(100);
    }
  }
  return {
    bases: ports.map((port) => `http://127.0.0.1:${port}`),
    pid: child.pid,
    stop() {
      child.kill("SIGTERM");
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** CPU ticks (1/100 s) a process and its children (nginx's worker) used; 0 where /proc is missing. */
function cpuTicks(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** CPU ticks the waited-for children of a process used (cutime + cstime). */
function childTicks(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return Number(fields[13]) + Number(fields[14]);
}

function ticksOf(match, ticksFor = cpuTicks) {
  let ticks = 0;
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      if (match(pid)) ticks += ticksFor(pid);
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks;
}
const comm = (pid) => readFileSync(`/proc/${pid}/comm`, "utf8").trim();
const ppid = (pid) => Number(readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ")[1]);

/** CPU seconds per part, read before and after a run. */
function cpuParts(nginxPid, appPids) {
  const apps = new Set(appPids.map(String));
  return {
    nginx: ticksOf((pid) => pid === String(nginxPid) || (comm(pid) === "nginx" && ppid(pid) === nginxPid)),
    apps: ticksOf((pid) => apps.has(pid)),
    // Live backends plus what exited ones used (the postmaster's children's time): a
    // backend whose pooled connection closed would take its ticks with it otherwise.
    pg:
      ticksOf((pid) => comm(pid).startsWith("postgres")) +
      ticksOf((pid) => comm(pid).startsWith("postgres") && !comm(String(ppid(pid))).startsWith("postgres"), childTicks),
    bench: (() => {
      const u = process.cpuUsage();
      return (u.user + u.system) / 10_000;
    })(),
  };
}

function cannon(label, options) {
  return new Promise((resolve, reject) => {
    const load = loadavg()[0];
    console.info(`  … ${label} (${duration} s, ${connections} connections; load average ${load.toFixed(2)})`);
    autocannon({ duration, connections, ...options }, (err, r) =>
      err
        ? reject(err)
        : resolve({
            label,
            load: [load, loadavg()[0]],
            requests: r.requests.total,
            rps: r.requests.average,
            p50: r.latency.p50,
            p99: r.latency.p99,
            errors: r.errors + r.timeouts + r.non2xx,
          }),
    );
  });
}

/** POST /api/cleanup-events, connection i writing as user i mod users (fresh client ids). */
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
          return {
            ...req,
            headers: { cookie: context.user.cookie, origin: base, accept: "application/json", "content-type": "application/json" },
            body: JSON.stringify(cleanupEvent("scale")),
          };
        },
      },
    ],
  };
}

async function measured(label, nginxPid, appPids, options) {
  const before = cpuParts(nginxPid, appPids);
  const out = await cannon(label, options);
  const after = cpuParts(nginxPid, appPids);
  out.cpu = Object.fromEntries(Object.keys(before).map((k) => [k, ((after[k] - before[k]) * 10_000) / Math.max(1, out.requests)]));
  return out;
}

const bin = nginxBinary();
if (!bin) {
  console.log("nginx is not installed and we are not root: scale-out bench skipped (sudo apt-get install nginx-light).");
  process.exit(0);
}
ensureBuilt();
console.log(
  `Scale-out: ${cpus().length} cores, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}; PostgreSQL at ${new URL(adminUrl).host}`,
);
const db = await scratchDatabase(adminUrl, "cleanspace_scale");
const env = { DATABASE_URL: db.url, RATE_LIMIT_MULTIPLIER: "1", LOG_LEVEL: "error" };
const PROCESS_COUNTS = [1, 2, 4];
const apps = [];
let nginx;
try {
  for (let i = 0; i < Math.max(...PROCESS_COUNTS); i++) apps.push(await startServer({ env, label: `app${i + 1}` })); // the first migrates
  const [a, b] = apps;
  nginx = await startNginx(
    bin,
    PROCESS_COUNTS.map((n) => apps.slice(0, n).map((app) => `127.0.0.1:${app.port}`)),
  );
  const viaGroup = Object.fromEntries(PROCESS_COUNTS.map((n, i) => [n, nginx.bases[i]]));

  // 1. A session made on A works on B, and through the proxy on whichever process answers.
  const { client, userId, email } = await registerUser(a.base, "scale");
  const onB = await client.on(b.base).request("GET", "/api/auth/me");
  console.log(`\nsession made on A, used on B: GET /api/auth/me → ${onB.status}${onB.json?.id === userId ? " (same user)" : ""}`);
  const viaProxy = client.on(viaGroup[2]);
  const served = new Map();
  for (let i = 0; i < 10; i++) {
    const res = await viaProxy.request("GET", "/api/auth/me");
    const key = `${res.headers.get("x-upstream")} → ${res.status}`;
    served.set(key, (served.get(key) ?? 0) + 1);
  }
  console.log(`through nginx (round robin): ${[...served].map(([k, n]) => `${k} ×${n}`).join(", ")}`);

  // 2. The login limit (10 attempts per account per 15 min) is one counter across processes.
  const attempts = [];
  for (let i = 1; i <= 12; i++) {
    const target = i % 2 ? a : b;
    const res = await new Client(target.base).request("POST", "/api/auth/login", { email, password: `${PASSWORD} wrong` });
    attempts.push(`${i % 2 ? "A" : "B"}:${res.status}`);
  }
  const first429 = attempts.findIndex((s) => s.endsWith(":429")) + 1;
  console.log(`wrong-password logins alternating A/B: ${attempts.join(" ")}`);
  console.log(
    first429 === 11
      ? "login rate limit is shared: the 11th attempt overall is refused (per-process counters would allow 10 on each)"
      : `login rate limit NOT shared as expected: first 429 at attempt ${first429 || "never"}`,
  );

  // 3. Throughput and latency through the same nginx in front of 1, 2 and 4 processes.
  await client.request("POST", "/api/real-data/scan", { userId, summary: sampleSummary() });
  // The limits stay real (multiplier 1, for the shared-limit check above): the bench forgets
  // its own registrations and event quotas between runs, in its scratch database.
  const forget = (prefix) => pgQuery(db.url, "delete from rate_limits where key like $1", [`${prefix}%`]);
  const writers = [];
  for (let i = 0; i < connections; i++) {
    await forget("register:");
    const made = await registerUser(apps[i % apps.length].base, "scalew");
    writers.push(made.client);
  }
  const headers = { cookie: client.cookie, accept: "application/json" };
  const appPids = apps.map((app) => app.child.pid);
  const rows = [];
  for (let round = 1; round <= Number(opt.repeat); round++) {
    for (const n of PROCESS_COUNTS) {
      const get = await measured(`nginx → ${n} process${n > 1 ? "es" : ""}, GET /api/digital-data/{id}`, nginx.pid, appPids, {
        url: `${viaGroup[n]}/api/digital-data/${userId}`,
        headers,
      });
      await forget("quota:events:");
      const post = await measured(
        `nginx → ${n} process${n > 1 ? "es" : ""}, POST /api/cleanup-events (${writers.length} users)`,
        nginx.pid,
        appPids,
        postEvents(viaGroup[n], writers),
      );
      rows.push({ round, ...get }, { round, ...post });
    }
  }
  console.log(
    `\nScale-out (${duration} s per run, ${connections} connections; load average now ${loadavg()[0].toFixed(2)}; ${cpus().length} cores shared by nginx, the apps, PostgreSQL, autocannon and whatever else runs)`,
  );
  const µs = (v) => v.toFixed(0).padStart(7);
  console.log(
    `${"run".padEnd(66)} ${"round".padStart(5)} ${"load".padStart(10)} ${"req/s".padStart(7)} ${"p50".padStart(5)} ${"p99".padStart(5)} ${"errors".padStart(6)}   CPU µs/req: ${"nginx".padStart(7)} ${"apps".padStart(7)} ${"pg".padStart(7)} ${"bench".padStart(7)}`,
  );
  for (const r of rows) {
    const load = `${r.load[0].toFixed(1)}→${r.load[1].toFixed(1)}`;
    console.log(
      `${r.label.padEnd(66)} ${String(r.round).padStart(5)} ${load.padStart(10)} ${r.rps.toFixed(0).padStart(7)} ${String(r.p50).padStart(5)} ${String(r.p99).padStart(5)} ${String(r.errors).padStart(6)}               ${µs(r.cpu.nginx)} ${µs(r.cpu.apps)} ${µs(r.cpu.pg)} ${µs(r.cpu.bench)}`,
    );
  }
  for (const kind of ["GET", "POST"]) {
    const rps = (n) => rows.filter((r) => r.label.includes(`→ ${n} process`) && r.label.includes(kind)).map((r) => r.rps);
    const mean = (xs) => xs.reduce((x, y) => x + y, 0) / xs.length;
    console.log(
      `${kind}: 2 processes vs 1 ×${(mean(rps(2)) / mean(rps(1))).toFixed(2)}, 4 vs 1 ×${(mean(rps(4)) / mean(rps(1))).toFixed(2)}`,
    );
  }
} finally {
  nginx?.stop();
  for (const app of apps) await app.stop();
  await db.drop();
}
