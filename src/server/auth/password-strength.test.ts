/**
 * Issue 39 #6 (ASVS 6.2.11, 6.2.12): the passwords the review got accepted, breached-list
 * passwords beyond the old top 10,000, and the person's own context words are refused,
 * each with a message that says what to do; unrelated words and random text pass.
 */
import { dictionary } from "@zxcvbn-ts/language-common";
import { describe, expect, it } from "vitest";
import { messages } from "../../domain/messages";
import { passwordContextWords } from "../../domain/password-context";
import { weakPasswordMessage } from "./password-strength";

const jane = { name: "Jane Doe", email: "jane.doe+news@example.com" };

describe("weakPasswordMessage", () => {
  it.each(["aaaaaa", "abcdef", "cleanspace", "CleanSpace1", "Password123!", "Qwerty123!"])(
    "refuses %j, which the review found accepted",
    (password) => {
      expect(weakPasswordMessage(password, jane)).not.toBeNull();
    },
  );

  it("refuses passwords from the whole breached list, not only its first 10,000", () => {
    const list = dictionary["passwords-common"] as unknown as string[];
    expect(list.length).toBeGreaterThan(40_000);
    // Every 97th entry past the old cut-off that meets the 6-character rule.
    const sample = list.slice(10_000).filter((p, i) => p.length >= 6 && i % 97 === 0);
    expect(sample.length).toBeGreaterThan(200);
    const accepted = sample.filter((p) => weakPasswordMessage(p, {}) === null);
    expect(accepted).toEqual([]);
  });

  it.each(["Jane2024!", "janedoe1", "DoeJane!!", "jane.doe", "example123", "CleanSpace2025", "cleanspace!"])(
    "refuses %j built from the person's name, e-mail or the product's name, saying so",
    (password) => {
      expect(weakPasswordMessage(password, jane)).toBe(messages.passwordPersonal);
    },
  );

  it.each(["qwertyuiop", "1q2w3e4r5t", "zxcvbnm1", "11111111", "123456789", "abcabcabc", "P@ssw0rd"])("refuses the pattern %j", (p) => {
    expect(weakPasswordMessage(p, {})).toBe(messages.passwordTooCommon);
  });

  it.each(["correct horse battery", "kqzvbx", "x7#kQ2", "violet lantern orbit", "Tr0ub4dor&3 again", "brand new secret"])(
    "accepts %j (unrelated words, or random characters at the spec's minimum)",
    (password) => {
      expect(weakPasswordMessage(password, jane)).toBeNull();
    },
  );

  it("messages help: they say what to do instead", () => {
    expect(messages.passwordTooCommon).toMatch(/Try three or four unrelated words/);
    expect(messages.passwordPersonal).toMatch(/name, your e-mail address or "CleanSpace"/);
  });
});

describe("passwordContextWords", () => {
  it("splits the name and address into the parts people reuse, and adds the product's name", () => {
    const words = passwordContextWords(jane);
    expect(words).toEqual(expect.arrayContaining(["cleanspace", "jane doe", "janedoe", "jane", "doe", "jane.doe", "example", "news"]));
    expect(words.every((w) => w.length >= 3)).toBe(true);
  });
});
