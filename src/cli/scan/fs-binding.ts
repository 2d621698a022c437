import * as nodeFs from "node:fs";

/*
 * The file calls a scan makes per file — lstat in the walk, open/read/close for the keys —
 * straight through Node's own fs binding where it is safe (decision 025): the public
 * functions around them validate their arguments and build objects, which cost more than the
 * system calls in a one-shot CLI whose code mostly runs unoptimised.
 */

/**
 * The walk's lstat: the few fields it keeps, written into a Float64Array the walker owns, so
 * no Stats object is built per file. `fs.lstatSync` builds one (17 fields, with the
 * collections that follow): the CLI's walk of 20,000 files took 69–71 ms with it and 53–57
 * without (decision 025).
 */
export const ENTRY_MODE = 0;
export const ENTRY_SIZE = 1;
/** Modification time in ms, as Stats.mtimeMs. */
export const ENTRY_MTIME_MS = 2;
/** Status-change time in ms, as Stats.ctimeMs. */
export const ENTRY_CTIME_MS = 3;
export const ENTRY_INO = 4;
export const ENTRY_DEV = 5;
export const ENTRY_NLINK = 6;
export const ENTRY_FIELDS = 7;

/** The file-type bits of `mode`, as Node gives them (the same values on every POSIX system). */
export const { S_IFMT, S_IFDIR, S_IFREG, S_IFLNK } = nodeFs.constants;

/**
 * lstat of `path` into `out` (ENTRY_* fields): true when it exists, false when it is gone;
 * throws for any other failure (EACCES, ENAMETOOLONG, …), as lstatSync does.
 */
export type EntryLstat = (path: string, out: Float64Array) => boolean;

/** The same fields through the public API: for a faked fs (tests) and wherever Node's own binding is not the one this file knows. */
export function publicEntryLstat(fs: Pick<typeof nodeFs, "lstatSync">): EntryLstat {
  return (path, out) => {
    const stats = fs.lstatSync(path, NO_THROW);
    if (!stats) return false;
    out[ENTRY_MODE] = stats.mode;
    out[ENTRY_SIZE] = stats.size;
    out[ENTRY_MTIME_MS] = stats.mtimeMs;
    out[ENTRY_CTIME_MS] = stats.ctimeMs;
    out[ENTRY_INO] = stats.ino;
    out[ENTRY_DEV] = stats.dev;
    out[ENTRY_NLINK] = stats.nlink;
    return true;
  };
}

const NO_THROW = { throwIfNoEntry: false } as const;

/**
 * Node's own fs binding, the one `fs.lstatSync`, `openSync`, `readSync` and `closeSync` call
 * after checking their arguments (these signatures are Node 20's; later versions' sources
 * read the same, and the probes below check them at run time). `lstat(path, bigint,
 * undefined, throwIfNoEntry)` answers a shared Float64Array in the layout of
 * lib/internal/fs/utils.js (getStatsFromBinding).
 */
interface FsBinding {
  lstat(path: string, bigint: false, req: undefined, throwIfNoEntry: false): Float64Array | undefined;
  /** openSync without its checks: (path, flags, mode) → fd; throws as openSync does. */
  open(path: string, flags: number, mode: number): number;
  /** readSync(fd, buffer, offset, length, position) without its checks; throws as readSync does. */
  read(fd: number, buffer: Uint8Array, offset: number, length: number, position: number): number;
  close(fd: number): void;
}
// Indices of that layout.
const B_DEV = 0;
const B_MODE = 1;
const B_NLINK = 2;
const B_INO = 7;
const B_SIZE = 8;
const B_MTIME_S = 12;
const B_MTIME_NS = 13;
const B_CTIME_S = 14;
const B_CTIME_NS = 15;

/** Node's binding where this file may use it (bindingAllowed), else null. Decided once per thread. */
let binding: FsBinding | null | undefined;
/** The binding's lstat and key calls, each null where its probe disagreed with the public call. */
let bindingLstat: EntryLstat | null | undefined;
let bindingKeyFs: KeyCalls | null | undefined;

function nodeBinding(): FsBinding | null {
  if (binding !== undefined) return binding;
  binding = null;
  if (!bindingAllowed()) return null;
  try {
    const loaded = (process as unknown as { binding(name: string): FsBinding }).binding("fs");
    if (["lstat", "open", "read", "close"].every((name) => typeof (loaded as unknown as Record<string, unknown>)[name] === "function"))
      binding = loaded;
  } catch {
    // Gone from this runtime: the public calls.
  }
  return binding;
}

/**
 * The walk's lstat for `fs`: Node's binding when `fs` is the real one and the binding passes a
 * check against `fs.lstatSync` (same fields for the same file), else the public call.
 */
export function entryLstat(fs: Pick<typeof nodeFs, "lstatSync">): EntryLstat {
  return (usesNodeBinding(fs) && bindingLstat) || publicEntryLstat(fs);
}

