import { describe, expect, it } from "vitest";
import { DEFAULT_PRESETS } from "./filters";
import { filterMail, quickSelectMail } from "./email-filter";
import {
  groupBySender,
  isOld,
  mailKey,
  newsletters,
  searchMessages,
  searchSenders,
  senderLabel,
  sortMessages,
  splitMailKey,
  totalsOf,
} from "./email-senders";
import type { MailMeta } from "./schemas/email";

const NOW = Date.UTC(2026, 10, 24);
const msg = (u: number, a: string, over: Partial<MailMeta> = {}): MailMeta => ({
  f: 0,
  u,
  a,
  n: a.split("@")[0]!,
  s: `s${u}`,
  d: NOW - u * 86_400_000,
  z: 1000,
  r: false,
  l: 0,
  ...over,
});

describe("groupBySender", () => {
  const mail = [
    msg(1, "a@x.test", { r: true }),
    msg(2, "a@x.test", { l: 1 }),
    msg(3, "a@x.test", { l: 2, z: 5000 }),
    msg(4, "b@x.test", { z: 2_000_000 }),
  ];

  it("ranks by count, sums bytes and unread, keeps the latest date and the best unsubscribe offer", () => {
    const [a, b] = groupBySender(mail);
    expect(a).toMatchObject({
      address: "a@x.test",
      count: 3,
      bytes: 7000,
      unread: 1,
      lastDate: NOW - 86_400_000,
      unsubscribe: 2,
      unsubscribeKey: 3,
      keys: [1, 2, 3],
    });
    expect(b).toMatchObject({ address: "b@x.test", count: 1, unsubscribe: 0, unsubscribeKey: null });
  });

  it("ranks by size when asked, and newsletters are the senders offering an unsubscribe", () => {
    expect(groupBySender(mail, "size").map((g) => g.address)).toEqual(["b@x.test", "a@x.test"]);
    expect(newsletters(groupBySender(mail)).map((g) => g.address)).toEqual(["a@x.test"]);
  });
});

describe("senders across folders", () => {
  it("groups a sender's mail from every folder, keeps same-UID messages of different folders apart, and keys split back", () => {
    const mail = [msg(1, "a@x.test"), msg(1, "a@x.test", { f: 2 }), msg(1, "b@x.test", { f: 1 })];
    const [a, b] = groupBySender(mail);
    expect(a).toMatchObject({ key: "a@x.test", count: 2, keys: [1, 2 * 2 ** 32 + 1] });
    expect(b!.keys).toEqual([2 ** 32 + 1]);
    expect(splitMailKey(a!.keys[1]!)).toEqual({ f: 2, u: 1 });
    expect(splitMailKey(mailKey({ f: 499, u: 4_294_967_295 }))).toEqual({ f: 499, u: 4_294_967_295 });
  });
  it("senders without an address are grouped by the name they show, and labelled without an invented address", () => {
    const mail = [msg(1, "", { n: "MAILER DAEMON" }), msg(2, "", { n: "MAILER DAEMON" }), msg(3, "", { n: "foo" }), msg(4, "", { n: "" })];
    const groups = groupBySender(mail);
    expect(groups.map((g) => [g.key, g.count, senderLabel(g)])).toEqual([
      ["name:MAILER DAEMON", 2, "MAILER DAEMON"],
      ["name:foo", 1, "foo"],
      ["(no sender)", 1, "(no sender)"],
    ]);
    expect(senderLabel({ address: "c@x.test", name: "Okafor, Chidi" })).toBe("Okafor, Chidi <c@x.test>");
  });
});

