import { hashWords } from "./perceptual-hash";
import { CROP_MAX_DISTANCE } from "./thresholds";

export interface HashedItem {
  id: number;
  hash: string;
  /** The hashes of the picture turned 90°, 180° and 270° (48 hex digits), when known. */
  turns?: string;
  /** The hashes of five windows of the picture (80 hex digits), when known: looked up, never filed. */
  crops?: string;
}

const WORDS = 4;
const KEYS = 1 << 16;

/** Set bits of every 16-bit value: four lookups make a 64-bit Hamming distance. */
let popcounts: Uint8Array | null = null;
function popcountTable(): Uint8Array {
  if (!popcounts) {
    popcounts = new Uint8Array(KEYS);
    for (let v = 1; v < KEYS; v++) popcounts[v] = (v & 1) + popcounts[v >> 1]!;
  }
  return popcounts;
}

/**
 * Groups items whose hashes lie within `maxDistance` bits of another's, transitively
 * (issue 19), without comparing every pair: multi-index hashing. The 64 bits are cut into
 * four 16-bit words; two hashes within r bits differ in at most ⌊r/4⌋ bits in at least one
 * word (pigeonhole), so each hash is compared only with the hashes filed under a word within
 * ⌊r/4⌋ bits of one of its own (137 table probes per word at r = 10) — no pair is missed,
 * and for random hashes at r = 10 under 1% of the pairs are compared (decision 021). Identical hashes
 * are joined up front, so a thousand copies of one picture cost no comparison at all.
 * `distance`, when given, replaces the built-in Hamming distance: tests count the calls.
 * Returns groups of two or more ids, each sorted, in order of their smallest id.
 */
