import { describe, expect, it } from "vitest";
import { seededRandom } from "../testing/grey-scenes";
import { hammingDistance } from "./perceptual-hash";
import { groupSimilar } from "./similar-groups";
import { SIMILAR_MAX_DISTANCE } from "./thresholds";

function randomHash(random: () => number): string {
  let hex = "";
  for (let i = 0; i < 16; i++) hex += Math.floor(random() * 16).toString(16);
  return hex;
}

/** The hash with `bits` distinct bits flipped. */
function flip(hash: string, bits: number, random: () => number): string {
  const value = [...hash].map((c) => parseInt(c, 16));
  const chosen = new Set<number>();
  while (chosen.size < bits) chosen.add(Math.floor(random() * 64));
  for (const bit of chosen) value[bit >> 2]! ^= 8 >> (bit & 3);
  return value.map((v) => v.toString(16)).join("");
}

describe("groupSimilar", () => {
  it("groups within the distance, transitively, and leaves the rest alone", () => {
    const groups = groupSimilar(
      [
        { id: 1, hash: "0000000000000000" },
        { id: 2, hash: "000000000000003f" }, // 6 from 1
        { id: 3, hash: "0000000000000fff" }, // 6 from 2, 12 from 1
        { id: 4, hash: "ffffffffffffffff" },
        { id: 5, hash: "ffffffffffffffff" }, // identical to 4
        { id: 6, hash: "00ff00ff00ff00ff" },
      ],
      8,
    );
    expect(groups).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
  });

  it("finds every planted near-duplicate among 5,000 hashes with far fewer than n²/2 comparisons", () => {
    // At the committed distance (14 bits) each word is probed within 3 bits: about 4% of the pairs are compared.
    const random = seededRandom(42);
    const items = Array.from({ length: 5000 }, (_, i) => ({ id: i, hash: randomHash(random) }));
    // 100 planted pairs, 1 to SIMILAR_MAX_DISTANCE bits apart.
    for (let p = 0; p < 100; p++) items.push({ id: 10_000 + p, hash: flip(items[p * 7]!.hash, 1 + (p % SIMILAR_MAX_DISTANCE), random) });
    let calls = 0;
    const counting = (a: string, b: string): number => {
      calls++;
      return hammingDistance(a, b);
    };
    const groups = groupSimilar(items, SIMILAR_MAX_DISTANCE, counting);
    for (let p = 0; p < 100; p++) expect(groups.some((g) => g.includes(p * 7) && g.includes(10_000 + p))).toBe(true);
    const halfSquare = (items.length * items.length) / 2;
    expect(calls).toBeLessThan(halfSquare / 20);
    // The built-in distance finds the same groups.
    expect(groupSimilar(items, SIMILAR_MAX_DISTANCE)).toEqual(groups);
  });

  it("costs no comparisons for many copies of one hash", () => {
    let calls = 0;
    const items = Array.from({ length: 2000 }, (_, i) => ({ id: i, hash: "0123456789abcdef" }));
    const groups = groupSimilar(items, SIMILAR_MAX_DISTANCE, (a, b) => {
      calls++;
      return hammingDistance(a, b);
    });
    expect(groups).toHaveLength(1);
    expect(groups[0]).toHaveLength(2000);
    expect(calls).toBe(0);
  });
});
