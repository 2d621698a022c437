/**
 * Issue 40 against a real Dovecot: never the wrong message (UIDVALIDITY changed between list
 * and action, and between action and undo; messages expunged elsewhere), every sender right
 * (the raw From header in its awkward forms, encoded words in several charsets), every folder
 * (the folder list with counts, the default choice by special use, actions in each message's
 * own folder), a message received on 1970-01-01, and one-click over plain http.
 */
import { createServer, type Server } from "node:http";
import { readFileSync } from "node:fs";
import iconv from "iconv-lite";
import { ImapFlow } from "imapflow";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, planMailbox, startDovecot, type Dovecot, type PlannedMessage } from "../../../scripts/test-support/dovecot.mjs";
import {
  RENUMBERED_ERROR,
  type EmailActionResult,
  type ListedFolder,
  type ListLine,
  type MailFolder,
  type MailMeta,
} from "../../domain/schemas/email";
import { as, buildUser, type TestUser } from "../test/auth-helpers";
import { createTestApp, type TestApp } from "../test/test-app";

let dovecot: Dovecot;
let t: TestApp;
let endpoint: Server;
const hits: string[] = [];
let carol: TestUser;
let dora: TestUser;

const DAY = 86_400_000;
/** One message written as `from` says (the header's value verbatim; null: no From header). */
function message(from: string | null, address: string, subject: string, over: Partial<PlannedMessage> = {}): PlannedMessage {
  return {
    sender: 0,
    from,
    address,
    subject,
    date: new Date(Date.now() - 3 * DAY),
    seen: false,
    large: false,
    listUnsubscribe: null,
    oneClick: false,
    ...over,
  };
}
const b64 = (text: string, charset: string) => `=?${charset}?B?${iconv.encode(text, charset).toString("base64")}?=`;
const qp = (text: string, charset: string) =>
  `=?${charset}?Q?${[...iconv.encode(text, charset)].map((b) => (b > 0x20 && b < 0x7f && b !== 0x3d && b !== 0x3f && b !== 0x5f ? String.fromCharCode(b) : b === 0x20 ? "_" : `=${b.toString(16).toUpperCase().padStart(2, "0")}`)).join("")}?=`;

/** Encoded display names (RFC 2047) in several charsets, each with the name a person reads. */
const ENCODED: { charset: string; name: string; from: string; address: string }[] = [
  {
    charset: "ISO-8859-1",
    name: "André Müller",
    from: `${qp("André Müller", "ISO-8859-1")} <andre@latin.example>`,
    address: "andre@latin.example",
  },
  {
    charset: "KOI8-R",
    name: "Иван Петров",
    from: `${b64("Иван Петров", "KOI8-R")} <ivan@cyrillic.example>`,
    address: "ivan@cyrillic.example",
  },
  {
    charset: "windows-1251",
    name: "Ольга",
    from: `${b64("Ольга", "windows-1251")} <olga@cyrillic.example>`,
    address: "olga@cyrillic.example",
  },
  // iconv-lite cannot write ISO-2022-JP: this is "テスト" as mail clients write it.
  { charset: "ISO-2022-JP", name: "テスト", from: "=?ISO-2022-JP?B?GyRCJUYlOSVIGyhC?= <taro@jp.example>", address: "taro@jp.example" },
  { charset: "Shift_JIS", name: "鈴木花子", from: `${b64("鈴木花子", "Shift_JIS")} <hanako@jp.example>`, address: "hanako@jp.example" },
  { charset: "GB2312", name: "王小明", from: `${b64("王小明", "GB2312")} <wang@cn.example>`, address: "wang@cn.example" },
  { charset: "Big5", name: "陳大文", from: `${b64("陳大文", "Big5")} <chan@tw.example>`, address: "chan@tw.example" },
  { charset: "EUC-KR", name: "김민수", from: `${b64("김민수", "EUC-KR")} <kim@kr.example>`, address: "kim@kr.example" },
  { charset: "ISO-8859-7", name: "Γιώργος", from: `${qp("Γιώργος", "ISO-8859-7")} <giorgos@gr.example>`, address: "giorgos@gr.example" },
  {
    charset: "windows-1252",
    name: "Zoë “Quotes”",
    from: `${qp("Zoë “Quotes”", "windows-1252")} <zoe@quotes.example>`,
    address: "zoe@quotes.example",
  },
  { charset: "UTF-8", name: "Łukasz 🚀", from: `${b64("Łukasz 🚀", "UTF-8")} <lukasz@utf8.example>`, address: "lukasz@utf8.example" },
];

