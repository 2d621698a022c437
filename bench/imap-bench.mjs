// `node bench/imap-bench.mjs [--sizes 10000,50000] [--runs 3]`: how fast a mailbox lists, against
// a real Dovecot started here with generated Maildir mailboxes (scripts/test-support/dovecot.mjs),
// through the built server (`npm run build` first): sign up, connect over TLS, then time
// POST /api/email/list end to end (server fetches ENVELOPE, size, flags, date and the
// List-Unsubscribe fields in one batched FETCH and streams NDJSON). Each size is listed once
// cold (Dovecot builds its index on first open), then `--runs` times warm, reported as the
// median, with the load average beside it (a shared machine's figures vary). Figures, not assertions.
// Needs root (Dovecot drops to uid 65534 for the mail) and Debian's dovecot-imapd (installed when missing).
import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { planMailbox, startDovecot } from "../scripts/test-support/dovecot.mjs";
import { startBuiltServer } from "./support/server.mjs";

const at = process.argv.indexOf("--sizes");
const sizes = (at > 0 ? process.argv[at + 1] : "10000,50000").split(",").map(Number);
const runsAt = process.argv.indexOf("--runs");
const warmRuns = Math.max(1, runsAt > 0 ? Number(process.argv[runsAt + 1]) : 3);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

let t = performance.now();
const users = sizes.map((n) => ({
  name: `box${n}`,
  password: `pw-${n}`,
  messages: planMailbox({ messages: n, senders: 400, largeEvery: 2000, seed: n }),
}));
const dovecot = await startDovecot({ users });
const generation = performance.now() - t;
const server = await startBuiltServer({
  env: { RATE_LIMIT_MULTIPLIER: "1000", IMAP_ALLOW_HOSTS: "127.0.0.1", IMAP_CA_FILE: dovecot.caFile },
});
const { base } = server;
const rows = [];

async function signUp(i) {
  const res = await fetch(`${base}/api/users`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ name: "Bench", email: `imap.${Date.now()}.${i}@example.com`, password: "correct horse battery staple" }),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c.startsWith("cs_session="));
  if (!cookie) throw new Error(`registration failed: ${res.status}`);
  return { cookie, origin: base, "content-type": "application/json" };
}

async function list(headers) {
  const started = performance.now();
  const res = await fetch(`${base}/api/email/list`, { method: "POST", headers, body: "{}" });
  if (!res.ok) throw new Error(`list failed: ${res.status} ${await res.text()}`);
  let firstBatch = null;
  let messages = 0;
  let bytes = 0;
  let tail = "";
  const decoder = new TextDecoder();
  for await (const chunk of res.body) {
    bytes += chunk.length;
    tail += decoder.decode(chunk, { stream: true });
    let nl;
    while ((nl = tail.indexOf("\n")) >= 0) {
      const line = JSON.parse(tail.slice(0, nl));
      tail = tail.slice(nl + 1);
      if (line.t === "batch") {
        firstBatch ??= performance.now() - started;
        messages += line.messages.length;
      } else if (line.t === "error") throw new Error(line.error);
    }
  }
  return { ms: performance.now() - started, firstBatch, messages, bytes };
}

try {
  for (const [i, n] of sizes.entries()) {
    const headers = await signUp(i);
    t = performance.now();
    const connect = await fetch(`${base}/api/email/connect`, {
      method: "POST",
      headers,
      body: JSON.stringify({ host: "127.0.0.1", port: dovecot.port, username: `box${n}`, password: `pw-${n}` }),
    });
    if (!connect.ok) throw new Error(`connect failed: ${connect.status} ${await connect.text()}`);
    const connectMs = performance.now() - t;
    const row = (pass, r, loadNow) => ({
      mailbox: n.toLocaleString("en-US"),
      pass,
      "connect (ms)": pass === "cold" ? Math.round(connectMs) : "",
      "first batch (ms)": Math.round(r.firstBatch),
      "listed in (ms)": Math.round(r.ms),
      "messages/s": Math.round((r.messages / r.ms) * 1000).toLocaleString("en-US"),
      "stream (KB)": Math.round(r.bytes / 1024),
      "load avg (1/5/15 min)": loadNow,
    });
    const cold = await list(headers);
    if (cold.messages !== n) throw new Error(`listed ${cold.messages} of ${n}`);
    rows.push(row("cold", cold, load()));
    const warm = [];
    for (let r = 0; r < warmRuns; r++) {
      const w = await list(headers);
      if (w.messages !== n) throw new Error(`listed ${w.messages} of ${n}`);
      warm.push(w);
    }
    const mid = median(warm.map((w) => w.ms));
    const w = warm.find((x) => x.ms === mid);
    rows.push(row(`warm, median of ${warmRuns}`, w, load()));
  }
} finally {
  await server.stop();
  await dovecot.stop();
}
console.log(
  `Generated ${sizes.map((n) => n.toLocaleString("en-US")).join(" + ")} messages as Maildir and started Dovecot in ${Math.round(generation)} ms.`,
);
console.log("POST /api/email/list through the built server, Dovecot on loopback over TLS:");
console.table(rows);
