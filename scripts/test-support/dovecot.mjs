// A real IMAP server for the e-mail tests and the IMAP benchmark: Debian's Dovecot,
// run with its own configuration in a scratch directory, listening on a free loopback port over
// TLS with a self-signed certificate made at start. The mailboxes are Maildir files written
// directly (far faster than appending over IMAP), so thousands of messages take about a second.
// Nothing here touches the system's Dovecot: no /etc config, no port 143/993, no system service.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

const DOVECOT = process.env.DOVECOT_PATH ?? "/usr/sbin/dovecot";
const DOVEADM = join(DOVECOT, "..", "..", "bin", "doveadm");
/** Mail files belong to this uid: Dovecot refuses to serve mail as root. */
const MAIL_UID = 65534;
const MAIL_GID = 65534;

/** Installs Debian's dovecot-imapd when missing and we are root (as scripts/test.mjs does for Chromium). */
export function ensureDovecot() {
  if (existsSync(DOVECOT)) return;
  if (process.getuid?.() !== 0)
    throw new Error(`Dovecot not found at ${DOVECOT}. Install Debian's package: sudo apt-get install -y dovecot-imapd`);
  const res = spawnSync("bash", ["-c", "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq dovecot-imapd"], {
    stdio: "inherit",
  });
  if (res.status !== 0 || !existsSync(DOVECOT)) throw new Error("installing dovecot-imapd failed");
  // The package may start a system daemon on 143/993; the tests never use it.
  spawnSync("bash", ["-c", "(systemctl stop dovecot || service dovecot stop) >/dev/null 2>&1"], { stdio: "ignore" });
}

/** A free loopback TCP port. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

const SENDER_DOMAINS = [
  "shop.example",
  "news.example",
  "bank.example",
  "friends.example",
  "work.example",
  "travel.example",
  "social.example",
];

/** A deterministic pseudo-random generator (mulberry32), so every run builds the same mailbox. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The messages of a generated mailbox. Sender i gets a Zipf-like share, so a few senders hold
 * most mail (as in real inboxes). Every 4th sender is a newsletter: even ones offer RFC 8058
 * one-click (List-Unsubscribe-Post with an https/http URL), odd ones only a mailto link.
 */
export function planMailbox({ messages, senders = 60, unsubscribeBase = "https://unsubscribe.example", largeEvery = 0, seed = 21 }) {
  const rand = rng(seed);
  const weights = Array.from({ length: senders }, (_, i) => 1 / (i + 1));
  const total = weights.reduce((a, b) => a + b, 0);
  const cumulative = [];
  let acc = 0;
  for (const w of weights) cumulative.push((acc += w / total));
  const now = Date.now();
  const out = [];
  for (let n = 0; n < messages; n++) {
    const r = rand();
    let s = cumulative.findIndex((c) => r <= c);
    if (s < 0) s = senders - 1;
    // Each sender appears at least once: the first `senders` messages go one to each.
    if (n < senders) s = n;
    const newsletter = s % 4 === 0;
    const oneClick = newsletter && s % 8 === 0;
    const ageDays = Math.floor(rand() * 900);
    out.push({
      sender: s,
      from: `"Sender ${s}" <sender${s}@${SENDER_DOMAINS[s % SENDER_DOMAINS.length]}>`,
      address: `sender${s}@${SENDER_DOMAINS[s % SENDER_DOMAINS.length]}`,
      subject: `${newsletter ? "Newsletter" : "Message"} ${n} from sender ${s}`,
      date: new Date(now - ageDays * 86_400_000 - Math.floor(rand() * 86_400_000)),
      seen: rand() < 0.6,
      large: largeEvery > 0 && n % largeEvery === largeEvery - 1,
      listUnsubscribe: newsletter
        ? oneClick
          ? `<${unsubscribeBase}/u/${s}>, <mailto:leave-${s}@lists.example>`
          : `<mailto:leave-${s}@lists.example?subject=unsubscribe>`
        : null,
      oneClick,
    });
  }
  return out;
}

