import { firstPassCoversWholeFile } from "../../scan/content-hasher";
import type { Crew } from "./crew";
import type { EarlyKeys } from "./early-keys";
import type { FileTable } from "./file-table";
import type { KeyPass, NodeHashCache } from "./hash-cache-file";
import { type SideWork, runPass } from "./hash-pass";
import { KEY_BYTES, type KeyReader, copyKey } from "./key-reader";
import { mountsBelow } from "./mounts-below";

export interface FindGroupsInput {
  table: FileTable;
  root: string;
  crew: Crew | null;
  cache: NodeHashCache | null;
  /** A rescan that began without workers: given a pass's files to read, starts them if worth it (else null). */
  startCrew?: (misses: number) => Crew | null;
  /** First-pass keys the workers made during the walk, if any (early-keys.ts). */
  early?: EarlyKeys | null;
  reader: () => KeyReader;
  metadataOnly: boolean;
  signal?: AbortSignal;
  onPhase?: (phase: string) => void;
  onProgress?: (phase: "hash" | "verify", done: number, total: number) => void;
}

export interface FoundGroups {
  /** Item position → file index: one position per physical file (hard links are listed once). */
  itemFiles: Int32Array;
  /** Extra names of files already listed under another name. */
  hardLinks: number;
  /** Duplicate groups as item positions. */
  groups: number[][];
  /** Candidates whose bytes could not be read: left out of every group. */
  unreadable: number;
}

/**
 * Duplicates in three sieves, as the engine's findDuplicates: equal size, a key of the
 * first and last 4 KiB (the whole file up to 64 KiB), then a key of every byte for the
 * survivors — on columns, with 16-byte binary keys, the cache asked before any read.
 */
export function findGroups(input: FindGroupsInput): FoundGroups {
  const { itemFiles, hardLinks } = oneItemPerFile(input.table);
  const { table, metadataOnly, onPhase } = input;
  const positionOf = positionsOf(itemFiles, table.fileCount, hardLinks);
  // Item positions are file indexes when no hard link was folded: then the walk's early keys grouped the sizes already.
  const bySize = (hardLinks === 0 ? input.early?.sizeGroups(table.fileCount) : null) ?? groupBySize(table, itemFiles);
  const sizeGroups = mountsBelow(input.root) ? oneFileOnce(table, itemFiles, bySize) : bySize;
  onPhase?.(`sizes (${sizeGroups.length} sizes shared)`);
  if (metadataOnly) return { itemFiles, hardLinks, groups: sizeGroups, unreadable: 0 };

  // First pass: every member of every size group, one slot each.
  const firstSlots: number[][] = [];
  const firstFiles: number[] = [];
  for (const group of sizeGroups) {
    const slots: number[] = [];
    for (const position of group) {
      slots.push(firstFiles.length);
      firstFiles.push(itemFiles[position] as number);
    }
    firstSlots.push(slots);
  }
  input.cache?.matchAll(firstFiles);
  const first = keysOf(input, 0, firstFiles, null);
  const afterFirst = splitByKey(firstSlots, first.keys, first.ok);
  onPhase?.(`first-pass (${firstFiles.length} files, ${first.read} read, ${first.byWorkers} by workers)`);

  const groups: number[][] = [];
  const fullSlots: number[][] = [];
  const fullFiles: number[] = [];
  for (const slots of afterFirst.groups) {
    const f = firstFiles[slots[0] as number] as number;
    if (firstPassCoversWholeFile(table.size[f] ?? 0)) {
      groups.push(slots.map((s) => positionOf(firstFiles[s] as number)));
      continue;
    }
    const next: number[] = [];
    for (const s of slots) {
      next.push(fullFiles.length);
      fullFiles.push(firstFiles[s] as number);
    }
    fullSlots.push(next);
  }
  // While the workers read the full pass, the main thread also lays out the hash cache's next file.
  const full = keysOf(input, 1, fullFiles, input.cache?.prepareSave() ?? null);
  const afterFull = splitByKey(fullSlots, full.keys, full.ok);
  for (const slots of afterFull.groups) groups.push(slots.map((s) => positionOf(fullFiles[s] as number)));
  onPhase?.(`full-pass (${fullFiles.length} files, ${full.read} read, ${full.byWorkers} by workers)`);
  return {
    itemFiles,
    hardLinks,
    groups,
    unreadable: afterFirst.unreadable + afterFull.unreadable,
  };
}

/**
 * Hard links: several names of one physical file become one item, at the place of the first
 * name in walk order but under the smallest path (the engine's collectFiles rule): deleting
 * one name frees nothing, so they are never "wasted copies".
 */