function carolInbox(unsubscribeBase: string): PlannedMessage[] {
  return [
    // Three with an unquoted comma in the name (Dovecot's ENVELOPE splits them), one written plainly.
    ...[1, 2, 3].map((i) => message("Okafor, Chidi <chidi.okafor@clinic.example>", "chidi.okafor@clinic.example", `Results ${i}`)),
    message('"Chidi Okafor" <chidi.okafor@clinic.example>', "chidi.okafor@clinic.example", "Results 4"),
    message("Team Updates: updates@team-news.example;", "updates@team-news.example", "Weekly team news"),
    message("Team Updates: updates@team-news.example;", "updates@team-news.example", "Weekly team news 2"),
    message("MAILER DAEMON <>", "", "Undelivered Mail Returned to Sender"),
    message("foo", "", "From a bare word"),
    message(null, "", "No From header at all"),
    message('"Epoch" <epoch@old.example>', "epoch@old.example", "Received on 1970-01-01", { date: new Date(0) }),
    message('"Plain News" <plain@news.example>', "plain@news.example", "One-click over http", {
      listUnsubscribe: `<${unsubscribeBase}/plain>`,
      oneClick: true,
    }),
    ...ENCODED.map((e) => message(e.from, e.address, `Hello in ${e.charset}`)),
    // A sender in INBOX and in Archive (same UIDs in both folders: an action in one must not touch the other).
    ...[1, 2].map((i) => message('"Both" <both@folders.example>', "both@folders.example", `Both, inbox ${i}`)),
  ];
}

const carolFolders = {
  Archive: [
    ...[1, 2].map((i) => message('"Both" <both@folders.example>', "both@folders.example", `Both, archive ${i}`)),
    ...[1, 2, 3].map((i) => message('"Archivist" <only@archive.example>', "only@archive.example", `Only archived ${i}`)),
  ],
  "Newsletters/Weekly": [1, 2, 3, 4].map((i) => message('"Weekly" <weekly@nested.example>', "weekly@nested.example", `Weekly ${i}`)),
  Junk: [1, 2].map((i) => message('"Spammer" <spam@junk.example>', "spam@junk.example", `Win ${i}`)),
  Sent: [message('"Carol" <carol@example.com>', "carol@example.com", "My reply")],
};

const doraPlan = planMailbox({ messages: 300, senders: 12, seed: 40 });

beforeAll(async () => {
  const port = await freePort();
  endpoint = createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    req.resume();
    res.writeHead(200).end();
  });
  await new Promise<void>((r) => endpoint.listen(port, "127.0.0.1", r));
  dovecot = await startDovecot({
    users: [
      { name: "carol", password: "carol-pw", messages: carolInbox(`http://127.0.0.1:${port}`), folders: carolFolders },
      { name: "dora", password: "dora-pw", messages: doraPlan, folders: { Archive: planMailbox({ messages: 20, senders: 3, seed: 41 }) } },
    ],
  });
  t = await createTestApp({ IMAP_ALLOW_HOSTS: "127.0.0.1", IMAP_CA_FILE: dovecot.caFile, IMAP_TIMEOUT_MS: "3000" });
  carol = await buildUser(t.app);
  dora = await buildUser(t.app);
  for (const [u, name, password] of [
    [carol, "carol", "carol-pw"],
    [dora, "dora", "dora-pw"],
  ] as const) {
    const res = await post(u, "/api/email/connect", { host: "127.0.0.1", port: dovecot.port, username: name, password });
    expect(res.statusCode).toBe(200);
  }
}, 60_000);

afterAll(async () => {
  await t?.close();
  await dovecot?.stop();
  endpoint?.close();
});

const post = (user: TestUser, url: string, payload: object) => t.app.inject({ method: "POST", url, headers: as(user), payload });