function rfc822(m, n) {
  const head = [
    // `from: null` writes no From header at all (the server's ENVELOPE then has none either).
    ...(m.from === null ? [] : [`From: ${m.from}`]),
    `To: user@example.com`,
    `Subject: ${m.subject}`,
    `Date: ${m.date.toUTCString().replace("GMT", "+0000")}`,
    `Message-ID: <gen-${n}@cleanspace.test>`,
    "MIME-Version: 1.0",
  ];
  if (m.listUnsubscribe) head.push(`List-Unsubscribe: ${m.listUnsubscribe}`);
  if (m.oneClick) head.push("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  if (!m.large) return `${head.join("\r\n")}\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nHello, this is message ${n}.\r\n`;
  // A ~1.5 MB attachment: a large message the "large" view must find. Never fetched by the app.
  const chunk = Buffer.alloc(57, 0x41 + (n % 26)).toString("base64");
  const body = Array.from({ length: 27_000 }, () => chunk).join("\r\n");
  return [
    ...head,
    'Content-Type: multipart/mixed; boundary="b1"',
    "",
    "--b1",
    "Content-Type: text/plain; charset=utf-8",
    "",
    `See the attachment of message ${n}.`,
    "--b1",
    'Content-Type: application/octet-stream; name="big.bin"',
    "Content-Transfer-Encoding: base64",
    "",
    body,
    "--b1--",
    "",
  ].join("\r\n");
}

/** Maildir++ directory of a folder path ("Newsletters/Weekly" → ".Newsletters.Weekly"); INBOX is the root. */
const folderDir = (root, path) => (path.toUpperCase() === "INBOX" ? root : join(root, `.${path.split("/").join(".")}`));

/**
 * Writes the planned messages into <home>/Maildir (cur/, with Maildir flags and mtimes as
 * dates): `planned` into INBOX, `folders` ({ "Archive": [...], "Newsletters/Weekly": [...] })
 * into those folders (created when missing).
 */
export function writeMaildir(home, planned, folders = {}) {
  const root = join(home, "Maildir");
  const all = { INBOX: planned, ...folders };
  const names = new Set(["Trash", "Archive", "Junk", "Sent", ...Object.keys(folders).filter((f) => f.toUpperCase() !== "INBOX")]);
  for (const name of ["INBOX", ...names])
    for (const d of ["cur", "new", "tmp"]) mkdirSync(join(folderDir(root, name), d), { recursive: true });
  writeFileSync(join(root, "subscriptions"), `${[...names].join("\n")}\n`);
  const base = Math.floor(Date.now() / 1000);
  let n = 0;
  for (const [path, messages] of Object.entries(all)) {
    for (const m of messages) {
      const text = rfc822(m, n);
      const size = Buffer.byteLength(text);
      const file = join(folderDir(root, path), "cur", `${base}.M${n}P1.cleanspace,S=${size}:2,${m.seen ? "S" : ""}`);
      writeFileSync(file, text);
      // Dovecot takes a Maildir message's received date (INTERNALDATE) from its mtime.
      const secs = m.date.getTime() / 1000;
      utimesSync(file, secs, secs);
      n++;
    }
  }
}

/**
 * Renumbers a folder as a server migration or a mailbox rebuild does: a new UIDVALIDITY, and
 * the same UIDs now naming other messages (assigned in reverse order). Rewrites Dovecot's
 * dovecot-uidlist and removes the folder's index files, so Dovecot rebuilds them from it.
 * Returns the new UIDVALIDITY.
 */
export function renumberFolder(home, path) {
  const dir = folderDir(join(home, "Maildir"), path);
  const uidlist = join(dir, "dovecot-uidlist");
  const lines = readFileSync(uidlist, "utf8").split("\n").filter(Boolean);
  const header = lines[0].split(" ");
  const old = Number(header.find((h) => h.startsWith("V")).slice(1));
  const entries = lines.slice(1).map((l) => {
    const at = l.indexOf(":");
    return { uid: Number(l.slice(0, l.indexOf(" "))), file: l.slice(at + 1) };
  });
  const uids = entries.map((e) => e.uid).sort((a, b) => a - b);
  const next = (uids.at(-1) ?? 0) + 1;
  const fresh = old + 1000;
  const body = entries
    .slice()
    .reverse()
    .map((e, i) => `${uids[i]} :${e.file}`);
  const rest = header.filter((h) => !/^[VN]/.test(h));
  // A new file (new inode) and a touched cur/: Dovecot notices both even with maildir_very_dirty_syncs.
  writeFileSync(`${uidlist}.new`, `${[rest[0], `V${fresh}`, `N${next}`, ...rest.slice(1)].join(" ")}\n${body.join("\n")}\n`);
  for (const f of ["dovecot.index", "dovecot.index.cache", "dovecot.index.log", "dovecot.index.log.2"])
    rmSync(join(dir, f), { force: true });
  execFileSync("chown", ["-R", `${MAIL_UID}:${MAIL_GID}`, dir]);
  renameSync(`${uidlist}.new`, uidlist);
  const later = new Date(Date.now() + 2_000);
  utimesSync(join(dir, "cur"), later, later);
  return fresh;
}

function chownTree(path) {
  execFileSync("chown", ["-R", `${MAIL_UID}:${MAIL_GID}`, path]);
}

/** A self-signed certificate for 127.0.0.1 and localhost; the client trusts it as its test CA. */
function makeCertificate(dir) {
  const key = join(dir, "key.pem");
  const cert = join(dir, "cert.pem");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-days",
      "2",
      "-subj",
      "/CN=localhost",
      "-addext",
      "subjectAltName=DNS:localhost,IP:127.0.0.1",
      "-keyout",
      key,
      "-out",
      cert,
    ],
    { stdio: "ignore" },
  );
  return { key, cert };
}