export function groupSimilar(
  items: readonly HashedItem[],
  maxDistance: number,
  distance?: (a: string, b: string) => number,
  cropMaxDistance: number = CROP_MAX_DISTANCE,
): number[][] {
  // Every hash of an item is filed (its turned ones too) and joined to the item's own: a copy
  // turned in its pixels then meets the original through the original's turned hash.
  const byHash = new Map<string, number[]>();
  for (const item of items) {
    const hashes = [item.hash];
    if (item.turns && item.turns.length === 48) for (let at = 0; at < 48; at += 16) hashes.push(item.turns.slice(at, at + 16));
    for (const hash of hashes) {
      const ids = byHash.get(hash);
      if (ids) ids.push(item.id);
      else byHash.set(hash, [item.id]);
    }
  }
  const hashes = [...byHash.keys()];
  const n = hashes.length;
  const words = new Uint16Array(n * WORDS);
  hashes.forEach((hash, i) => words.set(hashWords(hash), i * WORDS));
  const tables = Array.from({ length: WORDS }, (_, w) => fileByWord(words, n, w));
  const bits = popcountTable();
  const parent = Int32Array.from({ length: n }, (_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!;
    return i;
  };
  const firstHashOf = new Map<number, number>();
  hashes.forEach((hash, i) => {
    for (const id of byHash.get(hash)!) {
      const first = firstHashOf.get(id);
      if (first === undefined) firstHashOf.set(id, i);
      else parent[find(i)] = find(first);
    }
  });
  const flips = flipMasks(Math.floor(Math.max(0, maxDistance) / WORDS));
  const seenBy = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    const a = i * WORDS;
    for (let w = 0; w < WORDS; w++) {
      const { starts, members } = tables[w]!;
      const key = words[a + w]!;
      for (const flip of flips) {
        const bucket = key ^ flip;
        // Buckets list items in index order: the ones before i are the pairs not yet seen.
        for (let k = starts[bucket]!, end = starts[bucket + 1]!; k < end; k++) {
          const j = members[k]!;
          if (j >= i) break;
          if (seenBy[j] === i) continue;
          seenBy[j] = i;
          const b = j * WORDS;
          const d = distance
            ? distance(hashes[i]!, hashes[j]!)
            : bits[words[a]! ^ words[b]!]! +
              bits[words[a + 1]! ^ words[b + 1]!]! +
              bits[words[a + 2]! ^ words[b + 2]!]! +
              bits[words[a + 3]! ^ words[b + 3]!]!;
          if (d <= maxDistance) parent[find(i)] = find(j);
        }
      }
    }
  }
  // Cropped copies: each window hash of an item looks for items' own hashes (not their turned
  // or window ones) within CROP_MAX_DISTANCE, through tables of those alone. Looked up and
  // never filed, so windows are not compared with windows; at 2 bits a word the five look-ups
  // cost about what the item's own hashes do.
  const indexOf = new Map(hashes.map((hash, i) => [hash, i]));
  const ownIndexes = Uint32Array.from(new Set(items.map((item) => indexOf.get(item.hash)!)));
  const ownWords = new Uint16Array(ownIndexes.length * WORDS);
  ownIndexes.forEach((i, k) => ownWords.set(words.subarray(i * WORDS, i * WORDS + WORDS), k * WORDS));
  const ownTables = Array.from({ length: WORDS }, (_, w) => fileByWord(ownWords, ownIndexes.length, w));
  const seenByQuery = new Int32Array(ownIndexes.length).fill(-1);
  const cropDistance = Math.min(maxDistance, cropMaxDistance);
  const cropFlips = flipMasks(Math.floor(Math.max(0, cropDistance) / WORDS));
  let query = 0;
  for (const item of items) {
    if (!item.crops || item.crops.length !== 80) continue;
    const from = indexOf.get(item.hash)!;
    for (let at = 0; at < 80; at += 16) {
      const windowHash = item.crops.slice(at, at + 16);
      const window = hashWords(windowHash);
      query++;
      for (let w = 0; w < WORDS; w++) {
        const { starts, members } = ownTables[w]!;
        for (const flip of cropFlips) {
          const bucket = window[w]! ^ flip;
          for (let k = starts[bucket]!, end = starts[bucket + 1]!; k < end; k++) {
            const j = members[k]!;
            if (seenByQuery[j] === query) continue;
            seenByQuery[j] = query;
            const b = j * WORDS;
            const d = distance
              ? distance(windowHash, hashes[ownIndexes[j]!]!)
              : bits[window[0] ^ ownWords[b]!]! +
                bits[window[1] ^ ownWords[b + 1]!]! +
                bits[window[2] ^ ownWords[b + 2]!]! +
                bits[window[3] ^ ownWords[b + 3]!]!;
            if (d <= cropDistance) parent[find(from)] = find(ownIndexes[j]!);
          }
        }
      }
    }
  }
  const groups = new Map<number, number[]>();
  for (const [id, i] of firstHashOf) {
    const root = find(i);
    const ids = groups.get(root);
    if (ids) ids.push(id);
    else groups.set(root, [id]);
  }
  return [...groups.values()]
    .filter((ids) => ids.length >= 2)
    .map((ids) => ids.sort((a, b) => a - b))
    .sort((a, b) => a[0]! - b[0]!);
}

/** Items by their w-th word, as one array of indexes sliced by `starts` (counting sort: index order within a key). */
function fileByWord(words: Uint16Array, n: number, w: number): { starts: Uint32Array; members: Uint32Array } {
  const starts = new Uint32Array(KEYS + 1);
  for (let i = 0; i < n; i++) starts[words[i * WORDS + w]! + 1]!++;
  for (let k = 0; k < KEYS; k++) starts[k + 1]! += starts[k]!;
  const next = starts.slice(0, KEYS);
  const members = new Uint32Array(n);
  for (let i = 0; i < n; i++) members[next[words[i * WORDS + w]!]!++] = i;
  return { starts, members };
}

/** Every 16-bit mask with at most `radius` bits set (radius 2: 137 masks, 3: 697). */
function flipMasks(radius: number): number[] {
  const masks: number[] = [];
  for (let m = 0; m < KEYS; m++) if (bitCount(m) <= radius) masks.push(m);
  return masks;
}

function bitCount(m: number): number {
  let count = 0;
  for (; m; m &= m - 1) count++;
  return count;
}