interface Listing {
  lines: ListLine[];
  messages: MailMeta[];
  folders: ListedFolder[];
}
async function list(user: TestUser, folders?: string[]): Promise<Listing> {
  const res = await post(user, "/api/email/list", folders ? { folders } : {});
  expect(res.statusCode).toBe(200);
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

/** The action body for `messages` of a listing: per folder, its UIDs under the UIDVALIDITY listed. */
function targetsOf(listing: Listing, messages: readonly MailMeta[]) {
  const byFolder = new Map<number, number[]>();
  for (const m of messages) byFolder.set(m.f, [...(byFolder.get(m.f) ?? []), m.u]);
  return [...byFolder].map(([f, uids]) => ({ folder: listing.folders[f]!.path, uidValidity: listing.folders[f]!.uidValidity, uids }));
}

const folderOf = (listing: Listing, m: MailMeta) => listing.folders[m.f]!.path;
const subjectsIn = (listing: Listing, folder: string) =>
  listing.messages
    .filter((m) => folderOf(listing, m) === folder)
    .map((m) => m.s)
    .sort();
const from = (listing: Listing, address: string) => listing.messages.filter((m) => m.a === address);

describe("every sender right: the raw From header, not the server's ENVELOPE", () => {
  let inbox: Listing;
  beforeAll(async () => {
    inbox = await list(carol, ["INBOX"]);
  });

  it("an unquoted comma in the name is one sender with all four messages, named as written", () => {
    const chidi = from(inbox, "chidi.okafor@clinic.example");
    expect(chidi).toHaveLength(4);
    expect(chidi.filter((m) => m.n === "Okafor, Chidi")).toHaveLength(3);
    expect(inbox.messages.some((m) => /missing_domain|missing_mailbox/i.test(m.a) || m.a === "okafor")).toBe(false);
  });

  it("group syntax gives the group's member, named by the group", () => {
    expect(from(inbox, "updates@team-news.example").map((m) => m.n)).toEqual(["Team Updates", "Team Updates"]);
  });

  it("an empty address, a bare word and a missing header invent no address", () => {
    const bySubject = (s: string) => inbox.messages.find((m) => m.s === s)!;
    expect(bySubject("Undelivered Mail Returned to Sender")).toMatchObject({ a: "", n: "MAILER DAEMON" });
    expect(bySubject("From a bare word")).toMatchObject({ a: "", n: "foo" });
    expect(bySubject("No From header at all")).toMatchObject({ a: "", n: "" });
  });

  it.each(ENCODED)("an encoded name in $charset reads as “$name”", ({ address, name }) => {
    expect(from(inbox, address).map((m) => m.n)).toEqual([name]);
  });

  it("a message received on 1970-01-01 is listed with that date (the Old view's rule is in email-senders.test.ts)", () => {
    expect(inbox.messages.find((m) => m.a === "epoch@old.example")?.d).toBe(0);
  });

  it("one-click over plain http is offered as a link with a warning, never POSTed (RFC 8058 needs https)", async () => {
    const plain = from(inbox, "plain@news.example")[0]!;
    expect(plain.l).toBe(1);
    const res = await post(carol, "/api/email/unsubscribe", { folder: "INBOX", uidValidity: inbox.folders[0]!.uidValidity, uid: plain.u });
    expect(res.json()).toEqual({ method: "web", target: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/plain$/), insecure: true });
    expect(hits).toEqual([]);
  });
});

