// Shared by the fault suites (scripts/faults/*.mjs) and the benchmarks (bench/*.mjs): runs the
// built server as a real child process, speaks to it like a browser would (Origin header,
// session cookie), and makes throw-away databases. No test framework: a suite collects
// failed checks with `expect()` and `finish()` sets the exit code.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, chownSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const REPO = fileURLToPath(new URL("../..", import.meta.url));
/** The server bundle under test; CLEANSPACE_SERVER points elsewhere (e.g. a fresh private build). */
export const SERVER_ENTRY = resolve(REPO, process.env.CLEANSPACE_SERVER ?? "dist/server/main.js");

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export function log(label, ...rest) {
  console.log(`[${new Date().toISOString().slice(11, 23)}] ${label}`, ...rest);
}

// ——— checks ———
const failures = [];
export function expect(ok, message) {
  if (ok) console.log(`  ✔ ${message}`);
  else {
    console.log(`  ✖ ${message}`);
    failures.push(message);
  }
  return ok;
}
/** Prints the verdict and exits: 0 when every check held, 1 otherwise. */
export function finish(name) {
  if (failures.length) {
    console.error(`\n✖ ${name}: ${failures.length} check(s) failed:\n${failures.map((f) => `  - ${f}`).join("\n")}`);
    process.exit(1);
  }
  console.log(`\n✔ ${name}: all checks held`);
  process.exit(0);
}

function portIsFree(port) {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.once("error", (err) => (port ? resolvePort(0) : reject(err)));
    srv.listen(port, "127.0.0.1", () => {
      const { port: bound } = srv.address();
      srv.close(() => resolvePort(bound));
    });
  });
}

// PORT_RANGE=5400-5499 keeps every server and proxy of a run inside a block of ports (a shared
// machine hands each agent its own block); without it the system picks any free port.
const range = /^(\d+)-(\d+)$/.exec(process.env.PORT_RANGE ?? "");
let nextInRange = range ? Number(range[1]) : 0;

export async function freePort() {
  if (!range) return portIsFree(0);
  for (; nextInRange <= Number(range[2]); nextInRange++) {
    const port = await portIsFree(nextInRange);
    if (port) return nextInRange++;
  }
  throw new Error(`no free port left in PORT_RANGE ${process.env.PORT_RANGE}`);
}

export function tempDir(prefix) {
  return mkdtempSync(join(tmpdir(), `cleanspace-${prefix}-`));
}

