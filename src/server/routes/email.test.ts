/**
 * Issue 21 against a real IMAP server: Debian's Dovecot, started for this file on a free
 * port over TLS (self-signed certificate trusted through IMAP_CA_FILE), with generated
 * Maildir mailboxes. A local HTTP endpoint receives the one-click unsubscribes.
 */
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:https";
import { join } from "node:path";
import { createServer as createTcpServer, connect as tcpConnect, type Server as TcpServer, type Socket } from "node:net";
import { Writable } from "node:stream";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, planMailbox, startDovecot, type Dovecot, type PlannedMessage } from "../../../scripts/test-support/dovecot.mjs";
import type { EmailActionResult, ListedFolder, ListLine, MailMeta } from "../../domain/schemas/email";
import { mailAccounts } from "../db/schema";
import { batchSize } from "../email/mailbox";
import { as, buildUser, type TestUser } from "../test/auth-helpers";
import { buildSummary } from "../../domain/testing/build-summary";
import { createTestApp, type TestApp } from "../test/test-app";
import { buildApp } from "../app";
import { openTestDatabase } from "../test/test-database";
import { loadEnv } from "../env";

const SECRET = "test-imap-secret-key-0123456789abcdef";
let dovecot: Dovecot;
let t: TestApp;
let unsubscribeServer: Server;
const unsubscribes: { path: string; body: string }[] = [];
let alicePlan: PlannedMessage[];
let bobPlan: PlannedMessage[];
let alice: TestUser;
let bob: TestUser;

/** Enough mail for several batches and a mid-fetch cut; each listing reads it all, so CI pays per message. */
const ALICE_MESSAGES = 600;