describe("every folder", () => {
  it("lists every folder with its counts; INBOX and the user's own folders are in by default, Trash, Junk and Sent out", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/email/folders", headers: as(carol) });
    expect(res.statusCode).toBe(200);
    const folders = res.json<{ folders: MailFolder[] }>().folders;
    const brief = folders.map((f) => [f.path, f.messages, f.byDefault]);
    expect(brief).toEqual([
      ["INBOX", carolInbox("").length, true],
      ["Archive", 5, true],
      ["Junk", 2, false],
      ["Newsletters/Weekly", 4, true],
      ["Sent", 1, false],
      ["Trash", 0, false],
    ]);
    expect(folders.find((f) => f.path === "Junk")).toMatchObject({ specialUse: "\\Junk", unread: 2 });
    expect(folders[0]).toMatchObject({ name: "Inbox", specialUse: null });
  });

  it("the default listing reads INBOX, Archive and the nested folder; senders that live only in other folders appear", async () => {
    const all = await list(carol);
    expect(all.folders.map((f) => f.path)).toEqual(["INBOX", "Archive", "Newsletters/Weekly"]);
    expect(all.lines[0]).toEqual({ t: "start", total: carolInbox("").length + 5 + 4 });
    expect(from(all, "only@archive.example")).toHaveLength(3);
    expect(from(all, "weekly@nested.example")).toHaveLength(4);
    expect(
      from(all, "both@folders.example")
        .map((m) => folderOf(all, m))
        .sort(),
    ).toEqual(["Archive", "Archive", "INBOX", "INBOX"]);
    expect(from(all, "spam@junk.example")).toHaveLength(0);
    const chosen = await list(carol, ["INBOX", "Junk"]);
    expect(from(chosen, "spam@junk.example")).toHaveLength(2);
    expect(from(chosen, "only@archive.example")).toHaveLength(0);
  });

  it("an unknown folder is an error line, not a 500", async () => {
    const res = await list(carol, ["INBOX", "Nowhere"]);
    expect(res.lines).toEqual([{ t: "error", error: expect.stringMatching(/“Nowhere” is no longer on the mail server/) }]);
  });

  it("an action in one folder leaves the others alone, even where the UIDs are the same", async () => {
    const all = await list(carol);
    const archived = from(all, "both@folders.example").filter((m) => folderOf(all, m) === "Archive");
    const inInbox = from(all, "both@folders.example").filter((m) => folderOf(all, m) === "INBOX");
    // The same UID numbers name other messages in INBOX.
    expect(all.messages.some((m) => folderOf(all, m) === "INBOX" && m.u === archived[0]!.u)).toBe(true);
    const inboxBefore = subjectsIn(all, "INBOX");
    const res = await post(carol, "/api/email/actions", { action: "trash", targets: targetsOf(all, archived) });
    expect(res.statusCode).toBe(200);
    const trashed = res.json<EmailActionResult>();
    expect(trashed.count).toBe(2);
    const after = await list(carol);
    expect(subjectsIn(after, "INBOX")).toEqual(inboxBefore);
    expect(
      from(after, "both@folders.example")
        .map((m) => m.s)
        .sort(),
    ).toEqual(inInbox.map((m) => m.s).sort());
    const trash = await list(carol, ["Trash"]);
    expect(trash.messages.map((m) => m.s).sort()).toEqual(["Both, archive 1", "Both, archive 2"]);
    // Undo returns them to Archive, their own folder.
    expect((await post(carol, "/api/email/undo", { action: "trash", targets: trashed.undo })).json<EmailActionResult>().count).toBe(2);
    const back = await list(carol);
    expect(subjectsIn(back, "Archive")).toEqual(subjectsIn(all, "Archive"));
  });

  it("one action across folders acts in each message's own folder, and its undo puts each back where it was", async () => {
    const all = await list(carol);
    const chosen = [
      ...from(all, "weekly@nested.example"),
      ...from(all, "chidi.okafor@clinic.example"),
      ...from(all, "only@archive.example"),
    ];
    const res = await post(carol, "/api/email/actions", { action: "archive", targets: targetsOf(all, chosen) });
    const archived = res.json<EmailActionResult>();
    // Already in Archive: nothing to move there.
    expect(archived.count).toBe(4 + 4);
    expect(archived.undo.map((u) => u.back).sort()).toEqual(["INBOX", "Newsletters/Weekly"]);
    const moved = await list(carol);
    expect(subjectsIn(moved, "Newsletters/Weekly")).toEqual([]);
    expect(from(moved, "chidi.okafor@clinic.example").every((m) => folderOf(moved, m) === "Archive")).toBe(true);
    await post(carol, "/api/email/undo", { action: "archive", targets: archived.undo });
    const back = await list(carol);
    for (const folder of ["INBOX", "Archive", "Newsletters/Weekly"]) expect(subjectsIn(back, folder)).toEqual(subjectsIn(all, folder));
  });

  it("mark read acts per folder and its undo clears only what it set", async () => {
    const all = await list(carol);
    const weekly = from(all, "weekly@nested.example");
    const read = (await post(carol, "/api/email/actions", { action: "read", targets: targetsOf(all, weekly) })).json<EmailActionResult>();
    expect(read.count).toBe(4);
    expect(from(await list(carol), "weekly@nested.example").every((m) => !m.r)).toBe(true);
    expect((await post(carol, "/api/email/undo", { action: "read", targets: read.undo })).json<EmailActionResult>().count).toBe(4);
    expect(from(await list(carol), "weekly@nested.example").every((m) => m.r)).toBe(true);
  });
});

