import { HardLinkFolding, showsInstead } from "../../scan/core/hard-links";
import { type KeySource, type PassKeys, sieve } from "../../scan/core/sieve";
import { SizeBuckets } from "../../scan/core/size-buckets";
import type { Crew } from "./crew";
import type { EarlyKeys } from "./early-keys";
import type { FileTable } from "./file-table";
import type { KeyPass, NodeHashCache } from "./hash-cache-file";
import { type SideWork, runPass } from "./hash-pass";
import { KEY_BYTES, type KeyReader, copyKey } from "./key-reader";
import type { KeyJobs } from "./keys-in-flight";
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
  /** A pass's keys on the main thread alone (keys-in-flight.ts readKeys: one at a time, or several in flight on cold storage). */
  readAlone: (pass: 0 | 1, jobs: KeyJobs, out: Uint8Array, ok: Uint8Array, onDone?: (done: number) => void) => Promise<void>;
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
 * The CLI's adapter of the core's sieve (core/sieve.ts) on columns: the size groups come from
 * the walk (or its early keys), and each pass's keys — 16-byte binary keys — from the hash
 * cache first, then the walk's early reads, then the threads (hash-pass.ts).
 */
export async function findGroups(input: FindGroupsInput): Promise<FoundGroups> {
  const { itemFiles, hardLinks } = oneItemPerFile(input.table);
  const { table, metadataOnly, onPhase } = input;
  // Item positions are file indexes when no hard link was folded: then the walk's early keys grouped the sizes already.
  const bySize = (hardLinks === 0 ? input.early?.sizeGroups(table.fileCount) : null) ?? groupBySize(table, itemFiles);
  const sizeGroups = mountsBelow(input.root) ? oneFileOnce(table, itemFiles, bySize) : bySize;
  onPhase?.(`sizes (${sizeGroups.length} sizes shared)`);
  const passNames = ["first-pass", "full-pass"] as const;
  let figures = "";
  const source: KeySource | null = metadataOnly
    ? null
    : {
        size: (position) => table.size[itemFiles[position] as number] ?? 0,
        async keys(pass, members) {
          const files = members.map((position) => itemFiles[position] as number);
          if (pass === 0) input.cache?.matchAll(files);
          // While the workers read the full pass, the main thread also lays out the hash cache's next file.
          const got = await keysOf(input, pass, files, pass === 1 ? (input.cache?.prepareSave() ?? null) : null);
          figures = `${got.read} read, ${got.byWorkers} by workers`;
          return binaryKeys(got.keys, got.ok);
        },
        passed: (pass, members) => onPhase?.(`${passNames[pass]} (${members} files, ${figures})`),
      };
  const found = await sieve(sizeGroups, source);
  return { itemFiles, hardLinks, groups: found.groups, unreadable: found.unreadable };
}

/** 16-byte keys in one buffer, compared as four 32-bit words (no string per key); ok[k] 0: unreadable. */
function binaryKeys(keys: Buffer, ok: Uint8Array): PassKeys {
  // keysOf's buffers are allocated whole (offset 0); anything else is copied once.
  const aligned = keys.byteOffset % 4 === 0 ? keys : Buffer.from(keys);
  const words = new Int32Array(aligned.buffer, aligned.byteOffset, aligned.byteLength >>> 2);
  return {
    ok: (slot) => ok[slot] === 1,
    same(a, b) {
      const x = a * 4;
      const y = b * 4;
      return words[x] === words[y] && words[x + 1] === words[y + 1] && words[x + 2] === words[y + 2] && words[x + 3] === words[y + 3];
    },
    bucket: (slot) => words[slot * 4] as number,
  };
}

/** Hard links: several names of one physical file become one item (the core's rule, core/hard-links.ts), on the columns. */
function oneItemPerFile(table: FileTable): { itemFiles: Int32Array; hardLinks: number } {
  const n = table.fileCount;
  if (table.linkIds.size === 0) return { itemFiles: identity(n), hardLinks: 0 };
  const links = new HardLinkFolding();
  const shownAt = new Map<number, number>(); // the first name's file index → the file index shown in its place
  const dropped = new Uint8Array(n);
  for (const [i, id] of table.linkIds) {
    const first = links.fold(id, i);
    if (first < 0) {
      shownAt.set(i, i);
      continue;
    }
    dropped[i] = 1;
    if (showsInstead(table.path(i), table.path(shownAt.get(first) as number))) shownAt.set(first, i);
  }
  const itemFiles = new Int32Array(n - links.hardLinks);
  let p = 0;
  for (let i = 0; i < n; i++) if (dropped[i] === 0) itemFiles[p++] = shownAt.get(i) ?? i;
  return { itemFiles, hardLinks: links.hardLinks };
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

/** Item positions by size, as the core's SizeBuckets groups them; zero-byte files are never duplicates. */
function groupBySize(table: FileTable, itemFiles: Int32Array): number[][] {
  const buckets = new SizeBuckets();
  const { size } = table;
  for (let p = 0; p < itemFiles.length; p++) {
    const s = size[itemFiles[p] as number] ?? 0;
    if (s !== 0) buckets.add(s, p);
  }
  return Array.from(buckets.collisions(), ([, positions]) => positions);
}

/** A pass's keys on the main thread alone (no worker to share them with). */
async function readAlone(
  input: FindGroupsInput,
  pass: KeyPass,
  files: readonly number[],
  onProgress?: (done: number, total: number) => void,
): Promise<{ keys: Buffer; ok: Uint8Array; byWorkers: number }> {
  const { table, root } = input;
  const keys = Buffer.alloc(files.length * KEY_BYTES);
  const ok = new Uint8Array(files.length);
  const jobs: KeyJobs = {
    count: files.length,
    path: (k) => `${root}/${table.path(files[k] as number)}`,
    size: (k) => table.size[files[k] as number] ?? 0,
  };
  await input.readAlone(pass, jobs, keys, ok, onProgress && ((done) => done % 16 === 0 && onProgress(done, files.length)));
  onProgress?.(files.length, files.length);
  return { keys, ok, byWorkers: 0 };
}

/** Keys of `files` for one pass: the cache first, the threads for the rest (and the cache remembers those). */
async function keysOf(
  input: FindGroupsInput,
  pass: KeyPass,
  files: readonly number[],
  beside: SideWork | null,
): Promise<{ keys: Buffer; ok: Uint8Array; read: number; byWorkers: number }> {
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
  const onProgress = input.onProgress
    ? (done: number, total: number) => input.onProgress?.(pass === 0 ? "hash" : "verify", done, total)
    : undefined;
  const fresh = crew
    ? runPass(
        {
          crew,
          root: input.root,
          path: (i) => table.path(i),
          size: table.size,
          listedBy: table.listedBy,
          reader: input.reader,
          signal: input.signal,
          onProgress,
          beside,
        },
        pass,
        missFiles,
      )
    : await readAlone(input, pass, missFiles, onProgress);
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