/**
 * Starts Dovecot with `users` ({ name, password, messages: planned[] }). Returns the port
 * (implicit TLS, IMAPS), the CA file to trust, a plain-text port (no TLS: "refused TLS"
 * cases), and stop(). With `oauth2: { tokeninfoUrl }` it also accepts XOAUTH2 (only XOAUTH2,
 * as Outlook does): its oauth2 passdb asks that URL whether the access token is live and
 * whose it is, and the user name sent must be the address the provider names.
 */
export async function startDovecot({ users, oauth2 }) {
  ensureDovecot();
  if (process.getuid?.() !== 0) throw new Error("the Dovecot test harness runs Dovecot as root (it drops to uid 65534 for mail)");
  const dir = mkdtempSync(join(tmpdir(), "cleanspace-dovecot-"));
  chmodSync(dir, 0o755);
  const { key, cert } = makeCertificate(dir);
  const tlsPort = await freePort();
  const plainPort = await freePort();
  const homes = join(dir, "homes");
  mkdirSync(homes);
  const passwd = [];
  for (const u of users) {
    const home = join(homes, u.name);
    mkdirSync(home);
    writeMaildir(home, u.messages ?? [], u.folders ?? {});
    passwd.push(`${u.name}:{PLAIN}${u.password}:${MAIL_UID}:${MAIL_GID}::${home}::`);
  }
  chownTree(homes);
  writeFileSync(join(dir, "passwd"), `${passwd.join("\n")}\n`);
  if (oauth2)
    writeFileSync(
      join(dir, "oauth2.conf.ext"),
      [`tokeninfo_url = ${oauth2.tokeninfoUrl}`, "username_attribute = email", "timeout_msecs = 5000", ""].join("\n"),
    );
  const oauthPassdb = oauth2
    ? `passdb {
  driver = oauth2
  mechanisms = xoauth2
  args = ${dir}/oauth2.conf.ext
}`
    : "";
  const config = `
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
info_log_path = ${dir}/dovecot.log
listen = 127.0.0.1
protocols = imap
ssl = yes
ssl_cert = <${cert}
ssl_key = <${key}
disable_plaintext_auth = no
auth_mechanisms = plain login${oauth2 ? " xoauth2" : ""}
auth_failure_delay = 0
first_valid_uid = ${MAIL_UID}
default_login_user = dovenull
default_internal_user = dovecot
mail_location = maildir:~/Maildir
mail_fsync = never
maildir_very_dirty_syncs = yes
passdb {
  driver = passwd-file
  mechanisms = plain login
  args = scheme=PLAIN ${dir}/passwd
}
${oauthPassdb}
userdb {
  driver = passwd-file
  args = ${dir}/passwd
}
namespace inbox {
  inbox = yes
  separator = /
  mailbox Trash {
    special_use = \\Trash
    auto = subscribe
  }
  mailbox Archive {
    special_use = \\Archive
    auto = subscribe
  }
  mailbox Junk {
    special_use = \\Junk
    auto = subscribe
  }
  mailbox Sent {
    special_use = \\Sent
    auto = subscribe
  }
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${plainPort}
  }
  inet_listener imaps {
    address = 127.0.0.1
    port = ${tlsPort}
    ssl = yes
  }
}
service stats {
  unix_listener stats-reader {
    mode = 0666
  }
  unix_listener stats-writer {
    mode = 0666
  }
}
protocol imap {
  mail_max_userip_connections = 50
}
`;
  const conf = join(dir, "dovecot.conf");
  writeFileSync(conf, config);
  const child = spawn(DOVECOT, ["-F", "-c", conf], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (d) => (stderr += d));
  await waitForPort(
    tlsPort,
    child,
    () => `${stderr}\n${existsSync(join(dir, "dovecot.log")) ? readFileSync(join(dir, "dovecot.log"), "utf8") : ""}`,
  );
  return {
    host: "127.0.0.1",
    port: tlsPort,
    plainPort,
    caFile: cert,
    dir,
    /** The master process (its children serve the sessions; the IMAP benchmark reads their CPU time). */
    pid: child.pid,
    homeOf: (name) => join(homes, name),
    renumber: (name, path) => renumberFolder(join(homes, name), path),
    log: () => (existsSync(join(dir, "dovecot.log")) ? readFileSync(join(dir, "dovecot.log"), "utf8") : ""),
    /** The user names with an IMAP session open now, one entry per connection (`doveadm who`). */
    who() {
      const out = execFileSync(DOVEADM, ["-c", conf, "who", "-1"], { encoding: "utf8" });
      return out
        .split("\n")
        .slice(1)
        .map((l) => l.trim().split(/\s+/)[0])
        .filter(Boolean);
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await new Promise((r) => child.once("exit", r));
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function waitForPort(port, child, why) {
  const { connect } = await import("node:net");
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`dovecot exited (${child.exitCode}): ${why()}`);
    const ok = await new Promise((resolve) => {
      const s = connect(port, "127.0.0.1");
      s.once("connect", () => (s.destroy(), resolve(true)));
      s.once("error", () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`dovecot did not listen on ${port}: ${why()}`);
}
