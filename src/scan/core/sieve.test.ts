import { describe, expect, it } from "vitest";
import { WHOLE_FILE_FIRST_PASS_BYTES } from "./key-ranges";
import { type KeySource, sieve, splitByKey, stringKeys } from "./sieve";

/** Members with a size, a first key and a full key (null: unreadable in that pass); records what each pass asked for. */
function source(files: Record<number, { size: number; first: string | null; full?: string | null }>) {
  const asked: number[][] = [[], []];
  const keySource: KeySource = {
    size: (m) => files[m]?.size ?? 0,
    keys(pass, members) {
      asked[pass]?.push(...members);
      return stringKeys(members.map((m) => (pass === 0 ? (files[m]?.first ?? null) : (files[m]?.full ?? null))));
    },
  };
  return { keySource, asked };
}

describe("sieve (the scan core)", () => {
  const small = 100;
  const large = WHOLE_FILE_FIRST_PASS_BYTES + 1;

  it("settles files the first pass read whole, and reads every byte only of large first-key survivors", async () => {
    const { keySource, asked } = source({
      0: { size: small, first: "a" },
      1: { size: small, first: "a" },
      2: { size: small, first: "b" },
      3: { size: large, first: "x", full: "X" },
      4: { size: large, first: "x", full: "X" },
      5: { size: large, first: "x", full: "Y" },
      6: { size: large, first: "z", full: "Z" },
    });
    const out = await sieve(
      [
        [0, 1, 2],
        [3, 4, 5, 6],
      ],
      keySource,
    );
    expect(out).toEqual({
      groups: [
        [0, 1],
        [3, 4],
      ],
      unreadable: 0,
    });
    expect(asked).toEqual([
      [0, 1, 2, 3, 4, 5, 6],
      [3, 4, 5],
    ]);
  });

  it("leaves unreadable members out of every group and counts them, in either pass", async () => {
    const { keySource } = source({
      0: { size: large, first: "x", full: "X" },
      1: { size: large, first: null },
      2: { size: large, first: "x", full: null },
      3: { size: large, first: "x", full: "X" },
    });
    expect(await sieve([[0, 1, 2, 3]], keySource)).toEqual({ groups: [[0, 3]], unreadable: 2 });
  });

  it("without keys (metadata-only), equal size is the answer and nothing is asked", async () => {
    expect(await sieve([[4, 7]], null)).toEqual({ groups: [[4, 7]], unreadable: 0 });
  });

  it("splits a large group by buckets into the classes pairwise comparison gives: first-member order, slot order", () => {
    const keys = Array.from({ length: 90 }, (_, k) => (k % 7 === 3 ? null : `k${(k * 5) % 4}`));
    const big = splitByKey([keys.map((_, k) => k)], stringKeys(keys));
    const classes = new Map<string, number[]>();
    keys.forEach((key, k) => {
      if (key !== null) classes.set(key, [...(classes.get(key) ?? []), k]);
    });
    expect(big.groups).toEqual([...classes.values()]);
    expect(big.unreadable).toBe(keys.filter((k) => k === null).length);
  });
});
