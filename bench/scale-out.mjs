// `node bench/scale-out.mjs [--duration 20] [--connections 50]`: two app processes behind
// nginx (Debian's package, installed when missing and we are root) on one PostgreSQL server.
// Shows that a session made on one process works on the other, that the login rate limit is
// one shared counter (not one per process), and prints the throughput of two processes
// against one on GET /api/digital-data/{id}, both through the same nginx.
// Sessions and rate-limit counters live in PostgreSQL (docs/decisions/005-scale-out.md), so
// no Redis is involved. PostgreSQL: DATABASE_URL's server, else the local one at 127.0.0.1.
// Figures, not assertions: the exit code is non-zero only when the run itself breaks.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { Client, ensureBuilt, freePort, PASSWORD, registerUser, sampleSummary, scratchDatabase, sleep, startServer, tempDir } from "../scripts/faults/harness.mjs";

const opt = { duration: "20", connections: "50" };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) if (argv[i].startsWith("--")) opt[argv[i].slice(2)] = argv[++i];
const duration = Number(opt.duration);
const connections = Number(opt.connections);
const adminUrl = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";

function nginxBinary() {
  const found = spawnSync("sh", ["-c", "command -v nginx || ls /usr/sbin/nginx 2>/dev/null"], { encoding: "utf8" }).stdout.trim().split("\n")[0];
  if (found) return found;
  if (process.getuid?.() !== 0) return null;
  console.info("nginx is missing: installing Debian's nginx-light");
  const res = spawnSync("bash", ["-c", "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light"], { stdio: "inherit" });
  return res.status === 0 ? "/usr/sbin/nginx" : null;
}

/** nginx in the foreground with a private prefix: `single` proxies to A only, `both` round-robins A and B. */
async function startNginx(bin, upstreamA, upstreamB) {
  const dir = tempDir("nginx");
  mkdirSync(join(dir, "logs"));
  const [single, both] = [await freePort(), await freePort()];
  const proxy = `
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      add_header X-Upstream $upstream_addr always;`;
  writeFileSync(
    join(dir, "nginx.conf"),
    `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/logs/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  upstream one { server ${upstreamA}; keepalive 64; }
  upstream two { server ${upstreamA}; server ${upstreamB}; keepalive 64; }
  server { listen 127.0.0.1:${single}; location / { proxy_pass http://one; ${proxy} } }
  server { listen 127.0.0.1:${both}; location / { proxy_pass http://two; ${proxy} } }
}
`,
  );
  const child = spawn(bin, ["-p", dir, "-c", join(dir, "nginx.conf"), "-g", "daemon off;"], { stdio: ["ignore", "ignore", "inherit"] });
  for (let i = 0; i < 50; i++) {
    try {
      await fetch(`http://127.0.0.1:${both}/api/health`);
      break;
    } catch {
      await sleep(100);
    }
  }
  return {
    single: `http://127.0.0.1:${single}`,
    both: `http://127.0.0.1:${both}`,
    stop() {
      child.kill("SIGTERM");
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function cannon(label, url, headers) {
  return new Promise((resolve, reject) => {
    console.info(`  … ${label} (${duration} s, ${connections} connections)`);
    autocannon({ url, headers, duration, connections }, (err, r) =>
      err ? reject(err) : resolve({ label, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts + r.non2xx }),
    );
  });
}

const bin = nginxBinary();
if (!bin) {
  console.log("nginx is not installed and we are not root: scale-out bench skipped (sudo apt-get install nginx-light).");
  process.exit(0);
}
ensureBuilt();
console.log(`Scale-out: ${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(2)).join(" ")}; PostgreSQL at ${new URL(adminUrl).host}`);
const db = await scratchDatabase(adminUrl, "cleanspace_scale");
const env = { DATABASE_URL: db.url, RATE_LIMIT_MULTIPLIER: "1", LOG_LEVEL: "error" };
let a;
let b;
let nginx;
try {
  a = await startServer({ env, label: "A" }); // migrates first; B finds the schema ready
  b = await startServer({ env, label: "B" });
  nginx = await startNginx(bin, `127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`);

  // 1. A session made on A works on B, and through the proxy on whichever process answers.
  const { client, userId, email } = await registerUser(a.base, "scale");
  const onB = await client.on(b.base).request("GET", "/api/auth/me");
  console.log(`\nsession made on A, used on B: GET /api/auth/me → ${onB.status}${onB.json?.id === userId ? " (same user)" : ""}`);
  const viaProxy = client.on(nginx.both);
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

  // 3. Throughput: the same nginx in front of one process, then of two.
  await client.request("POST", "/api/real-data/scan", { userId, summary: sampleSummary() });
  const headers = { cookie: client.cookie, accept: "application/json" };
  const one = await cannon("nginx → 1 process, GET /api/digital-data/{id}", `${nginx.single}/api/digital-data/${userId}`, headers);
  const two = await cannon("nginx → 2 processes, GET /api/digital-data/{id}", `${nginx.both}/api/digital-data/${userId}`, headers);
  console.log(`\nThroughput (${duration} s per run, ${connections} connections; load average now ${loadavg()[0].toFixed(2)}; ${cpus().length} cores shared by nginx, the apps, PostgreSQL and autocannon)`);
  for (const r of [one, two]) console.log(`${r.label.padEnd(50)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  errors ${r.errors}`);
  console.log(`two processes vs one: ×${(two.rps / one.rps).toFixed(2)}`);
} finally {
  nginx?.stop();
  await a?.stop();
  await b?.stop();
  await db.drop();
}
