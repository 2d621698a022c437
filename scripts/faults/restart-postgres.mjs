// Fault: PostgreSQL goes away under load and comes back. While it is down every request
// must fail fast with 503 (none may hang past 5 s), and once it is back the app must serve
// again by itself — no restart of the app process.
// The suite runs its own throw-away PostgreSQL server (initdb in a temp directory) and
// restarts that one: stopping the machine's shared server would break whatever else is
// using it (CI's own database, other test runs).
import {
  ensureBuilt,
  expect,
  finish,
  log,
  privatePostgres,
  registerUser,
  cleanupEvent,
  sampleSummary,
  sleep,
  startServer,
} from "./harness.mjs";

const WORKERS = 16;
const HANG_LIMIT_MS = 5000;
const DOWN_MS = 4000;

ensureBuilt();
const pg = await privatePostgres();
log(`private PostgreSQL on port ${pg.port}`);
let server;
try {
  server = await startServer({ env: { DATABASE_URL: pg.url, RATE_LIMIT_MULTIPLIER: "100" }, label: "app" });
  const { client, userId } = await registerUser(server.base, "pgrestart");
  expect(
    (await client.request("POST", "/api/real-data/scan", { userId, summary: sampleSummary() })).status === 200,
    "a scan summary is stored before the fault",
  );

  /** Every request: when it started, how long it took, what it answered. */
  const samples = [];
  let running = true;
  const loop = async (i) => {
    while (running) {
      const started = Date.now();
      let status;
      let body;
      let retryAfter;
      try {
        const res =
          i % 2 === 0
            ? await client.request("GET", `/api/digital-data/${userId}`, undefined, { timeoutMs: 15_000 })
            : await client.request("POST", "/api/cleanup-events", cleanupEvent("pgr"), { timeoutMs: 15_000 });
        status = res.status;
        body = res.json;
        retryAfter = res.headers.get("retry-after");
      } catch (err) {
        status = err.name === "TimeoutError" ? "timeout" : "network";
      }
      samples.push({ started, ms: Date.now() - started, status, body, retryAfter });
      if (status !== 200) await sleep(50);
    }
  };
  const loops = Array.from({ length: WORKERS }, (_, i) => loop(i));

  await sleep(3000);
  const tStop = Date.now();
  log("stopping PostgreSQL (fast shutdown: open connections are cut)");
  await pg.stop();
  const tDown = Date.now();
  await sleep(DOWN_MS);
  log("starting PostgreSQL again");
  const tBack = Date.now();
  await pg.start();
  log(`PostgreSQL accepts connections again after ${Date.now() - tBack} ms`);
  // Keep the load on until requests have succeeded for a while, or give up after 30 s.
  let recoveredAt = null;
  while (Date.now() - tBack < 30_000) {
    await sleep(500);
    const recent = samples.filter((s) => s.started > Date.now() - 3000 && s.started > tBack);
    if (recent.length > 20 && recent.every((s) => s.status === 200)) {
      recoveredAt = Math.min(...recent.map((s) => s.started));
      break;
    }
  }
  await sleep(1000);
  running = false;
  await Promise.all(loops);

  const before = samples.filter((s) => s.started + s.ms < tStop);
  const during = samples.filter((s) => s.started >= tDown && s.started < tBack);
  const around = samples.filter((s) => s.started >= tStop - 1000);
  const failed = around.filter((s) => s.status !== 200);
  const slowest = Math.max(...samples.map((s) => s.ms));
  const tally = (list) =>
    Object.entries(list.reduce((m, s) => ({ ...m, [s.status]: (m[s.status] ?? 0) + 1 }), {}))
      .map(([k, v]) => `${k}×${v}`)
      .join(" ");
  log(`before: ${tally(before)} · while down: ${tally(during)} · all: ${samples.length} requests, slowest ${slowest} ms`);

  expect(before.length > 0 && before.every((s) => s.status === 200), `before the fault every request succeeds (${tally(before)})`);
  expect(
    during.filter((s) => s.status === 503).length > 0,
    `while PostgreSQL is down requests get 503 (${during.filter((s) => s.status === 503).length})`,
  );
  expect(
    failed.every((s) => s.status === 503),
    `every failed request is a 503, no 500 or dropped connection (${tally(failed)})`,
  );
  expect(
    failed.every((s) => s.body?.error === "Service temporarily unavailable"),
    "every 503 carries the JSON error 'Service temporarily unavailable'",
  );
  expect(
    failed.every((s) => Number(s.retryAfter) > 0),
    "every 503 says when to retry (Retry-After)",
  );
  expect(
    samples.filter((s) => s.started > (recoveredAt ?? Infinity)).every((s) => s.status === 200),
    "after recovery every request succeeds",
  );
  const hung = samples.filter((s) => s.ms > HANG_LIMIT_MS);
  expect(hung.length === 0, `no request took longer than ${HANG_LIMIT_MS} ms (slowest ${slowest} ms; ${hung.length} over)`);
  const slowest503 = Math.max(0, ...failed.map((s) => s.ms));
  log(`slowest 503: ${slowest503} ms`);
  expect(
    recoveredAt !== null,
    `the app serves again by itself once PostgreSQL is back${recoveredAt ? ` (${((recoveredAt - tBack) / 1000).toFixed(1)} s after the start)` : ""}`,
  );
  expect(server.child.exitCode === null, "the app process never exited");
  const health = await client.request("GET", "/api/health");
  expect(health.status === 200 && health.json?.database === "postgres", "GET /api/health answers ok again");
  expect(
    (await client.request("GET", `/api/digital-data/${userId}`)).json?.summary?.totalFiles > 0,
    "data written before the fault is still served",
  );
  console.log(
    `\nfigures: ${JSON.stringify({ requests: samples.length, whileDown: during.length, status503: failed.length, slowestMs: slowest, slowest503Ms: slowest503, recoveredAfterMs: recoveredAt ? recoveredAt - tBack : null })}`,
  );
} catch (err) {
  expect(false, `the suite ran to the end (${err.message})`);
} finally {
  await server?.stop();
  pg.destroy();
}
finish("PostgreSQL restart under load");
