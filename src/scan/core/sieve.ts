import { firstPassCoversWholeFile } from "./key-ranges";

/**
 * One pass's keys for a flat list of members (slot k is the k-th member asked for). An
 * adapter answers with whatever its keys are (hex strings in the browser, 16-byte binary
 * keys in columns in the CLI): the sieve only asks which slots were read and which agree.
 */
export interface PassKeys {
  /** False when the slot's file could not be read (or changed while read): it joins no group. */
  ok(slot: number): boolean;
  /** True when two read slots have equal keys. */
  same(a: number, b: number): boolean;
  /** A cheap value that equal keys share (a part of the key, or the key itself). */
  bucket(slot: number): number | string;
}

/**
 * Where the keys come from: the adapter reads (threads, a cache, a worker's early reads) and
 * the core decides. `members` are the caller's own numbers (item positions); a pass may answer
 * synchronously.
 */
export interface KeySource {
  /** Size in bytes of a member: the first pass settles the files it reads whole. */
  size(member: number): number;
  /** Keys of the members, pass 0 the first blocks (key-ranges.ts), pass 1 every byte. Called for each pass, even with no member. */
  keys(pass: 0 | 1, members: readonly number[]): PassKeys | Promise<PassKeys>;
  /** Told when a pass is over (its groups split). */
  passed?(pass: 0 | 1, members: number): void;
}

export interface Sieved {
  /** Groups of members with equal content; in the order of the size groups, those the first pass settled first. */
  groups: number[][];
  /** Candidates whose bytes could not be read: left out of every group. */
  unreadable: number;
}

/**
 * Duplicates in three sieves, each cheaper than the next is costly: equal size (the caller's
 * `sizeGroups`: zero-byte files never in them), then a key of the first and last 4 KiB (the
 * whole file up to 64 KiB: then that key settles it), then a key of every byte for the
 * survivors. Without keys (metadata-only) equal size is the answer.
 */
export async function sieve(sizeGroups: number[][], source: KeySource | null): Promise<Sieved> {
  if (source === null) return { groups: sizeGroups, unreadable: 0 };
  const firstMembers = sizeGroups.flat();
  const first = splitByKey(slotsOf(sizeGroups), await source.keys(0, firstMembers));
  source.passed?.(0, firstMembers.length);

  const groups: number[][] = [];
  const unsettled: number[][] = [];
  for (const slots of first.groups) {
    const members = slots.map((s) => firstMembers[s] as number);
    if (firstPassCoversWholeFile(source.size(members[0] as number))) groups.push(members);
    else unsettled.push(members);
  }
  const fullMembers = unsettled.flat();
  const full = splitByKey(slotsOf(unsettled), await source.keys(1, fullMembers));
  for (const slots of full.groups) groups.push(slots.map((s) => fullMembers[s] as number));
  source.passed?.(1, fullMembers.length);
  return { groups, unreadable: first.unreadable + full.unreadable };
}

/** The groups with their members numbered 0, 1, 2… in order across all of them (the slots of one pass). */
function slotsOf(groups: readonly number[][]): number[][] {
  let next = 0;
  return groups.map((group) => group.map(() => next++));
}

/** Members at or below this count are split by comparing keys pairwise; larger groups go through a Map of the keys' buckets. */
const PAIRWISE_MAX = 32;

/**
 * Splits groups of slots by key: classes come out in the order of their first member, members
 * in slot order, as a Map keyed by the whole key would give them; a class of one is dropped.
 */
export function splitByKey(groups: readonly number[][], keys: PassKeys): { groups: number[][]; unreadable: number } {
  const out: number[][] = [];
  let unreadable = 0;
  for (const group of groups) {
    const members: number[] = [];
    for (const s of group) if (keys.ok(s)) members.push(s);
    unreadable += group.length - members.length;
    if (members.length < 2) continue;
    if (members.length === 2) {
      if (keys.same(members[0] as number, members[1] as number)) out.push(members);
      continue;
    }
    const classes: number[][] = [];
    if (members.length <= PAIRWISE_MAX) {
      for (const s of members) {
        const home = classes.find((c) => keys.same(c[0] as number, s));
        if (home) home.push(s);
        else classes.push([s]);
      }
    } else {
      const byBucket = new Map<number | string, number[][]>();
      for (const s of members) {
        const value = keys.bucket(s);
        const bucket = byBucket.get(value);
        const home = bucket?.find((c) => keys.same(c[0] as number, s));
        if (home) home.push(s);
        else {
          const fresh = [s];
          classes.push(fresh);
          if (bucket) bucket.push(fresh);
          else byBucket.set(value, [fresh]);
        }
      }
    }
    for (const c of classes) if (c.length > 1) out.push(c);
  }
  return { groups: out, unreadable };
}

/** Keys as strings (null: unreadable), e.g. a ContentHasher's answer. */
export function stringKeys(keys: readonly (string | null)[]): PassKeys {
  return {
    ok: (slot) => typeof keys[slot] === "string",
    same: (a, b) => keys[a] === keys[b],
    bucket: (slot) => keys[slot] as string,
  };
}
