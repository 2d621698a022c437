import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mailboxKey } from "./mailbox-key";

/** Local parts as people type them: letters, digits, and single dots between them. */
const word = fc.stringMatching(/^[a-z0-9]{1,10}$/);
const localPart = fc.array(word, { minLength: 1, maxLength: 3 }).map((parts) => parts.join("."));
const tag = fc.stringMatching(/^[a-z0-9.+-]{0,12}$/);
const otherDomain = fc.constantFrom("example.com", "outlook.com", "icloud.com", "fastmail.com", "proton.me", "yahoo.com");

/** Inserts dots anywhere in `local` (Gmail ignores them). */
const dotted = (local: string, positions: number[]) => {
  const chars = [...local];
  for (const p of positions) chars.splice(p % (chars.length + 1), 0, ".");
  return chars.join("");
};

describe("mailboxKey: one trial per mailbox, not per spelling (issue 39 #1)", () => {
  it("folds the three spellings the review used into one key", () => {
    expect(new Set(["name@gmail.com", "na.me@gmail.com", "name+again@gmail.com"].map(mailboxKey))).toEqual(new Set(["name@gmail.com"]));
  });

  it.each([
    ["Name@GMail.com", "name@gmail.com"],
    ["  n.a.m.e@googlemail.com ", "name@gmail.com"],
    ["n.a.m.e+x.y@googlemail.com", "name@gmail.com"],
    ["first.last+shop@outlook.com", "first.last@outlook.com"],
    ["first.last@example.com", "first.last@example.com"],
    ["a+b+c@example.com", "a@example.com"],
    ["+tag@example.com", "+tag@example.com"],
    ["name@gmail.com.", "name@gmail.com"],
    ["...@gmail.com", "...@gmail.com"],
  ])("%j → %j", (input, key) => {
    expect(mailboxKey(input)).toBe(key);
  });

  it("Gmail: any dots and any +tag in the local part, on either Google domain, give the same key", () => {
    fc.assert(
      fc.property(
        localPart,
        fc.array(fc.nat(), { maxLength: 4 }),
        tag,
        fc.constantFrom("gmail.com", "googlemail.com", "GMAIL.COM"),
        (local, dots, t, domain) => {
          const variant = `${dotted(local, dots)}+${t}@${domain}`;
          expect(mailboxKey(variant)).toBe(mailboxKey(`${local}@gmail.com`));
        },
      ),
    );
  });

  it("any host: a +tag gives the same key, but dots stay significant", () => {
    fc.assert(
      fc.property(localPart, tag, otherDomain, (local, t, domain) => {
        expect(mailboxKey(`${local}+${t}@${domain}`)).toBe(`${local}@${domain}`);
      }),
    );
    expect(mailboxKey("na.me@example.com")).not.toBe(mailboxKey("name@example.com"));
  });

  it("is idempotent, and keeps different mailboxes apart", () => {
    fc.assert(
      fc.property(localPart, tag, fc.constantFrom("gmail.com", "example.com"), (local, t, domain) => {
        const key = mailboxKey(`${local}+${t}@${domain}`);
        expect(mailboxKey(key)).toBe(key);
      }),
    );
    fc.assert(
      fc.property(word, word, otherDomain, (a, b, domain) => {
        fc.pre(a !== b);
        expect(mailboxKey(`${a}@${domain}`)).not.toBe(mailboxKey(`${b}@${domain}`));
      }),
    );
    expect(mailboxKey("name@gmail.com")).not.toBe(mailboxKey("name@example.com"));
  });
});