function oneItemPerFile(table: FileTable): { itemFiles: Int32Array; hardLinks: number } {
  const n = table.fileCount;
  if (table.linkIds.size === 0) return { itemFiles: identity(n), hardLinks: 0 };
  const holder = new Map<string, number>(); // link id → the file index shown for it
  const firstOf = new Map<string, number>(); // link id → the file index whose place it takes
  const dropped = new Uint8Array(n);
  let hardLinks = 0;
  for (const [i, id] of table.linkIds) {
    const shown = holder.get(id);
    if (shown === undefined) {
      holder.set(id, i);
      firstOf.set(id, i);
      continue;
    }
    hardLinks++;
    dropped[i] = 1;
    if (table.path(i) < table.path(shown)) holder.set(id, i);
  }
  const shownAt = new Map<number, number>();
  for (const [id, first] of firstOf) shownAt.set(first, holder.get(id) as number);
  const itemFiles = new Int32Array(n - hardLinks);
  let p = 0;
  for (let i = 0; i < n; i++) if (dropped[i] === 0) itemFiles[p++] = shownAt.get(i) ?? i;
  return { itemFiles, hardLinks };
}

/**
 * One file reached by two paths with one name each — a file bind-mounted onto another name
 * in the tree (rmlint PR #183) — is never its own duplicate: in each size group (few files,
 * so a small set), a member whose device and inode an earlier member has is left out. A
 * file's device is taken as its folder's (the walk keeps no device per file); a file mounted
 * from another file system is caught when acted on instead (apply-plan.ts). Run only when
 * something is mounted below the root (mounts-below.ts): nothing else gives one file two paths
 * of one name each.
 */
function oneFileOnce(table: FileTable, itemFiles: Int32Array, groups: number[][]): number[][] {
  const { ino, dirDev, fileDir } = table;
  const sameFile = (a: number, b: number) => ino[a] === ino[b] && dirDev[fileDir[a] as number] === dirDev[fileDir[b] as number];
  let out: number[][] | null = null;
  for (const [g, group] of groups.entries()) {
    // Numbers only: pairs in a small group; in a large one (many files of one size), inodes in a map.
    let kept: number[] | null = null;
    const byIno = group.length > 32 ? new Map<number, number[]>() : null;
    if (byIno) {
      const f0 = itemFiles[group[0] as number] as number;
      byIno.set(ino[f0] as number, [f0]);
    }
    for (let a = 1; a < group.length; a++) {
      const fa = itemFiles[group[a] as number] as number;
      let twice = false;
      if (byIno) {
        const same = byIno.get(ino[fa] as number);
        twice = same?.some((fb) => sameFile(fa, fb)) ?? false;
        if (same) same.push(fa);
        else byIno.set(ino[fa] as number, [fa]);
      } else {
        for (let b = 0; b < a && !twice; b++) twice = sameFile(fa, itemFiles[group[b] as number] as number);
      }
      if (twice) kept ??= group.slice(0, a);
      else kept?.push(group[a] as number);
    }
    if (kept === null) {
      out?.push(group);
      continue;
    }
    out ??= groups.slice(0, g);
    if (kept.length > 1) out.push(kept);
  }
  return out ?? groups;
}

function identity(n: number): Int32Array {
  const out = new Int32Array(n);
  for (let i = 0; i < n; i++) out[i] = i;
  return out;
}

/** Item positions by size; zero-byte files are never duplicates. Most sizes are unique, so a bucket is a bare number until a second file comes. */
function groupBySize(table: FileTable, itemFiles: Int32Array): number[][] {
  const bySize = new Map<number, number | number[]>();
  const { size } = table;
  for (let p = 0; p < itemFiles.length; p++) {
    const s = size[itemFiles[p] as number] ?? 0;
    if (s === 0) continue;
    const bucket = bySize.get(s);
    if (bucket === undefined) bySize.set(s, p);
    else if (typeof bucket === "number") bySize.set(s, [bucket, p]);
    else bucket.push(p);
  }
  const groups: number[][] = [];
  for (const bucket of bySize.values()) if (typeof bucket !== "number") groups.push(bucket);
  return groups;
}

/** Item position of a file index: the same number unless hard links were folded (then an inverse of itemFiles). */
function positionsOf(itemFiles: Int32Array, files: number, hardLinks: number): (f: number) => number {
  if (hardLinks === 0) return (f) => f;
  const at = new Int32Array(files).fill(-1);
  for (let p = 0; p < itemFiles.length; p++) at[itemFiles[p] as number] = p;
  return (f) => at[f] as number;
}

