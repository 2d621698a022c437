import { describe, expect, it } from "vitest";
import { decodeWords, headerFields, senderCache, senderFromEnvelope, senderFromHeader, senderOf } from "./from-header";
import { parseUnsubscribe, unsubscribeLevel } from "./list-unsubscribe";
import { open, seal } from "./secret-box";
import { isPrivateAddress, parseAllowList, resolvePublicAddress } from "./ssrf-guard";
import { batchSize, FIRST_BATCH, MAX_BATCH } from "./mailbox";
import { uidSets } from "./uid-set";

describe("SSRF guard", () => {
  it.each([
    "127.0.0.1",
    "10.1.2.3",
    "172.20.0.1",
    "192.168.0.1",
    "169.254.169.254",
    "100.64.1.1",
    "0.0.0.0",
    "224.0.0.1",
    "::1",
    "fe80::1",
    "fd00::1",
    "::ffff:127.0.0.1",
    "::ffff:10.0.0.1",
    "::ffff:7f00:1",
    "0:0:0:0:0:ffff:a00:1",
  ])("%s is private", (a) => {
    expect(isPrivateAddress(a)).toBe(true);
  });
  it.each(["8.8.8.8", "142.250.1.108", "2a00:1450:4001:80b::200e", "::ffff:8.8.8.8"])("%s is public", (a) => {
    expect(isPrivateAddress(a)).toBe(false);
  });
  it("refuses private literals unless allow-listed, and never looks up an IP literal", async () => {
    await expect(resolvePublicAddress("127.0.0.1", new Set())).rejects.toThrow(/private or local network/);
    await expect(resolvePublicAddress("[::1]", new Set())).rejects.toThrow(/private or local network/);
    expect(await resolvePublicAddress("127.0.0.1", parseAllowList(" 127.0.0.1 ,x"))).toBe("127.0.0.1");
    expect(await resolvePublicAddress("8.8.8.8", new Set())).toBe("8.8.8.8");
  });
});

describe("sealed mailbox passwords", () => {
  const key = "k".repeat(40);
  it("open only with the same key and the same user", () => {
    const sealed = seal(key, 7, "app password ✓");
    expect(sealed).not.toContain("app password");
    expect(open(key, 7, sealed)).toBe("app password ✓");
    expect(open(key, 8, sealed)).toBeNull();
    expect(open("j".repeat(40), 7, sealed)).toBeNull();
    expect(open(key, 7, sealed.slice(0, -2))).toBeNull();
    expect(seal(key, 7, "same")).not.toBe(seal(key, 7, "same"));
  });
});

describe("List-Unsubscribe (RFC 2369 / RFC 8058)", () => {
  it("one-click needs both the https URL and List-Unsubscribe-Post", () => {
    const both = parseUnsubscribe(
      "List-Unsubscribe: <mailto:x@l.example>,\r\n <https://l.example/u?id=1>\r\nList-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n",
    );
    expect(both).toEqual({ http: "https://l.example/u?id=1", mailto: "mailto:x@l.example", oneClick: true, insecureOneClick: false });
    expect(unsubscribeLevel(both)).toBe(2);
    const linkOnly = parseUnsubscribe("List-Unsubscribe: <https://l.example/u>\r\n");
    expect(linkOnly.oneClick).toBe(false);
    expect(unsubscribeLevel(linkOnly)).toBe(1);
    expect(unsubscribeLevel(parseUnsubscribe(""))).toBe(0);
  });

  it("one-click over plain http is never one-click (RFC 8058 §3 needs https): a link, flagged insecure", () => {
    const plain = parseUnsubscribe("List-Unsubscribe: <http://l.example/u>\r\nList-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n");
    expect(plain).toEqual({ http: "http://l.example/u", mailto: null, oneClick: false, insecureOneClick: true });
    expect(unsubscribeLevel(plain)).toBe(1);
    // An https target wins over an http one in the same header.
    expect(
      parseUnsubscribe(
        "List-Unsubscribe: <http://l.example/a>, <https://l.example/b>\r\nList-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n",
      ),
    ).toMatchObject({ http: "https://l.example/b", oneClick: true });
  });
});

