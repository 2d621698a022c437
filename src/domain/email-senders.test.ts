import { describe, expect, it } from "vitest";
import { groupBySender, newsletters, OLD_MAIL_MS, selectMessages, totalsOf, VERY_OLD_MAIL_MS } from "./email-senders";
import type { MailMeta } from "./schemas/email";

const NOW = Date.UTC(2026, 10, 24);
const msg = (u: number, a: string, over: Partial<MailMeta> = {}): MailMeta => ({
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
      unsubscribeUid: 3,
      uids: [1, 2, 3],
    });
    expect(b).toMatchObject({ address: "b@x.test", count: 1, unsubscribe: 0, unsubscribeUid: null });
  });

  it("ranks by size when asked, and newsletters are the senders offering an unsubscribe", () => {
    expect(groupBySender(mail, "size").map((g) => g.address)).toEqual(["b@x.test", "a@x.test"]);
    expect(newsletters(groupBySender(mail)).map((g) => g.address)).toEqual(["a@x.test"]);
  });
});

describe("selectMessages (quick-select and presets)", () => {
  const mail = [msg(1, "a@x.test", { r: true }), msg(200, "a@x.test"), msg(400, "b@x.test", { z: 3_000_000 })];
  it("unread, old (over 6 months), older than a year, large", () => {
    expect(selectMessages(mail, "unread", NOW).map((m) => m.u)).toEqual([1]);
    expect(selectMessages(mail, "old", NOW).map((m) => m.u)).toEqual([200, 400]);
    expect(selectMessages(mail, "older-than-year", NOW).map((m) => m.u)).toEqual([400]);
    expect(selectMessages(mail, "large", NOW).map((m) => m.u)).toEqual([400]);
    expect(OLD_MAIL_MS).toBeLessThan(VERY_OLD_MAIL_MS);
  });
  it("totals", () => {
    expect(totalsOf(mail)).toEqual({ count: 3, unread: 1, bytes: 3_002_000 });
  });
});