/** Keys of `files` for one pass: the cache first, the threads for the rest (and the cache remembers those). */
function keysOf(
  input: FindGroupsInput,
  pass: KeyPass,
  files: readonly number[],
  beside: SideWork | null,
): { keys: Buffer; ok: Uint8Array; read: number; byWorkers: number } {
  const { cache, table } = input;
  const keys = Buffer.alloc(files.length * KEY_BYTES);
  const ok = new Uint8Array(files.length);
  const misses: number[] = [];
  const early = pass === 0 ? (input.early ?? null) : null;
  let readEarly = 0;
  /** Slots whose key was computed this scan (read during the walk or now): the cache remembers those. */
  const computed = new Uint8Array(files.length);
  for (let k = 0; k < files.length; k++) {
    const f = files[k] as number;
    if (cache?.lookup(f, pass, keys, k * KEY_BYTES)) {
      ok[k] = 1;
    } else if (early?.key(f, keys, k * KEY_BYTES)) {
      // Read during the walk: as fresh as a read now, so remembered like one.
      ok[k] = 1;
      computed[k] = 1;
      readEarly++;
    } else {
      misses.push(k);
    }
  }
  if (misses.length === 0) {
    cache?.rememberPass(pass, files, keys, computed);
    return { keys, ok, read: readEarly, byWorkers: readEarly };
  }
  const missFiles = misses.map((k) => files[k] as number);
  const crew = input.crew ?? input.startCrew?.(misses.length) ?? null;
  const fresh = runPass(
    {
      crew,
      root: input.root,
      path: (i) => table.path(i),
      size: table.size,
      listedBy: table.listedBy,
      reader: input.reader,
      signal: input.signal,
      onProgress: input.onProgress ? (done, total) => input.onProgress?.(pass === 0 ? "hash" : "verify", done, total) : undefined,
      beside,
    },
    pass,
    missFiles,
  );
  for (let j = 0; j < misses.length; j++) {
    if (fresh.ok[j] !== 1) continue;
    const k = misses[j] as number;
    copyKey(fresh.keys, j * KEY_BYTES, keys, k * KEY_BYTES);
    ok[k] = 1;
    computed[k] = 1;
  }
  cache?.rememberPass(pass, files, keys, computed);
  return { keys, ok, read: readEarly + misses.length, byWorkers: readEarly + fresh.byWorkers };
}

/** Members at or below this count are split by comparing keys pairwise; larger groups go through a Map of the keys' first words. */
const PAIRWISE_MAX = 32;

/**
 * Splits groups of slots by key, keys compared as four 32-bit words (no string per key):
 * classes come out in the order of their first member, members in slot order, as a Map
 * keyed by the whole key would give them.
 */
function splitByKey(groups: readonly number[][], keys: Buffer, ok: Uint8Array): { groups: number[][]; unreadable: number } {
  // keysOf's buffers are allocated whole (offset 0); anything else is copied once.
  const aligned = keys.byteOffset % 4 === 0 ? keys : Buffer.from(keys);
  const words = new Int32Array(aligned.buffer, aligned.byteOffset, aligned.byteLength >>> 2);
  const same = (a: number, b: number): boolean => {
    const x = a * 4;
    const y = b * 4;
    return words[x] === words[y] && words[x + 1] === words[y + 1] && words[x + 2] === words[y + 2] && words[x + 3] === words[y + 3];
  };
  const out: number[][] = [];
  let unreadable = 0;
  for (const group of groups) {
    const members: number[] = [];
    for (const s of group) if (ok[s] === 1) members.push(s);
    unreadable += group.length - members.length;
    if (members.length < 2) continue;
    if (members.length === 2) {
      if (same(members[0] as number, members[1] as number)) out.push(members);
      continue;
    }
    const classes: number[][] = [];
    if (members.length <= PAIRWISE_MAX) {
      for (const s of members) {
        const home = classes.find((c) => same(c[0] as number, s));
        if (home) home.push(s);
        else classes.push([s]);
      }
    } else {
      const byWord = new Map<number, number[][]>();
      for (const s of members) {
        const first = words[s * 4] as number;
        const bucket = byWord.get(first);
        const home = bucket?.find((c) => same(c[0] as number, s));
        if (home) home.push(s);
        else {
          const fresh = [s];
          classes.push(fresh);
          if (bucket) bucket.push(fresh);
          else byWord.set(first, [fresh]);
        }
      }
    }
    for (const c of classes) if (c.length > 1) out.push(c);
  }
  return { groups: out, unreadable };
}