describe("raw header lines", () => {
  it("are read in one pass: names case-insensitive, folded lines unfolded, the first of a repeated field kept", () => {
    const fields = headerFields(
      'FROM: "Okafor,\r\n Chidi" <c@x.example>\r\nSubject: =?utf-8?q?Caf=C3=A9?=\r\n\tmenu\r\nSubject: second\r\nbroken line\r\n\r\n',
    );
    expect(fields.get("from")).toBe('"Okafor, Chidi" <c@x.example>');
    expect(fields.get("subject")).toBe("=?utf-8?q?Caf=C3=A9?= menu");
    expect(decodeWords(fields.get("subject")!)).toBe("Café menu");
    expect(fields.has("broken line")).toBe(false);
  });

  it("are read from bare-LF lines and from a last line without a line break", () => {
    const fields = headerFields("From: a@x.example\n\tb\nList-Unsubscribe: <https://u.example/1>\r\nX-Last:  end ");
    expect([...fields]).toEqual([
      ["from", "a@x.example b"],
      ["list-unsubscribe", "<https://u.example/1>"],
      ["x-last", "end"],
    ]);
    expect(headerFields("")).toEqual(new Map());
    expect(headerFields(": no name\r\n\r\n")).toEqual(new Map());
  });

  it("remember a parsed From value within a listing", () => {
    const of = senderCache(2);
    const a = of("A <a@x.example>");
    expect(of("A <a@x.example>")).toBe(a);
    of("B <b@x.example>");
    of("C <c@x.example>");
    expect(of("A <a@x.example>")).toEqual({ address: "a@x.example", name: "A" });
  });

  it("keeps each raw From value's own reading when two decode to the same address", () => {
    const of = senderCache();
    const encoded = of("=?utf-8?q?J=C3=BCrgen?= <J@X.example>");
    const plain = of("Jürgen <j@x.example>");
    const other = of('"Sales team" <j@x.example>');
    expect(encoded).toEqual({ address: "j@x.example", name: "Jürgen" });
    expect(plain).toEqual({ address: "j@x.example", name: "Jürgen" });
    // Keyed by the raw value, never by the address: a second name for the same address stays its own.
    expect(other).toEqual({ address: "j@x.example", name: "Sales team" });
    expect(of("=?utf-8?q?J=C3=BCrgen?= <J@X.example>")).toBe(encoded);
    expect(of('"Sales team" <j@x.example>')).toBe(other);
  });
});

describe("the sender from the raw From header", () => {
  it.each([
    ["Okafor, Chidi <chidi.okafor@clinic.example>", "chidi.okafor@clinic.example", "Okafor, Chidi"],
    ["Team Updates: updates@team-news.example;", "updates@team-news.example", "Team Updates"],
    ["Team: Ann <ann@t.example>, bob@t.example;", "ann@t.example", "Ann"],
    ["MAILER DAEMON <>", "", "MAILER DAEMON"],
    ["foo", "", "foo"],
    ["<>", "", ""],
    ["Jane.Doe@Example.COM (Jane Doe)", "jane.doe@example.com", "Jane Doe"],
    ["=?utf-8?q?J=C3=BCrgen?= <j@x.example>", "j@x.example", "Jürgen"],
    ["=?utf-8?q?broken <j@x.example>", "j@x.example", "=?utf-8?q?broken"],
  ])("%s", (value, address, name) => {
    expect(senderFromHeader(value)).toEqual({ address, name });
  });

  it("uses the ENVELOPE only without a From header, and never an address the server invented", () => {
    expect(senderOf("Subject: x\r\n", { name: "Env", address: "env@x.example" })).toEqual({ address: "env@x.example", name: "Env" });
    expect(senderOf("From: Real <real@x.example>\r\n", { address: "env@x.example" })).toEqual({ address: "real@x.example", name: "Real" });
    expect(senderFromEnvelope({ address: "okafor@MISSING_DOMAIN" })).toEqual({ address: "", name: "" });
    expect(senderFromEnvelope({ address: "missing_mailbox@missing_domain", name: "MAILER DAEMON" })).toEqual({
      address: "",
      name: "MAILER DAEMON",
    });
    expect(senderFromEnvelope({ address: "x@.MISSING-HOST-NAME." })).toEqual({ address: "", name: "" });
  });
});

describe("listing batches", () => {
  it("start small and grow with what was sent, so the page's regrouping stays linear in the mailbox", () => {
    expect(batchSize(0)).toBe(FIRST_BATCH);
    const sizes: number[] = [];
    let sent = 0;
    let regrouped = 0;
    while (sent < 50_000) {
      const size = Math.min(batchSize(sent), 50_000 - sent);
      sizes.push(size);
      sent += size;
      // The page groups every message it holds after each batch.
      regrouped += sent;
    }
    expect(sizes[0]).toBe(FIRST_BATCH);
    expect(Math.max(...sizes)).toBe(MAX_BATCH);
    expect(sizes.length).toBeLessThanOrEqual(20);
    expect(regrouped).toBeLessThanOrEqual(4 * 50_000);
  });
});

describe("uidSets", () => {
  it("compresses runs and splits long sets", () => {
    expect(uidSets([5, 1, 2, 3, 9, 10, 3])).toEqual(["1:3,5,9:10"]);
    expect(uidSets([1, 3, 5, 7], 2)).toEqual(["1,3", "5,7"]);
  });
});