/** Whether entryLstat(fs) goes through Node's binding. */
export function usesNodeBinding(fs: Pick<typeof nodeFs, "lstatSync">): boolean {
  // By the function: a namespace object may be wrapped anew per module (bundlers, loaders).
  if (fs.lstatSync !== nodeFs.lstatSync) return false;
  if (bindingLstat === undefined) bindingLstat = loadBindingLstat();
  return bindingLstat !== null;
}

function loadBindingLstat(): EntryLstat | null {
  const b = nodeBinding();
  if (!b) return null;
  const fast: EntryLstat = (path, out) => {
    const v = b.lstat(path, false, undefined, false);
    if (v === undefined) return false;
    out[ENTRY_MODE] = v[B_MODE] as number;
    out[ENTRY_SIZE] = v[B_SIZE] as number;
    // Stats.mtimeMs and ctimeMs are made so (msFromTimeSpec): the same doubles, to the bit.
    out[ENTRY_MTIME_MS] = (v[B_MTIME_S] as number) * 1000 + (v[B_MTIME_NS] as number) / 1e6;
    out[ENTRY_CTIME_MS] = (v[B_CTIME_S] as number) * 1000 + (v[B_CTIME_NS] as number) / 1e6;
    out[ENTRY_INO] = v[B_INO] as number;
    out[ENTRY_DEV] = v[B_DEV] as number;
    out[ENTRY_NLINK] = v[B_NLINK] as number;
    return true;
  };
  return agrees(fast, publicEntryLstat(nodeFs)) ? fast : null;
}

/** The calls KeyReader makes: openSync(path, O_RDONLY), readSync(fd, buffer, offset, length, position), closeSync(fd). */
export interface KeyCalls {
  openSync(path: string, flags: number): number;
  readSync(fd: number, buffer: Uint8Array, offset: number, length: number, position: number): number;
  closeSync(fd: number): void;
}

/**
 * KeyReader's calls for `fs`: Node's binding when `fs` is the real one and a read of Node's own
 * executable gives the same bytes both ways, else `fs` itself. Paths come from readdir, so
 * they hold no NUL (which openSync would refuse and the binding would cut at).
 */
export function keyCalls(fs: KeyCalls): KeyCalls {
  if (fs.openSync !== (nodeFs.openSync as unknown) || fs.readSync !== (nodeFs.readSync as unknown) || fs.closeSync !== nodeFs.closeSync)
    return fs;
  if (bindingKeyFs === undefined) bindingKeyFs = loadBindingKeyCalls();
  return bindingKeyFs ?? fs;
}

function loadBindingKeyCalls(): KeyCalls | null {
  const b = nodeBinding();
  if (!b) return null;
  const fast: KeyCalls = {
    openSync: (path, flags) => b.open(path, flags, 0o666),
    readSync: (fd, buffer, offset, length, position) => b.read(fd, buffer, offset, length, position),
    closeSync: (fd) => b.close(fd),
  };
  try {
    const read = (calls: KeyCalls): string => {
      const fd = calls.openSync(process.execPath, nodeFs.constants.O_RDONLY);
      try {
        const buffer = Buffer.alloc(64);
        const n = calls.readSync(fd, buffer, 8, 32, 16);
        return `${n}:${buffer.toString("hex")}`;
      } finally {
        calls.closeSync(fd);
      }
    };
    return read(fast) === read(nodeFs as unknown as KeyCalls) ? fast : null;
  } catch {
    return null;
  }
}

/**
 * The binding is an internal API, so it is used only where nothing can differ from the public
 * calls: Node 20 to 24 on POSIX (toNamespacedPath does nothing there), no permission model
 * (the public calls check it in JavaScript, the binding would not), no --pending-deprecation
 * (which would print a warning for process.binding). CLEANSPACE_PUBLIC_FS=1 forces the public calls.
 */
function bindingAllowed(): boolean {
  const major = Number(process.versions.node.split(".")[0]);
  const options = `${process.execArgv.join(" ")} ${process.env.NODE_OPTIONS ?? ""}`;
  return (
    process.release.name === "node" &&
    major >= 20 &&
    major <= 24 &&
    process.platform !== "win32" &&
    !(process as { permission?: unknown }).permission &&
    !options.includes("--pending-deprecation") &&
    process.env.CLEANSPACE_PUBLIC_FS !== "1"
  );
}

/** Both calls give the same fields for Node's own executable and the same "gone" for a path that is not there. */
function agrees(fast: EntryLstat, slow: EntryLstat): boolean {
  const a = new Float64Array(ENTRY_FIELDS);
  const b = new Float64Array(ENTRY_FIELDS);
  try {
    if (!fast(process.execPath, a) || !slow(process.execPath, b)) return false;
    if (fast(`${process.execPath}.cleanspace-missing`, a) !== slow(`${process.execPath}.cleanspace-missing`, b)) return false;
  } catch {
    return false;
  }
  return a.every((value, i) => Object.is(value, b[i]));
}

/** Tests: forget the decisions (after changing the environment they read). */
export function resetFsBinding(): void {
  binding = undefined;
  bindingLstat = undefined;
  bindingKeyFs = undefined;
}
