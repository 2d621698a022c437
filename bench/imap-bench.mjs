// `node bench/imap-bench.mjs [--sizes 10000,50000] [--runs 3] [--cpu-prof DIR]`: how fast a
// mailbox lists, against a real Dovecot started here with generated Maildir mailboxes
// (scripts/test-support/dovecot.mjs), through the built server (`npm run build` first).
//
// Ours, as the user sees it: the page's own client code (bench/support/mail-client.mjs: the
// app's streamList and groupBySender) lists the default folders through POST /api/email/list
// and regroups the senders once per render; "first" is the first render with senders, "all"
// the final view. Sign-up and connect are outside the timing.
// The floor: the same IMAP work with none of ours, in this process on one imapflow session
// (connected outside the timing, like ours): LIST with STATUS, then per folder EXAMINE and a
// FETCH of the same fields (UID, flags, size, INTERNALDATE and the From, Subject and two
// List-Unsubscribe header fields), the messages counted and dropped.
//
// Each mailbox's mail is spread over three folders the default choice lists (INBOX 60 %,
// Archive 24 %, a nested Newsletters/Weekly 16 %). The floor reads each mailbox once cold
// (Dovecot builds its index and cache on first open) and ours once (the server compiles its
// code on its first listing), both shown apart; then `--runs` rounds alternate ours and
// the floor (the order swapping each round). Wall time and CPU time (user+sys: of the server
// process plus this process for ours, of this process for the floor, and separately of
// Dovecot's session processes) are reported as medians with the load average: a shared
// machine's wall times vary. Figures, not assertions: bench/results/imap-bench.json and .md.
// `--cpu-prof DIR` writes each server's CPU profile under DIR/<label> when it stops;
// `--variant LABEL=path/to/main.js` lists through a second build of the server in the same rounds
// (to compare designs under the same load).
// Needs root (Dovecot drops to uid 65534 for the mail) and Debian's dovecot-imapd (installed when missing).
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { ImapFlow } from "imapflow";
import { planMailbox, startDovecot } from "../scripts/test-support/dovecot.mjs";
import { loadMailClient } from "./support/mail-client.mjs";
import { startBuiltServer } from "./support/server.mjs";

const arg = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const sizes = arg("--sizes", "10000,50000").split(",").map(Number);
const warmRuns = Math.max(1, Number(arg("--runs", "3")));
const profileDir = arg("--cpu-prof", null);
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

const TICK_MS = 1000 / Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim());
/** CPU ms (user+sys) of a live process, from /proc (0 once it is gone). */
function cpuOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(f[11]) + Number(f[12])) * TICK_MS;
  } catch {
    return 0;
  }
}
/** CPU ms of every live descendant of `root` (Dovecot's session processes). */
function cpuOfDescendants(root) {
  const parent = new Map();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      parent.set(Number(name), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      // gone meanwhile
    }
  }
  let ms = 0;
  for (const [pid] of parent) {
    let p = parent.get(pid);
    while (p && p !== root && p > 1) p = parent.get(p);
    if (p === root) ms += cpuOf(pid);
  }
  return ms;
}
const ownCpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

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
const serverEnv = { RATE_LIMIT_MULTIPLIER: "1000", IMAP_ALLOW_HOSTS: "127.0.0.1", IMAP_CA_FILE: dovecot.caFile };
const profile = (label) => (profileDir ? ["--cpu-prof", `--cpu-prof-dir=${resolve(profileDir, label)}`] : []);
/** Ours, and optionally another build of the server (`--variant LABEL=path/to/main.js`) measured in the same rounds. */
const variant = arg("--variant", null);
const servers = [{ label: "ours", server: await startBuiltServer({ env: serverEnv, nodeArgs: profile("ours") }) }];
if (variant) {
  const [label, entry] = variant.split("=");
  servers.push({ label, server: await startBuiltServer({ env: serverEnv, entry: resolve(entry), nodeArgs: profile(label) }) });
}
const rows = [];

