// Fault: the server is killed with SIGKILL while a client streams cleanup events.
// Every event the server acknowledged (2xx) must be there after the restart exactly once,
// and the client's retries of unacknowledged events must not create a second copy.
// Runs on PGlite (a temp DATA_DIR) and, when DATABASE_URL is set, on a scratch PostgreSQL
// database beside it.
import { rmSync } from "node:fs";
import {
  cleanupEvent,
  ensureBuilt,
  expect,
  finish,
  log,
  pgliteQuery,
  pgQuery,
  registerUser,
  scratchDatabase,
  sleep,
  startServer,
  tempDir,
} from "./harness.mjs";

const WORKERS = 8;
/** The kill comes once this many events were acknowledged (or after STREAM_MAX_MS on a slow machine). */
const KILL_AFTER_ACKS = 60;
const STREAM_MAX_MS = 30_000;

/** Streams events from WORKERS concurrent loops until `stop()`; tracks what was acknowledged. */
function stream(client) {
  const events = new Map(); // clientId → { body, state: "in-flight" | "acked" | "failed" }
  let running = true;
  const loop = async () => {
    while (running) {
      const body = cleanupEvent("k9");
      events.set(body.clientId, { body, state: "in-flight" });
      try {
        const res = await client.request("POST", "/api/cleanup-events", body, { timeoutMs: 5000 });
        events.get(body.clientId).state = res.status >= 200 && res.status < 300 ? "acked" : "failed";
      } catch {
        events.get(body.clientId).state = "failed";
        await sleep(20);
      }
    }
  };
  const loops = Array.from({ length: WORKERS }, loop);
  return {
    events,
    acked: () => [...events.values()].filter((e) => e.state === "acked").length,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

async function exportedCounts(session, userId, label) {
  // Export is a POST (a GET must not write the history row).
  const exported = await session.request("POST", `/api/users/${userId}/export`, {});
  expect(exported.status === 200, `${label}: export answers 200`);
  const events = exported.json?.events ?? [];
  const counts = new Map();
  const byId = new Map();
  for (const ev of events) {
    counts.set(ev.clientId, (counts.get(ev.clientId) ?? 0) + 1);
    byId.set(ev.clientId, ev);
  }
  return { counts, byId, doubled: [...counts.values()].filter((n) => n > 1).length };
}

/** One run against one database: `restart()` starts the server again on the same data. */
async function scenario(label, start, countDuplicates) {
  log(`${label}: starting the server`);
  const t0 = Date.now();
  let server = await start();
  log(`${label}: healthy after ${((Date.now() - t0) / 1000).toFixed(1)} s; registering and streaming`);
  const { client, userId } = await registerUser(server.base, "k9");
  const streamer = stream(client);
  const tStream = Date.now();
  while (streamer.acked() < KILL_AFTER_ACKS && Date.now() - tStream < STREAM_MAX_MS) await sleep(25);
  const ackedBeforeKill = streamer.acked();
  log(`${label}: kill -9 with ${ackedBeforeKill} events acknowledged so far`);
  const killed = await server.kill9();
  await streamer.stop();
  expect(killed.signal === "SIGKILL", `${label}: server died by SIGKILL`);

  const all = [...streamer.events.values()];
  const acked = all.filter((e) => e.state === "acked");
  const unacked = all.filter((e) => e.state !== "acked");
  log(`${label}: ${acked.length} acknowledged, ${unacked.length} unacknowledged (in flight or refused at the kill)`);
  expect(acked.length >= 20, `${label}: the client streamed a meaningful number of events (${acked.length} acknowledged)`);

  log(`${label}: restarting on the same data`);
  server = await start();
  const session = client.on(server.base);
  expect((await session.request("GET", "/api/auth/me")).status === 200, `${label}: the session survives the restart`);

  // First, before any retry could mask a loss: every acknowledged event is stored, once.
  const before = await exportedCounts(session, userId, label);
  const missing = acked.filter((e) => !before.counts.has(e.body.clientId));
  const wrongFields = acked.filter((e) => {
    const got = before.byId.get(e.body.clientId);
    return got && (got.items !== e.body.items || got.bytesFreed !== e.body.bytesFreed);
  });
  expect(missing.length === 0, `${label}: every acknowledged event survived the kill (${acked.length - missing.length}/${acked.length})`);
  expect(before.doubled === 0, `${label}: no event is stored twice (${before.doubled} duplicated client ids)`);
  expect(wrongFields.length === 0, `${label}: stored events carry the acknowledged items and bytes`);
  const committedUnacked = unacked.filter((e) => before.counts.has(e.body.clientId)).length;
  log(`${label}: ${committedUnacked} unacknowledged events had been committed before the kill`);

  // Then the client retries what it never saw acknowledged, and re-sends some acknowledged ones.
  const resend = [...unacked, ...acked.slice(0, 20)];
  let resentOk = 0;
  let recordedTwice = 0;
  for (const e of resend) {
    const res = await session.request("POST", "/api/cleanup-events", e.body);
    if (res.status === 200) resentOk++;
    if (res.json?.recorded && (e.state === "acked" || before.counts.has(e.body.clientId))) recordedTwice++;
  }
  expect(resentOk === resend.length, `${label}: all ${resend.length} retries answered 200 (${resentOk})`);
  expect(recordedTwice === 0, `${label}: re-sending an already stored event records nothing new (${recordedTwice} recorded again)`);
  const after = await exportedCounts(session, userId, label);
  expect(after.doubled === 0, `${label}: still no event stored twice after the retries`);
  expect(
    after.counts.size === all.length,
    `${label}: after the retries every streamed event is stored once (${after.counts.size}/${all.length})`,
  );

  await server.stop();
  const dup = await countDuplicates();
  expect(dup === 0, `${label}: the database itself holds no duplicate (user, client id) rows (${dup})`);
  return { acked: acked.length, unacked: unacked.length, committedUnacked };
}

ensureBuilt();
const results = {};

// PGlite: the embedded database in a temp data directory.
const dataDir = tempDir("k9");
try {
  results.pglite = await scenario(
    "PGlite",
    () => startServer({ env: { DATA_DIR: dataDir, RATE_LIMIT_MULTIPLIER: "100" }, label: "pglite" }),
    async () => {
      const rows = await pgliteQuery(
        dataDir,
        "select count(*)::int as n from (select 1 from cleanup_events group by user_id, client_id having count(*) > 1) d",
      );
      return rows[0].n;
    },
  );
} catch (err) {
  expect(false, `PGlite scenario ran to the end (${err.message})`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

// PostgreSQL: a scratch database on DATABASE_URL's server.
if (process.env.DATABASE_URL) {
  const db = await scratchDatabase(process.env.DATABASE_URL, "cleanspace_fault_k9");
  try {
    results.postgres = await scenario(
      "PostgreSQL",
      () => startServer({ env: { DATABASE_URL: db.url, RATE_LIMIT_MULTIPLIER: "100" }, label: "postgres" }),
      async () => {
        const rows = await pgQuery(
          db.url,
          "select count(*)::int as n from (select 1 from cleanup_events group by user_id, client_id having count(*) > 1) d",
        );
        return rows[0].n;
      },
    );
  } catch (err) {
    expect(false, `PostgreSQL scenario ran to the end (${err.message})`);
  } finally {
    await db.drop();
  }
} else {
  console.log("\nDATABASE_URL is not set: PostgreSQL scenario skipped (PGlite only).");
}

console.log(`\nfigures: ${JSON.stringify(results)}`);
finish("kill -9 during a stream of cleanup events");
