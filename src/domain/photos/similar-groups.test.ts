import { describe, expect, it } from "vitest";
import { seededRandom } from "../testing/grey-scenes";
import { hammingDistance } from "./perceptual-hash";
import { groupSimilar } from "./similar-groups";
import { CROP_MAX_DISTANCE, SIMILAR_MAX_DISTANCE } from "./thresholds";

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

  it("finds a cropped copy through a window of its original, and never compares windows with windows (issue 37)", () => {
    const random = seededRandom(7);
    const original = randomHash(random);
    const window = randomHash(random);
    // The crop's own hash is far from the original's (the low frequencies moved), near one window.
    const crop = flip(window, CROP_MAX_DISTANCE, random);
    expect(hammingDistance(crop, original)).toBeGreaterThan(SIMILAR_MAX_DISTANCE);
    const crops = (middle: string) => randomHash(random) + randomHash(random) + middle + randomHash(random) + randomHash(random);
    expect(
      groupSimilar(
        [
          { id: 1, hash: original, crops: crops(window) },
          { id: 2, hash: crop },
        ],
        SIMILAR_MAX_DISTANCE,
      ),
    ).toEqual([[1, 2]]);
    // Without its windows the original meets nothing; a window one bit too far meets nothing.
    expect(
      groupSimilar(
        [
          { id: 1, hash: original },
          { id: 2, hash: crop },
        ],
        SIMILAR_MAX_DISTANCE,
      ),
    ).toEqual([]);
    const farther = flip(crop, CROP_MAX_DISTANCE + 2, random);
    expect(
      groupSimilar(
        [
          { id: 1, hash: original, crops: crops(farther) },
          { id: 2, hash: crop },
        ],
        SIMILAR_MAX_DISTANCE,
      ),
    ).toEqual([]);
    // Two photos whose windows are alike but whose pictures are not: not grouped.
    const shared = crops(window);
    const other = flip(original, 32, random);
    for (let at = 0; at < 80; at += 16) expect(hammingDistance(other, shared.slice(at, at + 16))).toBeGreaterThan(CROP_MAX_DISTANCE);
    expect(
      groupSimilar(
        [
          { id: 3, hash: original, crops: shared },
          { id: 4, hash: other, crops: shared },
        ],
        SIMILAR_MAX_DISTANCE,
      ),
    ).toEqual([]);
  });

  it("looks up five windows a photo at about the cost of its own hash (2 bits a word)", () => {
    const random = seededRandom(43);
    const items = Array.from({ length: 5000 }, (_, i) => ({
      id: i,
      hash: randomHash(random),
      crops: Array.from({ length: 5 }, () => randomHash(random)).join(""),
    }));
    let calls = 0;
    groupSimilar(items, SIMILAR_MAX_DISTANCE, () => {
      calls++;
      return 64;
    });
    // The own hashes' probes compare about 4% of the pairs; the windows' add about 1% per window.
    expect(calls).toBeLessThan((items.length * items.length) / 2 / 20 + 5 * items.length * items.length * 0.01);
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