async function signUp(base, i) {
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

/** A signed-up user of `server` connected to box`n`, and the page's client code for them. */
async function pageFor(server, n, i) {
  const headers = await signUp(server.base, i);
  const connect = await fetch(`${server.base}/api/email/connect`, {
    method: "POST",
    headers,
    body: JSON.stringify({ host: "127.0.0.1", port: dovecot.port, username: `box${n}`, password: `pw-${n}` }),
  });
  if (!connect.ok) throw new Error(`connect failed: ${connect.status} ${await connect.text()}`);
  return loadMailClient(server.base, headers);
}

/** Runs `work`, adding wall time and CPU time (ours: server + this process; Dovecot's sessions apart). */
async function timed(work, server) {
  const own0 = ownCpu();
  const server0 = server ? cpuOf(server.pid) : 0;
  const imap0 = cpuOfDescendants(dovecot.pid);
  const r = await work();
  const serverCpu = server ? cpuOf(server.pid) - server0 : 0;
  const cpu = ownCpu() - own0 + serverCpu;
  return { ...r, cpu, serverCpu, imapCpu: cpuOfDescendants(dovecot.pid) - imap0, load: load() };
}

/** The floor: the same IMAP commands as ours on one imapflow session, the messages counted and dropped. */
async function floor(client) {
  const started = performance.now();
  let first = null;
  let messages = 0;
  await client.list({ statusQuery: { messages: true, unseen: true } });
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
    const pages = [];
    for (const { label, server } of servers) pages.push({ label, server, page: await pageFor(server, n, i) });
    const client = new ImapFlow({
      host: "127.0.0.1",
      port: dovecot.port,
      secure: true,
      auth: { user: `box${n}`, pass: `pw-${n}` },
      tls: { ca: readFileSync(dovecot.caFile) },
      logger: false,
    });
    await client.connect();
    const mailbox = `${n.toLocaleString("en-US")} in ${FOLDERS.length} folders`;
    const row = (what, r) => ({
      mailbox,
      what,
      "first (ms)": Math.round(r.first),
      "all (ms)": Math.round(r.ms),
      "CPU node (ms)": Math.round(r.cpu),
      "of it server": r.serverCpu ? Math.round(r.serverCpu) : "",
      "CPU dovecot (ms)": Math.round(r.imapCpu),
      "stream (KB)": r.bytes ? Math.round(r.bytes / 1024) : "",
      "load avg (1/5/15 min)": r.load,
    });
    const check = (r) => {
      if (r.messages !== n) throw new Error(`listed ${r.messages} of ${n}`);
      return r;
    };
    rows.push(row("floor, cold (Dovecot builds its index)", check(await timed(() => floor(client), null))));
    // A server's first listing also compiles its code: shown apart, as the floor's cold read is.
    for (const { label, server, page } of pages)
      rows.push(row(`${label}, first listing since the server started`, check(await timed(() => page.listAsThePageDoes(), server))));
    const runs = new Map([["floor", []], ...pages.map((p) => [p.label, []])]);
    const contenders = [
      { label: "floor", run: () => timed(() => floor(client), null) },
      ...pages.map(({ label, server, page }) => ({ label, run: () => timed(() => page.listAsThePageDoes(), server) })),
    ];
    for (let r = 0; r < warmRuns; r++) {
      // Each round starts with a different contender, so none always runs first or last.
      for (let k = 0; k < contenders.length; k++) {
        const c = contenders[(r + k) % contenders.length];
        runs.get(c.label).push(check(await c.run()));
      }
    }
    const mid = (xs) => ({
      ...xs.find((x) => x.ms === median(xs.map((w) => w.ms))),
      first: median(xs.map((w) => w.first)),
      cpu: median(xs.map((w) => w.cpu)),
      serverCpu: median(xs.map((w) => w.serverCpu)),
      imapCpu: median(xs.map((w) => w.imapCpu)),
    });
    const bare = runs.get("floor");
    const f = mid(bare);
    rows.push(row(`floor, warm (median of ${warmRuns})`, f));
    for (const { label } of pages) {
      const ours = runs.get(label);
      const o = mid(ours);
      rows.push(row(`${label}, warm (median of ${warmRuns})`, o));
      rows.push({
        mailbox,
        what: `${label} ÷ floor`,
        "all (ms)": (o.ms / f.ms).toFixed(2),
        "CPU node (ms)": (o.cpu / f.cpu).toFixed(2),
        "CPU dovecot (ms)": (o.imapCpu / f.imapCpu).toFixed(2),
      });
      rows.push({
        mailbox,
        what: `each round: ${label} ÷ floor; first senders`,
        "all (ms)": ours.map((x, r) => (x.ms / bare[r].ms).toFixed(2)).join(" "),
        "first (ms)": ours.map((x) => Math.round(x.first)).join(" "),
        "CPU node (ms)": ours.map((x, r) => (x.cpu / bare[r].cpu).toFixed(2)).join(" "),
      });
    }
    await client.logout();
  }
} finally {
  for (const { server } of servers) await server.stop();
  await dovecot.stop();
}
const intro = [
  `Generated ${sizes.map((n) => n.toLocaleString("en-US")).join(" + ")} messages as Maildir and started Dovecot in ${Math.round(generation)} ms.`,
  "Ours: the page's streamList and sender grouping through POST /api/email/list on the built server; floor: the same IMAP commands on bare imapflow; Dovecot on loopback over TLS.",
];
console.log(intro.join("\n"));
console.table(rows);
mkdirSync("bench/results", { recursive: true });
const at = new Date().toISOString();
writeFileSync("bench/results/imap-bench.json", `${JSON.stringify({ at, sizes, warmRuns, rows }, null, 2)}\n`);
const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
const md = [
  `# IMAP listing: ours against the floor (${at})`,
  "",
  ...intro,
  "",
  `| ${columns.join(" | ")} |`,
  `| ${columns.map(() => "---").join(" | ")} |`,
  ...rows.map((r) => `| ${columns.map((c) => r[c] ?? "").join(" | ")} |`),
  "",
];
writeFileSync("bench/results/imap-bench.md", md.join("\n"));
console.log("Written to bench/results/imap-bench.json and .md");