describe("never the wrong message", () => {
  const senderOf = (i: number) => doraPlan.find((m) => m.sender === i)!.address;
  const bySender = (listing: Listing) =>
    listing.messages.reduce(
      (acc, m) => acc.set(`${folderOf(listing, m)} ${m.a}`, (acc.get(`${folderOf(listing, m)} ${m.a}`) ?? 0) + 1),
      new Map<string, number>(),
    );

  it("a folder renumbered between list and action: refused with a message that says why, and nothing moves", async () => {
    const before = await list(dora);
    const target = from(before, senderOf(1));
    expect(target.length).toBeGreaterThan(10);
    const fresh = dovecot.renumber("dora", "INBOX");
    expect(fresh).not.toBe(before.folders[0]!.uidValidity);
    const res = await post(dora, "/api/email/actions", { action: "trash", targets: targetsOf(before, target) });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(new RegExp(`^${RENUMBERED_ERROR} the folder “INBOX”.*Nothing was changed`));
    const after = await list(dora);
    expect(after.folders[0]!.uidValidity).toBe(fresh);
    expect(bySender(after)).toEqual(bySender(before));
    expect((await list(dora, ["Trash"])).messages).toHaveLength(0);
    // Mark read and unsubscribe carry it too.
    expect((await post(dora, "/api/email/actions", { action: "read", targets: targetsOf(before, target) })).statusCode).toBe(409);
    const u = await post(dora, "/api/email/unsubscribe", {
      folder: "INBOX",
      uidValidity: before.folders[0]!.uidValidity,
      uid: target[0]!.u,
    });
    expect(u.statusCode).toBe(409);

    // The fresh listing's UIDs act on exactly that sender's mail.
    const again = from(after, senderOf(1));
    const ok = await post(dora, "/api/email/actions", { action: "trash", targets: targetsOf(after, again) });
    expect(ok.json<EmailActionResult>().count).toBe(target.length);
    const trash = await list(dora, ["Trash"]);
    expect(trash.messages.every((m) => m.a === senderOf(1))).toBe(true);
    expect(trash.messages).toHaveLength(target.length);
    await post(dora, "/api/email/undo", { action: "trash", targets: ok.json<EmailActionResult>().undo });
  });

  it("Trash renumbered between action and undo: Undo is refused and nothing moves back", async () => {
    const before = await list(dora, ["INBOX"]);
    const target = from(before, senderOf(2));
    const res = await post(dora, "/api/email/actions", { action: "trash", targets: targetsOf(before, target) });
    const trashed = res.json<EmailActionResult>();
    expect(trashed.count).toBe(target.length);
    // Other mail in Trash, so renumbered UIDs would name other messages.
    const other = from(before, senderOf(3));
    await post(dora, "/api/email/actions", { action: "trash", targets: targetsOf(before, other) });
    dovecot.renumber("dora", "Trash");
    const undo = await post(dora, "/api/email/undo", { action: "trash", targets: trashed.undo });
    expect(undo.statusCode).toBe(409);
    expect(undo.json().error).toMatch(new RegExp(`^${RENUMBERED_ERROR} the folder “Trash”`));
    const inbox = await list(dora, ["INBOX"]);
    expect(from(inbox, senderOf(2))).toHaveLength(0);
    expect(from(inbox, senderOf(3))).toHaveLength(0);
    expect(inbox.messages).toHaveLength(before.messages.length - target.length - other.length);
  });

  it("a folder renumbered while this session had it open is refused the same way", async () => {
    const before = await list(dora, ["Archive"]);
    // The listing leaves Archive open on its IMAP connection; Dovecot rebuilds it under that connection.
    dovecot.renumber("dora", "Archive");
    const trashBefore = (await list(dora, ["Trash"])).messages.length;
    const res = await post(dora, "/api/email/actions", { action: "trash", targets: targetsOf(before, before.messages) });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(RENUMBERED_ERROR);
    const after = await list(dora, ["Archive", "Trash"]);
    expect(after.messages.filter((m) => folderOf(after, m) === "Archive")).toHaveLength(before.messages.length);
    expect(after.messages.filter((m) => folderOf(after, m) === "Trash")).toHaveLength(trashBefore);
  });

  it("a stale list after messages were expunged elsewhere: only the listed messages that remain are moved", async () => {
    const before = await list(dora, ["INBOX"]);
    const target = from(before, senderOf(4));
    expect(target.length).toBeGreaterThan(3);
    // Another mail client deletes two of them and expunges.
    const other = new ImapFlow({
      host: "127.0.0.1",
      port: dovecot.port,
      secure: true,
      auth: { user: "dora", pass: "dora-pw" },
      tls: { ca: readFileSync(dovecot.caFile) },
      logger: false,
    });
    await other.connect();
    const lock = await other.getMailboxLock("INBOX");
    await other.messageDelete(
      target.slice(0, 2).map((m) => m.u),
      { uid: true },
    );
    lock.release();
    await other.logout();
    const res = await post(dora, "/api/email/actions", { action: "trash", targets: targetsOf(before, target) });
    expect(res.statusCode).toBe(200);
    expect(res.json<EmailActionResult>().count).toBe(target.length - 2);
    const after = await list(dora, ["INBOX"]);
    expect(from(after, senderOf(4))).toHaveLength(0);
    expect(after.messages).toHaveLength(before.messages.length - target.length);
  });
});
