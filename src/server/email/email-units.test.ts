import { describe, expect, it } from "vitest";
import { parseUnsubscribe, unsubscribeLevel } from "./list-unsubscribe";
import { open, seal } from "./secret-box";
import { isPrivateAddress, parseAllowList, resolvePublicAddress } from "./ssrf-guard";
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
    expect(both).toEqual({ http: "https://l.example/u?id=1", mailto: "mailto:x@l.example", oneClick: true });
    expect(unsubscribeLevel(both)).toBe(2);
    const linkOnly = parseUnsubscribe("List-Unsubscribe: <https://l.example/u>\r\n");
    expect(linkOnly.oneClick).toBe(false);
    expect(unsubscribeLevel(linkOnly)).toBe(1);
    expect(unsubscribeLevel(parseUnsubscribe(""))).toBe(0);
  });
});

describe("uidSets", () => {
  it("compresses runs and splits long sets", () => {
    expect(uidSets([5, 1, 2, 3, 9, 10, 3])).toEqual(["1:3,5,9:10"]);
    expect(uidSets([1, 3, 5, 7], 2)).toEqual(["1,3", "5,7"]);
  });
});