beforeAll(async () => {
  // RFC 8058 one-click needs https: the endpoint serves the test CA's certificate (made by the Dovecot harness).
  const port = await freePort();
  alicePlan = planMailbox({ messages: ALICE_MESSAGES, senders: 60, largeEvery: 150, unsubscribeBase: `https://127.0.0.1:${port}` });
  bobPlan = planMailbox({ messages: 40, senders: 5, seed: 7 });
  dovecot = await startDovecot({
    users: [
      { name: "alice", password: "alice-app-password", messages: alicePlan },
      { name: "bob", password: "bob-app-password", messages: bobPlan },
      { name: "dave", password: "dave-app-password", messages: planMailbox({ messages: 10, senders: 3, seed: 9 }) },
    ],
  });
  unsubscribeServer = createServer({ key: readFileSync(join(dovecot.dir, "key.pem")), cert: readFileSync(dovecot.caFile) }, (req, res) => {
    let body = "";
    req.on("data", (d) => (body += d));
    req.on("end", () => {
      unsubscribes.push({ path: req.url ?? "", body });
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((r) => unsubscribeServer.listen(port, "127.0.0.1", r));
  t = await createTestApp({
    IMAP_ALLOW_HOSTS: "127.0.0.1",
    IMAP_CA_FILE: dovecot.caFile,
    IMAP_SECRET_KEY: SECRET,
    IMAP_TIMEOUT_MS: "2000",
  });
  alice = await buildUser(t.app);
  bob = await buildUser(t.app);
}, 60_000);

afterAll(async () => {
  await t?.close();
  await dovecot?.stop();
  unsubscribeServer?.close();
});

const post = (user: TestUser, url: string, payload: object) => t.app.inject({ method: "POST", url, headers: as(user), payload });
const connectAs = (
  user: TestUser,
  body: Partial<{ host: string; port: number; username: string; password: string; stayConnected: boolean }>,
) =>
  post(user, "/api/email/connect", { host: "127.0.0.1", port: dovecot.port, username: "alice", password: "alice-app-password", ...body });

async function list(user: TestUser): Promise<{ lines: ListLine[]; messages: MailMeta[]; folders: ListedFolder[] }> {
  const res = await post(user, "/api/email/list", {});
  if (res.statusCode !== 200) return { lines: [{ t: "error", error: `${res.statusCode} ${res.body}` }], messages: [], folders: [] };
  const lines = res.body
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as ListLine);
  return {
    lines,
    messages: lines.flatMap((l) => (l.t === "batch" ? l.messages : [])),
    folders: lines.flatMap((l) => (l.t === "folder" ? [l.folder] : [])),
  };
}

/** Alice's mail is all in INBOX: the action body for these of her messages (UIDs under INBOX's UIDVALIDITY). */
const inInbox = (folders: ListedFolder[], uids: number[]) => [{ folder: "INBOX", uidValidity: folders[0]!.uidValidity, uids }];

const digital = async (user: TestUser) =>
  (await t.app.inject({ method: "GET", url: `/api/digital-data/${user.id}`, headers: as(user) })).json<{
    emailCount: number;
    emailUnread: number;
    emailStorage: number;
  }>();

describe("connecting (clear errors, SSRF guard)", () => {
  it("a wrong password is a 422 that says so, and nothing is connected", async () => {
    const res = await connectAs(alice, { password: "wrong" });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatch(/user name or password/);
    expect((await t.app.inject({ method: "GET", url: "/api/email/connection", headers: as(alice) })).json()).toMatchObject({
      connected: false,
      stored: false,
    });
  });

  it("a port without TLS (Dovecot's plain-text listener) is a TLS failure, not a hang or a 500", async () => {
    const res = await connectAs(alice, { port: dovecot.plainPort });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatch(/TLS|IMAP over TLS/);
  });

  it("a closed port says nothing accepts connections there", async () => {
    const closed = createTcpServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const port = (closed.address() as { port: number }).port;
    await new Promise((r) => closed.close(r));
    const res = await connectAs(alice, { port });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatch(/Nothing accepts connections/);
  });

  it("a server that never greets is reported as a timeout / not IMAP", async () => {
    const silent = createTcpServer((s) => s.on("error", () => undefined));
    await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
    const res = await connectAs(alice, { port: (silent.address() as { port: number }).port });
    silent.close();
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatch(/did not answer in time|does not speak IMAP|secure \(TLS\)/);
  });

  it.each(["10.0.0.1", "192.168.1.10", "169.254.169.254", "[::1]", "0.0.0.0", "100.64.0.1"])(
    "refuses the private address %s before any connection (SSRF)",
    async (host) => {
      const res = await connectAs(alice, { host });
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toMatch(/private or local network/);
    },
  );

  it("bounds the input (zod): a huge password or a bad host is a 400", async () => {
    expect((await connectAs(alice, { password: "x".repeat(2000) })).statusCode).toBe(400);
    expect((await connectAs(alice, { host: "imap.example.com/../x" })).statusCode).toBe(400);
    expect(
      (await post(alice, "/api/email/actions", { action: "trash", targets: [{ folder: "INBOX", uidValidity: 1, uids: [0] }] })).statusCode,
    ).toBe(400);
    expect(
      (await post(alice, "/api/email/actions", { action: "trash", targets: [{ folder: "INBOX", uidValidity: 0, uids: [1] }] })).statusCode,
    ).toBe(400);
    expect((await post(alice, "/api/email/actions", { action: "trash", uids: [1] })).statusCode).toBe(400);
  });
});

describe("listing, actions and undo on alice's mailbox", () => {
  it("connects and streams every message's metadata with the right senders, sizes and unread flags", async () => {
    const res = await connectAs(alice, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ connected: true, stored: false, host: "127.0.0.1", username: "alice" });
    const { lines, messages } = await list(alice);
    expect(lines[0]).toEqual({ t: "start", total: ALICE_MESSAGES });
    expect(lines[1]).toEqual({
      t: "folder",
      folder: { path: "INBOX", name: "Inbox", uidValidity: expect.any(Number), total: ALICE_MESSAGES },
    });
    expect(lines.at(-1)?.t).toBe("done");
    expect(messages).toHaveLength(ALICE_MESSAGES);
    // Each batch but a folder's last is as big as what was sent before it allows (batches grow with the listing).
    const sizes = lines.flatMap((l) => (l.t === "batch" ? [l.messages.length] : []));
    let sent = 0;
    for (const [i, size] of sizes.entries()) {
      if (i < sizes.length - 1) expect(size).toBe(batchSize(sent));
      else expect(size).toBeLessThanOrEqual(batchSize(sent));
      sent += size;
    }
    const unread = alicePlan.filter((m) => !m.seen).length;
    expect(messages.filter((m) => m.r)).toHaveLength(unread);
    const bySender = (plan: { address: string }[]) =>
      plan.reduce((acc, m) => acc.set(m.address, (acc.get(m.address) ?? 0) + 1), new Map<string, number>());
    expect(bySender(messages.map((m) => ({ address: m.a })))).toEqual(bySender(alicePlan));
    // Newsletters: one-click where List-Unsubscribe-Post is present, a link otherwise.
    expect(messages.find((m) => m.a.startsWith("sender0@"))?.l).toBe(2);
    expect(messages.find((m) => m.a.startsWith("sender4@"))?.l).toBe(1);
    expect(messages.find((m) => m.a.startsWith("sender1@"))?.l).toBe(0);
    expect(messages.filter((m) => m.z > 1_000_000).length).toBe(alicePlan.filter((m) => m.large).length);
    const bytes = messages.reduce((a, m) => a + m.z, 0);
    const line = lines.at(-1) as Extract<ListLine, { t: "done" }>;
    expect(line.aggregates).toEqual({ emailCount: ALICE_MESSAGES, emailUnread: unread, emailStorage: Number((bytes / 1e9).toFixed(3)) });
    expect(await digital(alice)).toMatchObject({ emailCount: ALICE_MESSAGES, emailUnread: unread });
  });

  it("moves a sender's mail to Trash, and Undo (by UID) puts every message back", async () => {
    const before = await list(alice);
    const uids = before.messages.filter((m) => m.a.startsWith("sender1@")).map((m) => m.u);
    expect(uids.length).toBeGreaterThan(50);
    const res = await post(alice, "/api/email/actions", { action: "trash", targets: inInbox(before.folders, uids) });
    expect(res.statusCode).toBe(200);
    const trashed = res.json<EmailActionResult>();
    expect(trashed.count).toBe(uids.length);
    expect(trashed.undo).toEqual([{ folder: "Trash", uidValidity: expect.any(Number), uids: expect.any(Array), back: "INBOX" }]);
    expect(trashed.undo[0]!.uids).toHaveLength(uids.length);
    expect(trashed.aggregates.emailCount).toBe(ALICE_MESSAGES - uids.length);
    expect((await digital(alice)).emailCount).toBe(ALICE_MESSAGES - uids.length);
    const after = await list(alice);
    expect(after.messages.some((m) => m.a.startsWith("sender1@"))).toBe(false);

    const undo = await post(alice, "/api/email/undo", { action: "trash", targets: trashed.undo });
    expect(undo.statusCode).toBe(200);
    expect(undo.json<EmailActionResult>().count).toBe(uids.length);
    expect((await digital(alice)).emailCount).toBe(ALICE_MESSAGES);
    const back = await list(alice);
    expect(back.messages.filter((m) => m.a.startsWith("sender1@"))).toHaveLength(uids.length);
  });

  it("archives and marks read, each with an undo", async () => {
    const { messages, folders } = await list(alice);
    const sender2 = messages.filter((m) => m.a.startsWith("sender2@"));
    const unreadBefore = (await digital(alice)).emailUnread;
    const read = (
      await post(alice, "/api/email/actions", {
        action: "read",
        targets: inInbox(
          folders,
          sender2.map((m) => m.u),
        ),
      })
    ).json<EmailActionResult>();
    expect(read.count).toBe(sender2.filter((m) => m.r).length);
    expect(read.aggregates.emailUnread).toBe(unreadBefore - read.count);
    const unread = (await post(alice, "/api/email/undo", { action: "read", targets: read.undo })).json<EmailActionResult>();
    expect(unread.aggregates.emailUnread).toBe(unreadBefore);
    expect((await list(alice)).messages.filter((m) => m.a.startsWith("sender2@") && m.r)).toHaveLength(read.count);

    const archived = (
      await post(alice, "/api/email/actions", {
        action: "archive",
        targets: inInbox(
          folders,
          sender2.map((m) => m.u),
        ),
      })
    ).json<EmailActionResult>();
    expect(archived.count).toBe(sender2.length);
    const restored = (await post(alice, "/api/email/undo", { action: "archive", targets: archived.undo })).json<EmailActionResult>();
    expect(restored.count).toBe(sender2.length);
  });

  it("unsubscribes with an RFC 8058 one-click POST where offered, else returns the mailto link", async () => {
    const { messages, folders } = await list(alice);
    const at = (uid: number) => ({ folder: "INBOX", uidValidity: folders[0]!.uidValidity, uid });
    const oneClick = messages.find((m) => m.a.startsWith("sender0@"))!;
    const res = await post(alice, "/api/email/unsubscribe", at(oneClick.u));
    expect(res.json()).toEqual({ method: "one-click", ok: true });
    expect(unsubscribes).toEqual([{ path: "/u/0", body: "List-Unsubscribe=One-Click" }]);
    const mailto = messages.find((m) => m.a.startsWith("sender4@"))!;
    expect((await post(alice, "/api/email/unsubscribe", at(mailto.u))).json()).toEqual({
      method: "mailto",
      target: "mailto:leave-4@lists.example?subject=unsubscribe",
    });
    expect((await post(alice, "/api/email/unsubscribe", at(999_999))).statusCode).toBe(404);
  });
});

describe("isolation between users", () => {
  it("bob never sees alice's connection, and his own lists only his mail", async () => {
    expect((await list(bob)).lines[0]).toMatchObject({ t: "error", error: expect.stringMatching(/^409 .*No mailbox is connected/) });
    expect(
      (await post(bob, "/api/email/actions", { action: "trash", targets: [{ folder: "INBOX", uidValidity: 1, uids: [1] }] })).statusCode,
    ).toBe(409);
    expect((await t.app.inject({ method: "GET", url: "/api/email/connection", headers: as(bob) })).json()).toMatchObject({
      connected: false,
      host: null,
    });
    expect((await connectAs(bob, { username: "bob", password: "bob-app-password" })).statusCode).toBe(200);
    expect((await list(bob)).messages).toHaveLength(40);
    expect((await list(alice)).messages).toHaveLength(ALICE_MESSAGES);
    expect((await digital(bob)).emailCount).toBe(40);
  });
});

describe("the scan and the dashboard", () => {
  it("a device scan (which cannot count mail) keeps the mailbox's figures, and the health score counts its unread share", async () => {
    const unread = (await digital(bob)).emailUnread;
    const res = await post(bob, "/api/real-data/scan", { userId: bob.id, summary: buildSummary() });
    expect(res.statusCode).toBe(200);
    const data = await t.app.inject({ method: "GET", url: `/api/digital-data/${bob.id}`, headers: as(bob) });
    const body = data.json<{
      emailCount: number;
      emailUnread: number;
      summary: { emailCount: number; emailUnread: number };
      scoreFactors: { key: string; penalty: number }[];
    }>();
    expect(body).toMatchObject({ emailCount: 40, emailUnread: unread, summary: { emailCount: 40, emailUnread: unread } });
    expect(unread).toBeGreaterThan(0);
    expect(body.scoreFactors.find((f) => f.key === "email")?.penalty).toBeGreaterThan(0);
  });
});

describe("stay connected", () => {
  it("keeps the password only sealed, and forgets it (and the connection) on request", async () => {
    const res = await connectAs(bob, { username: "bob", password: "bob-app-password", stayConnected: true });
    expect(res.json()).toMatchObject({ connected: true, stored: true, canStay: true });
    const [row] = await t.database.db.select().from(mailAccounts).where(eq(mailAccounts.userId, bob.id));
    expect(row?.sealedPassword).toMatch(/^v1\./);
    expect(row?.sealedPassword).not.toContain("bob-app-password");
    const del = await t.app.inject({ method: "DELETE", url: "/api/email/connection", headers: as(bob) });
    expect(del.statusCode).toBe(204);
    expect(await t.database.db.select().from(mailAccounts).where(eq(mailAccounts.userId, bob.id))).toHaveLength(0);
    expect((await list(bob)).lines[0]).toMatchObject({ t: "error" });
  });
});

describe("closing the connection at once", () => {
  const daveSessions = () => dovecot.who().filter((u) => u === "dave").length;

  it("Disconnect logs out of the mail server before it answers", async () => {
    const u = await buildUser(t.app);
    expect((await connectAs(u, { username: "dave", password: "dave-app-password" })).statusCode).toBe(200);
    expect(daveSessions()).toBe(1);
    expect((await t.app.inject({ method: "DELETE", url: "/api/email/connection", headers: as(u) })).statusCode).toBe(204);
    expect(t.app.mailboxes.has(u.id)).toBe(false);
    // Dovecot's session registry (anvil) hears of the logout a moment after the socket closes.
    await expect.poll(daveSessions).toBe(0);
  });

  it("deleting the account closes the user’s mailbox connection and forgets the kept password", async () => {
    const u = await buildUser(t.app);
    expect((await connectAs(u, { username: "dave", password: "dave-app-password", stayConnected: true })).statusCode).toBe(200);
    expect(daveSessions()).toBe(1);
    const res = await t.app.inject({ method: "DELETE", url: `/api/users/${u.id}`, headers: as(u), payload: { password: u.password } });
    expect(res.statusCode).toBe(204);
    expect(t.app.mailboxes.has(u.id)).toBe(false);
    expect(await t.database.db.select().from(mailAccounts).where(eq(mailAccounts.userId, u.id))).toHaveLength(0);
    await expect.poll(daveSessions).toBe(0);
  });
});

describe("the logs", () => {
  it("hold no mailbox password, sender, subject or unsubscribe URL, even at debug level", async () => {
    const lines: string[] = [];
    const stream = new Writable({ write: (chunk: Buffer, _enc, done) => (lines.push(chunk.toString()), done()) });
    const database = await openTestDatabase();
    const env = loadEnv({ LOG_LEVEL: "debug", IMAP_ALLOW_HOSTS: "127.0.0.1", IMAP_CA_FILE: dovecot.caFile, IMAP_SECRET_KEY: SECRET });
    const app = await buildApp({ env, database, logger: { level: "debug", stream } as never });
    try {
      const u = await buildUser(app);
      const connect = (password: string) =>
        app.inject({
          method: "POST",
          url: "/api/email/connect",
          headers: as(u),
          payload: { host: "127.0.0.1", port: dovecot.port, username: "bob", password, stayConnected: true },
        });
      expect((await connect("bob-wrong-secret")).statusCode).toBe(422);
      expect((await connect("bob-app-password")).statusCode).toBe(200);
      const listed = await app.inject({ method: "POST", url: "/api/email/list", headers: as(u), payload: {} });
      expect(listed.body).toContain(bobPlan[0]!.address);
      const text = lines.join("");
      expect(text).toContain("/api/email/list");
      for (const secret of ["bob-wrong-secret", "bob-app-password", bobPlan[0]!.address, bobPlan[0]!.subject, "List-Unsubscribe"])
        expect(text).not.toContain(secret);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe("a connection dropped mid-fetch", () => {
  let proxy: TcpServer;
  const sockets: Socket[] = [];
  let cutAfter = Infinity;

  beforeAll(async () => {
    // Passes TLS through untouched, and cuts every connection once the server has sent `cutAfter` bytes.
    proxy = createTcpServer((client) => {
      const upstream = tcpConnect(dovecot.port, "127.0.0.1");
      sockets.push(client, upstream);
      let sent = 0;
      client.on("error", () => undefined);
      upstream.on("error", () => undefined);
      client.pipe(upstream);
      upstream.on("data", (chunk: Buffer) => {
        sent += chunk.length;
        if (sent > cutAfter) {
          client.destroy();
          upstream.destroy();
        } else client.write(chunk);
      });
    });
    await new Promise<void>((r) => proxy.listen(0, "127.0.0.1", r));
  });
  afterAll(() => {
    for (const s of sockets) s.destroy();
    proxy.close();
  });

  it("ends the stream with an error line, forgets the broken connection, and the next connect works", async () => {
    const port = (proxy.address() as { port: number }).port;
    expect((await connectAs(alice, { port })).statusCode).toBe(200);
    cutAfter = 150_000;
    const { lines, messages } = await list(alice);
    expect(messages.length).toBeLessThan(ALICE_MESSAGES);
    expect(lines.at(-1)).toEqual({ t: "error", error: expect.stringMatching(/connection to the mail server was lost/) });
    expect(
      (await post(alice, "/api/email/actions", { action: "read", targets: [{ folder: "INBOX", uidValidity: 1, uids: [1] }] })).statusCode,
    ).toBe(409);
    cutAfter = Infinity;
    expect((await connectAs(alice, { port })).statusCode).toBe(200);
    expect((await list(alice)).messages).toHaveLength(ALICE_MESSAGES);
  });
});