/** Builds the app when the bundle is missing (a fresh clone); CI has built it in `npm test`. */
export function ensureBuilt() {
  if (existsSync(SERVER_ENTRY) && existsSync(join(REPO, "dist/client/index.html"))) return;
  console.log("dist is missing: running npm run build");
  const res = spawnSync("npm", ["run", "build"], { cwd: REPO, stdio: "inherit" });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

// ——— the server process ———
/**
 * Starts `node dist/server/main.js` on a free port. `env` adds to (and may blank) the
 * environment; DATABASE_URL is blank unless given, so PGlite is used in `DATA_DIR`.
 */
export async function startServer({ env = {}, port, label = "server", quiet = true, nodeArgs = [] } = {}) {
  const p = port ?? (await freePort());
  const child = spawn(process.execPath, [...nodeArgs, SERVER_ENTRY], {
    cwd: REPO,
    env: {
      ...process.env,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      SMTP_URL: "",
      STRIPE_SECRET_KEY: "",
      APP_ORIGIN: "",
      ...env,
      HOST: "127.0.0.1",
      PORT: String(p),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = [];
  const keep = (chunk) => {
    output.push(chunk.toString());
    if (!quiet) process.stdout.write(`[${label}] ${chunk}`);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const exited = new Promise((r) => child.once("exit", (code, signal) => r({ code, signal })));
  const server = {
    port: p,
    base: `http://127.0.0.1:${p}`,
    child,
    exited,
    output: () => output.join(""),
    /** SIGKILL: no shutdown hook runs, nothing is flushed. */
    async kill9() {
      child.kill("SIGKILL");
      return exited;
    },
    /** SIGTERM: the server's own graceful shutdown. */
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      const res = await exited;
      clearTimeout(timer);
      return res;
    },
  };
  try {
    await waitForHealth(server);
  } catch (err) {
    child.kill("SIGKILL");
    throw new Error(`${label} did not start: ${err.message}\n${server.output()}`, { cause: err });
  }
  return server;
}

/** A fresh PGlite data directory is initialised and migrated on first start: slow on a busy machine. */
export async function waitForHealth(server, timeoutMs = Number(process.env.FAULT_START_TIMEOUT_MS ?? 180_000)) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (server.child.exitCode !== null) throw new Error(`exited with code ${server.child.exitCode}`);
    try {
      if ((await fetch(`${server.base}/api/health`, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error("not healthy in time");
}

// ——— a browser-like client ———
/** Same-origin requests with the session cookie, like the web app makes them. */
export class Client {
  constructor(base, cookie = "") {
    this.base = base;
    this.cookie = cookie;
  }
  /** Another client on another server (or the proxy) presenting the same session cookie. */
  on(base) {
    return new Client(base, this.cookie);
  }
  async request(method, path, body, { timeoutMs = 15_000 } = {}) {
    const headers = { origin: this.base, accept: "application/json" };
    if (this.cookie) headers.cookie = this.cookie;
    if (body !== undefined) headers["content-type"] = "application/json";
    const res = await fetch(this.base + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith("cs_session="));
    if (setCookie) this.cookie = setCookie.split(";")[0];
    const text = await res.text();
    let json;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.status, json, text, headers: res.headers };
  }
}

export const PASSWORD = "correct horse battery staple 42";

/** Registers a fresh account (signed in by the answer's cookie). */
export async function registerUser(base, tag = "fault") {
  const client = new Client(base);
  const email = `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const res = await client.request("POST", "/api/users", { name: "Fault Tester", email, password: PASSWORD });
  if (res.status !== 201) throw new Error(`register answered ${res.status}: ${res.text}`);
  return { client, email, userId: res.json.id };
}

/** A scan summary the API accepts (the shape of src/server/test/factories.ts buildSummary). */
export function sampleSummary() {
  const categories = {
    photo: { count: 400, bytes: 800_000_000 },
    video: { count: 10, bytes: 900_000_000 },
    audio: { count: 0, bytes: 0 },
    document: { count: 600, bytes: 200_000_000 },
    archive: { count: 0, bytes: 0 },
    application: { count: 0, bytes: 0 },
    other: { count: 0, bytes: 0 },
  };
  const values = Object.values(categories);
  return {
    schemaVersion: 1,
    categories,
    totalFiles: values.reduce((n, c) => n + c.count, 0),
    totalBytes: values.reduce((n, c) => n + c.bytes, 0),
    duplicateGroups: 20,
    duplicateFiles: 50,
    duplicateBytes: 100_000_000,
    largeFiles: 2,
    largeBytes: 300_000_000,
    oldFiles: 200,
    oldBytes: 100_000_000,
    emptyFiles: 3,
    skipped: 1,
    photosCount: 400,
    photosDuplicates: 30,
    appsCount: 0,
    appsUnused: 0,
    emailCount: 0,
    emailUnread: 0,
    metadataOnly: false,
    scannedAt: new Date().toISOString(),
  };
}

let eventSeq = 0;
/** A cleanup event body with a fresh client id. */
export function cleanupEvent(prefix = "ev") {
  eventSeq += 1;
  return {
    clientId: `${prefix}-${process.pid}-${eventSeq}-${Math.random().toString(36).slice(2, 10)}`,
    category: "files",
    action: "delete",
    items: 1 + (eventSeq % 7),
    bytesFreed: 1000 * eventSeq,
  };
}

// ——— databases ———
async function pgClient(url) {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  return client;
}

/** Runs one query against a PostgreSQL URL and returns its rows. */
export async function pgQuery(url, text, params = []) {
  const client = await pgClient(url);
  try {
    return (await client.query(text, params)).rows;
  } finally {
    await client.end();
  }
}

/** A fresh database on the server of `adminUrl` (like .ci/run does); drop() removes it. */
export async function scratchDatabase(adminUrl, prefix = "cleanspace_fault") {
  const name = `${prefix}_${Date.now()}_${process.pid}`;
  await pgQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => pgQuery(adminUrl, `drop database if exists ${name} with (force)`).catch(() => {}),
  };
}

/** Opens a PGlite data directory the server has released (after it stopped). */
export async function pgliteQuery(dataDir, text) {
  const { PGlite } = await import("@electric-sql/pglite");
  const db = new PGlite(dataDir);
  try {
    return (await db.query(text)).rows;
  } finally {
    await db.close();
  }
}

function findPgBin(name) {
  const root = "/usr/lib/postgresql";
  if (existsSync(root)) {
    const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
    for (const v of versions) if (existsSync(join(root, v, "bin", name))) return join(root, v, "bin", name);
  }
  const which = spawnSync("which", [name], { encoding: "utf8" });
  return which.status === 0 ? which.stdout.trim() : null;
}

/**
 * A private PostgreSQL server in a temp directory on a free port, so a suite can stop and
 * restart it without touching the machine's shared server (other suites use that one).
 * initdb refuses to run as root, so as root it runs as the `postgres` user.
 */
export async function privatePostgres() {
  const initdb = findPgBin("initdb");
  const pgCtl = findPgBin("pg_ctl");
  if (!initdb || !pgCtl) throw new Error("initdb/pg_ctl not found: install Debian's postgresql package");
  const dir = tempDir("pg");
  const data = join(dir, "data");
  mkdirSync(data);
  const asRoot = process.getuid?.() === 0;
  const run = (bin, args) => {
    const cmd = asRoot ? "runuser" : bin;
    const full = asRoot ? ["-u", "postgres", "--", bin, ...args] : args;
    const res = spawnSync(cmd, full, { encoding: "utf8", cwd: dir });
    if (res.status !== 0) throw new Error(`${bin} ${args.join(" ")} failed: ${res.stderr || res.stdout}`);
    return res;
  };
  if (asRoot) {
    const uid = Number(spawnSync("id", ["-u", "postgres"], { encoding: "utf8" }).stdout.trim());
    const gid = Number(spawnSync("id", ["-g", "postgres"], { encoding: "utf8" }).stdout.trim());
    chownSync(dir, uid, gid);
    chownSync(data, uid, gid);
  }
  run(initdb, ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]);
  const port = await freePort();
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
  const ctlArgs = (args) => ["-D", data, "-l", join(dir, "log"), "-w", "-t", "30", ...args];
  const ctl = (...args) => run(pgCtl, ctlArgs(args));
  /** pg_ctl without blocking the event loop, so a suite's clients keep running meanwhile. */
  const ctlAsync = (...args) =>
    new Promise((resolveCtl, reject) => {
      const child = asRoot
        ? spawn("runuser", ["-u", "postgres", "--", pgCtl, ...ctlArgs(args)], { cwd: dir })
        : spawn(pgCtl, ctlArgs(args), { cwd: dir });
      child.once("error", reject);
      child.once("exit", (code) => (code === 0 ? resolveCtl() : reject(new Error(`pg_ctl ${args.at(-1)} exited with ${code}`))));
    });
  ctl("-o", opts, "start");
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    /** Fast shutdown: open connections are terminated, like a real restart. */
    stop: () => ctlAsync("-m", "fast", "stop"),
    start: () => ctlAsync("-o", opts, "start"),
    destroy() {
      try {
        ctl("-m", "immediate", "stop");
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
