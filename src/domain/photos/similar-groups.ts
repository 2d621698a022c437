import { hammingDistance, hashWords } from "./perceptual-hash";

export interface HashedItem {
  id: number;
  hash: string;
}

/**
 * Groups items whose hashes lie within `maxDistance` bits of another's, transitively
 * (issue 19), without comparing every pair: multi-index hashing. The 64 bits are cut into
 * four 16-bit words; two hashes within r bits differ in at most ⌊r/4⌋ bits in at least one
 * word (pigeonhole), so each hash is compared only with those filed under a word within
 * ⌊r/4⌋ bits of one of its own — a few hundred table probes instead of a scan of all hashes.
 * Identical hashes are joined up front, so a thousand copies of one picture cost no pairs.
 * `distance` is there for tests that count the comparisons.
 * Returns groups of two or more ids, each sorted, in order of their smallest id.
 */
export function groupSimilar(
  items: readonly HashedItem[],
  maxDistance: number,
  distance: (a: string, b: string) => number = hammingDistance,
): number[][] {
  const byHash = new Map<string, number[]>();
  for (const item of items) {
    const ids = byHash.get(item.hash);
    if (ids) ids.push(item.id);
    else byHash.set(item.hash, [item.id]);
  }
  const hashes = [...byHash.keys()];
  const parent = hashes.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!;
    return i;
  };
  const radius = Math.floor(Math.max(0, maxDistance) / 4);
  const flips = flipMasks(radius);
  const tables = [new Map<number, number[]>(), new Map<number, number[]>(), new Map<number, number[]>(), new Map<number, number[]>()];
  const seenBy = new Int32Array(hashes.length).fill(-1);
  hashes.forEach((hash, i) => {
    const words = hashWords(hash);
    for (let w = 0; w < 4; w++) {
      for (const flip of flips) {
        for (const j of tables[w]!.get(words[w]! ^ flip) ?? []) {
          if (seenBy[j] === i) continue;
          seenBy[j] = i;
          if (distance(hash, hashes[j]!) <= maxDistance) parent[find(i)] = find(j);
        }
      }
    }
    for (let w = 0; w < 4; w++) {
      const bucket = tables[w]!.get(words[w]!);
      if (bucket) bucket.push(i);
      else tables[w]!.set(words[w]!, [i]);
    }
  });
  const groups = new Map<number, number[]>();
  hashes.forEach((hash, i) => {
    const root = find(i);
    const ids = groups.get(root);
    if (ids) ids.push(...byHash.get(hash)!);
    else groups.set(root, [...byHash.get(hash)!]);
  });
  return [...groups.values()]
    .filter((ids) => ids.length >= 2)
    .map((ids) => ids.sort((a, b) => a - b))
    .sort((a, b) => a[0]! - b[0]!);
}

/** Every 16-bit mask with at most `radius` bits set (radius 2: 137 masks, 3: 697). */
function flipMasks(radius: number): number[] {
  let masks = [0];
  const all = new Set(masks);
  for (let r = 0; r < Math.min(radius, 16); r++) {
    const next: number[] = [];
    for (const mask of masks) {
      for (let bit = 0; bit < 16; bit++) {
        const m = mask | (1 << bit);
        if (!all.has(m)) {
          all.add(m);
          next.push(m);
        }
      }
    }
    masks = next;
  }
  return [...all];
}
