// `node bench/imap-bench.mjs [--sizes 10000,50000] [--runs 3]`: how fast a mailbox lists, against
// a real Dovecot started here with generated Maildir mailboxes (scripts/test-support/dovecot.mjs),
// through the built server (`npm run build` first), and against a floor: a bare imapflow fetch
// of the same fields (UID, flags, size, INTERNALDATE and the From, Subject and two
// List-Unsubscribe header fields) of the same folders on the same Dovecot, with nothing done
// with them. Each mailbox's mail is spread over three folders the default choice lists (INBOX
// 60 %, Archive 24 %, a nested Newsletters/Weekly 16 %). Ours: POST /api/email/list end to end
// (sign-up and connect outside the timing), to the first batch and to the last line. Each size
// is fetched once cold (Dovecot builds its index and cache on first open; by the floor, so our
// runs and the floor's all read warm), then `--runs` times each warm, alternating, reported as
// medians with the load average beside them (a shared machine's figures vary). Figures, not
// assertions; written to bench/results/imap-bench.json.
// Needs root (Dovecot drops to uid 65534 for the mail) and Debian's dovecot-imapd (installed when missing).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { ImapFlow } from "imapflow";
import { planMailbox, startDovecot } from "../scripts/test-support/dovecot.mjs";
import { startBuiltServer } from "./support/server.mjs";

const arg = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const sizes = arg("--sizes", "10000,50000").split(",").map(Number);
const warmRuns = Math.max(1, Number(arg("--runs", "3")));
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const FOLDERS = [
  ["INBOX", 0.6],
  ["Archive", 0.24],
  ["Newsletters/Weekly", 0.16],
];
const FIELDS = ["from", "subject", "list-unsubscribe", "list-unsubscribe-post"];

let t = performance.now();
const users = sizes.map((n) => {
  const all = planMailbox({ messages: n, senders: 400, largeEvery: 2000, seed: n });
  const parts = {};
  let at = 0;
  for (const [i, [path, share]] of FOLDERS.entries()) {
    const count = i === FOLDERS.length - 1 ? n - at : Math.round(n * share);
    parts[path] = all.slice(at, at + count);
    at += count;
  }
  const { INBOX, ...folders } = parts;
  return { name: `box${n}`, password: `pw-${n}`, messages: INBOX, folders };
});
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

/** Ours: POST /api/email/list (the default folders) read to the end. */
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
  return { ms: performance.now() - started, first: firstBatch, messages, bytes };
}

/** The floor: one imapflow session (connected outside the timing) fetching the same fields of the same folders. */
async function floor(client) {
  const started = performance.now();
  let first = null;
  let messages = 0;
  for (const [path] of FOLDERS) {
    const lock = await client.getMailboxLock(path, { readOnly: true });
    try {
      for await (const m of client.fetch("1:*", { uid: true, flags: true, size: true, internalDate: true, headers: FIELDS })) {
        first ??= performance.now() - started;
        if (m.uid) messages++;
      }
    } finally {
      lock.release();
    }
  }
  return { ms: performance.now() - started, first, messages, bytes: 0 };
}

try {
  for (const [i, n] of sizes.entries()) {
    const headers = await signUp(i);
    const connect = await fetch(`${base}/api/email/connect`, {
      method: "POST",
      headers,
      body: JSON.stringify({ host: "127.0.0.1", port: dovecot.port, username: `box${n}`, password: `pw-${n}` }),
    });
    if (!connect.ok) throw new Error(`connect failed: ${connect.status} ${await connect.text()}`);
    const client = new ImapFlow({
      host: "127.0.0.1",
      port: dovecot.port,
      secure: true,
      auth: { user: `box${n}`, pass: `pw-${n}` },
      tls: { ca: readFileSync(dovecot.caFile) },
      logger: false,
    });
    await client.connect();
    const row = (what, r) => ({
      mailbox: `${n.toLocaleString("en-US")} in ${FOLDERS.length} folders`,
      what,
      "first (ms)": Math.round(r.first),
      "all (ms)": Math.round(r.ms),
      "messages/s": Math.round((r.messages / r.ms) * 1000).toLocaleString("en-US"),
      "stream (KB)": r.bytes ? Math.round(r.bytes / 1024) : "",
      "load avg (1/5/15 min)": load(),
    });
    const check = (r) => {
      if (r.messages !== n) throw new Error(`listed ${r.messages} of ${n}`);
      return r;
    };
    rows.push(row("floor, cold (Dovecot builds its index)", check(await floor(client))));
    const ours = [];
    const bare = [];
    for (let r = 0; r < warmRuns; r++) {
      ours.push(check(await list(headers)));
      bare.push(check(await floor(client)));
    }
    const mid = (runs) => runs.find((x) => x.ms === median(runs.map((w) => w.ms)));
    const o = mid(ours);
    const f = mid(bare);
    rows.push(row(`floor, warm (median of ${warmRuns})`, f));
    rows.push(row(`ours, warm (median of ${warmRuns})`, o));
    rows.push({ mailbox: rows.at(-1).mailbox, what: "ours ÷ floor", "all (ms)": (o.ms / f.ms).toFixed(2) });
    await client.logout();
  }
} finally {
  await server.stop();
  await dovecot.stop();
}
console.log(
  `Generated ${sizes.map((n) => n.toLocaleString("en-US")).join(" + ")} messages as Maildir and started Dovecot in ${Math.round(generation)} ms.`,
);
console.log(
  "Ours: POST /api/email/list through the built server; floor: bare imapflow, same fields and folders; Dovecot on loopback over TLS:",
);
console.table(rows);
mkdirSync("bench/results", { recursive: true });
writeFileSync("bench/results/imap-bench.json", `${JSON.stringify({ at: new Date().toISOString(), sizes, warmRuns, rows }, null, 2)}\n`);
console.log("Written to bench/results/imap-bench.json");