describe("every sender, however many (a 2,000-sender mailbox)", () => {
  const many = Array.from({ length: 6000 }, (_, i) =>
    msg(i + 1, `sender${i % 2000}@bulk.test`, { z: 1000 + (i % 2000), r: i % 3 === 0, n: `Sender ${i % 2000}` }),
  );
  it("groups all 2,000, and each sort keeps them all in a total order", () => {
    for (const sort of ["count", "size", "unread", "recent", "name"] as const) {
      const groups = groupBySender(many, sort);
      expect(groups).toHaveLength(2000);
      expect(new Set(groups.map((g) => g.address)).size).toBe(2000);
    }
    expect(groupBySender(many, "size")[0]!.address).toBe("sender1999@bulk.test");
    expect(
      groupBySender(many, "name")
        .slice(0, 3)
        .map((g) => g.name),
    ).toEqual(["Sender 0", "Sender 1", "Sender 10"]);
    const unread = groupBySender(many, "unread");
    expect(unread[0]!.unread).toBeGreaterThanOrEqual(unread.at(-1)!.unread);
    expect(groupBySender(many, "recent")[0]!.address).toBe("sender0@bulk.test");
  });
  it("finds a sender by address or name, case-insensitively", () => {
    const groups = groupBySender(many);
    expect(searchSenders(groups, "SENDER1999").map((g) => g.address)).toEqual(["sender1999@bulk.test"]);
    expect(searchSenders(groups, "sender 7").length).toBe(111); // 7, 70-79, 700-799
    expect(searchSenders(groups, "  ")).toHaveLength(2000);
  });
});

describe("messages: search and sort", () => {
  const mail = [msg(1, "a@x.test", { s: "Invoice March", z: 10 }), msg(2, "b@y.test", { n: "Bank", z: 30 }), msg(3, "c@z.test", { z: 20 })];
  it("searches sender and subject", () => {
    expect(searchMessages(mail, "invoice").map((m) => m.u)).toEqual([1]);
    expect(searchMessages(mail, "bank").map((m) => m.u)).toEqual([2]);
    expect(searchMessages(mail, "z.test").map((m) => m.u)).toEqual([3]);
  });
  it("sorts by size, oldest and newest first", () => {
    expect(sortMessages(mail, "size").map((m) => m.u)).toEqual([2, 3, 1]);
    expect(sortMessages(mail, "oldest").map((m) => m.u)).toEqual([3, 2, 1]);
    expect(sortMessages(mail, "newest").map((m) => m.u)).toEqual([1, 2, 3]);
  });
});

describe("spec quick-select (unread, old) and presets (Unread, Old emails) on messages", () => {
  const mail = [msg(1, "a@x.test", { r: true }), msg(200, "a@x.test"), msg(400, "b@x.test", { z: 3_000_000 })];
  it("quick-select: unread, and old = over 6 months (spec §9)", () => {
    expect(quickSelectMail(mail, "unread", NOW).map((m) => m.u)).toEqual([1]);
    expect(quickSelectMail(mail, "old", NOW).map((m) => m.u)).toEqual([200, 400]);
  });
  it("the e-mail presets: Unread, and Old emails = older than 365 days", () => {
    const [unread, old] = DEFAULT_PRESETS.email;
    expect(filterMail(mail, unread!.criteria, NOW).map((m) => m.u)).toEqual([1]);
    expect(filterMail(mail, old!.criteria, NOW).map((m) => m.u)).toEqual([400]);
    expect(filterMail(mail, [], NOW)).toHaveLength(3);
  });
  it("criteria read the subject as name and the sender as path", () => {
    const bySender = [{ name: "path", type: "text", operator: "contains", value: "b@x", enabled: true }] as const;
    expect(filterMail(mail, [...bySender], NOW).map((m) => m.u)).toEqual([400]);
    const bySize = [{ name: "size", type: "size", operator: "greater_than", value: 1_000_000, enabled: true }] as const;
    expect(filterMail(mail, [...bySize], NOW).map((m) => m.u)).toEqual([400]);
  });
  it("a message received on 1970-01-01 (INTERNALDATE 0) is old: the Old view, quick-select and preset all include it", () => {
    const epoch = msg(7, "epoch@x.test", { d: 0 });
    expect(isOld(epoch, NOW)).toBe(true);
    expect(quickSelectMail([epoch], "old", NOW)).toEqual([epoch]);
    expect(filterMail([epoch], DEFAULT_PRESETS.email[1]!.criteria, NOW)).toEqual([epoch]);
    expect(sortMessages([...mail, epoch], "oldest")[0]).toBe(epoch);
  });
  it("totals", () => {
    expect(totalsOf(mail)).toEqual({ count: 3, unread: 1, bytes: 3_002_000 });
  });
});
