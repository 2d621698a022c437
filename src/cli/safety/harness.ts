/**
 * The safety suite's tools (issue 36): real folder trees with names as bytes, a checksum
 * listing of every regular file, real mounts undone even when a test fails, the CLI run
 * in-process or as its own bundle in a child process, and that process killed by strace at
 * a chosen system call.
 *
 * The listing is the suite's one judge: before acting, after acting (no content may lose its
 * last name outside the trash) and after undo (everything exactly as before).
 */
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "vitest";
import { DEFAULT_KEEP_POLICY } from "../../domain/keep-rules";
import { TRASH_DIR } from "../../domain/scan-rules";
import { type CleanupPlan, PLAN_FORMAT, PLAN_VERSION, type PlanFile } from "../../domain/schemas/cleanup-plan";
import { type CliIo, runCli } from "../main";

export const REPO = fileURLToPath(new URL("../../..", import.meta.url));
export const T0 = Date.UTC(2021, 5, 1);

export function makeRoot(label: string): string {
  return fs.realpathSync(fs.mkdtempSync(join(tmpdir(), `cs-safety-${label}-`)));
}

/** Writes `content` at root/rel (rel may be a Buffer of raw name bytes), with a fixed time. */
export function put(root: string, rel: string | Buffer, content: string, mtime = T0): Buffer {
  const path = Buffer.concat([Buffer.from(`${root}/`), typeof rel === "string" ? Buffer.from(rel) : rel]);
  const slash = path.lastIndexOf(0x2f);
  fs.mkdirSync(path.subarray(0, slash), { recursive: true });
  fs.writeFileSync(path, content);
  fs.utimesSync(path, new Date(mtime), new Date(mtime));
  return path;
}

export interface Entry {
  /** Path bytes relative to the root, shown one character per byte (latin1): exact and readable. */
  path: string;
  sha: string;
  nlink: number;
  /** The first path (same notation) of this file's names in the listing: hard link sets, mount doubles. */
  sameAs: string;
  owner: string;
  mode: string;
}

/**
 * Every regular file under `root` (bytes of names, never decoded), its SHA-256, link count,
 * owner and mode. Symbolic links are listed as links (never followed); a folder reached twice
 * (a bind mount) is listed once. `trash: false` leaves `.cleanspace-trash` out.
 */
export function listing(root: string, options: { trash: boolean } = { trash: false }): Entry[] {
  const out: Entry[] = [];
  const firstName = new Map<string, string>();
  const seenDirs = new Set<string>();
  const walk = (rel: Buffer) => {
    const dir = rel.length === 0 ? Buffer.from(root) : Buffer.concat([Buffer.from(`${root}/`), rel]);
    const id = fs.statSync(dir);
    if (seenDirs.has(`${id.dev}:${id.ino}`)) return;
    seenDirs.add(`${id.dev}:${id.ino}`);
    const names = fs.readdirSync(dir, { encoding: "buffer" }).sort(Buffer.compare);
    for (const name of names) {
      const child = rel.length === 0 ? name : Buffer.concat([rel, Buffer.from("/"), name]);
      const full = Buffer.concat([Buffer.from(`${root}/`), child]);
      const s = fs.lstatSync(full);
      const shown = child.toString("latin1");
      if (s.isDirectory()) {
        if (!options.trash && shown === TRASH_DIR) continue;
        walk(child);
      } else if (s.isFile()) {
        if (shown === `${TRASH_DIR}/journal.jsonl`) continue;
        const key = `${s.dev}:${s.ino}`;
        if (!firstName.has(key)) firstName.set(key, shown);
        out.push({
          path: shown,
          sha: createHash("sha256").update(fs.readFileSync(full)).digest("hex"),
          nlink: s.nlink,
          sameAs: firstName.get(key)!,
          owner: `${s.uid}:${s.gid}`,
          mode: (s.mode & 0o7777).toString(8),
        });
      } else if (s.isSymbolicLink()) {
        out.push({
          path: shown,
          sha: `-> ${fs.readlinkSync(full, { encoding: "buffer" }).toString("latin1")}`,
          nlink: s.nlink,
          sameAs: shown,
          owner: "",
          mode: "",
        });
      }
    }
  };
  walk(Buffer.alloc(0));
  return out;
}

/** No content lost: every content the tree held outside the trash still has a name outside it. */
export function expectNothingLost(before: readonly Entry[], after: readonly Entry[]): void {
  const still = new Set(after.map((e) => e.sha));
  const lost = before.filter((e) => !still.has(e.sha)).map((e) => e.path);
  expect(lost, "contents whose every name outside the trash is gone").toEqual([]);
}

/** After undo: every file back exactly (path bytes, content, link count and sets, owner, mode), nothing left in the trash. */
export function expectRestored(root: string, before: readonly Entry[]): void {
  expect(listing(root)).toEqual(before);
  const inTrash = listing(root, { trash: true }).filter((e) => e.path.startsWith(`${TRASH_DIR}/`));
  expect(inTrash, "files left in the trash after undo").toEqual([]);
}

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** `cleanspace …` in this process (the scan on this thread). */
export async function cli(argv: string[]): Promise<CliRun> {
  let stdout = "";
  let stderr = "";
  const io: CliIo = {
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: (t: string) => (stderr += t), isTTY: false },
    workerUrl: null,
    cacheDir: join(tmpdir(), "cs-safety-cache"),
  };
  const code = await runCli(argv, io);
  return { code, stdout, stderr };
}

// ---- Mounts -----------------------------------------------------------------------------

let mountProbe: string | null | undefined;

/** Null when this process can make mounts (root, and the kernel lets it); else why not. */
export function mountProblem(): string | null {
  if (mountProbe !== undefined) return mountProbe;
  if (process.getuid?.() !== 0) return (mountProbe = "not running as root");
  const dir = fs.mkdtempSync(join(tmpdir(), "cs-probe-"));
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=1m", "cs-probe", dir], { stdio: "pipe" });
    execFileSync("umount", [dir], { stdio: "pipe" });
    mountProbe = null;
  } catch (error) {
    mountProbe = `mount failed: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`;
  }
  fs.rmSync(dir, { recursive: true, force: true });
  return mountProbe;
}

/**
 * A case that needs something this machine lacks: it fails in CI (where the suite runs as
 * root and must run every case), and is skipped with the reason elsewhere.
 */
export function needs(problem: string | null, skip: (note?: string) => void, what: string): void {
  if (problem === null) return;
  const message = `${what} cannot run here: ${problem}`;
  if (process.env.CI) throw new Error(`${message} (CI must run it: run the suite as root with mount and strace available)`);
  console.warn(`SKIPPED — ${message}`);
  skip(message);
}

/** Mounts made by one test file; `undoAll` (in afterEach) unmounts them, innermost first, whatever happened. */
export class Mounts {
  private readonly made: string[] = [];

  tmpfs(at: string): void {
    fs.mkdirSync(at, { recursive: true });
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=16m", "cs-safety", at], { stdio: "pipe" });
    this.made.push(at);
  }

  /** A bind mount of a folder or of a single file (the target must exist and be of the same kind). */
  bind(source: string, at: string): void {
    execFileSync("mount", ["--bind", source, at], { stdio: "pipe" });
    this.made.push(at);
  }

  undoAll(): void {
    const errors: string[] = [];
    while (this.made.length > 0) {
      const at = this.made.pop()!;
      const run = spawnSync("umount", [at], { encoding: "utf8" });
      if (run.status !== 0) {
        const lazy = spawnSync("umount", ["-l", at], { encoding: "utf8" });
        if (lazy.status !== 0) errors.push(`${at}: ${run.stderr.trim()}`);
      }
    }
    if (errors.length > 0) throw new Error(`could not unmount: ${errors.join("; ")}`);
  }
}

// ---- The CLI as its own process, and killing it --------------------------------------------

let bundleDir: string | null = null;

/**
 * The CLI bundled as a user runs it (bin/cleanspace.cjs and dist/cli), built once per test
 * file into a folder of its own (other tests rebuild the repository's dist/cli meanwhile).
 */
export function cliBundle(): string {
  if (bundleDir) return join(bundleDir, "bin", "cleanspace.cjs");
  bundleDir = fs.mkdtempSync(join(tmpdir(), "cs-safety-bundle-"));
  execFileSync(process.execPath, [join(REPO, "scripts", "build-cli.mjs"), "--outdir", join(bundleDir, "dist", "cli")], { stdio: "pipe" });
  fs.mkdirSync(join(bundleDir, "bin"));
  fs.copyFileSync(join(REPO, "bin", "cleanspace.cjs"), join(bundleDir, "bin", "cleanspace.cjs"));
  return join(bundleDir, "bin", "cleanspace.cjs");
}

export function removeBundle(): void {
  if (bundleDir) fs.rmSync(bundleDir, { recursive: true, force: true });
  bundleDir = null;
}

const bundleEnv = () => ({ ...process.env, CLEANSPACE_CACHE_DIR: join(tmpdir(), "cs-safety-cache") });

/** The bundled CLI in a child process. */
export function runBundle(argv: string[]): CliRun & { signal: NodeJS.Signals | null } {
  const run = spawnSync(process.execPath, [cliBundle(), ...argv], { encoding: "utf8", env: bundleEnv() });
  return { code: run.status ?? -1, stdout: run.stdout, stderr: run.stderr, signal: run.signal };
}

let straceProbe: string | null | undefined;

export function straceProblem(): string | null {
  if (straceProbe !== undefined) return straceProbe;
  const run = spawnSync("strace", ["-f", "-qq", "-o", "/dev/null", "-e", "trace=none", "true"], { encoding: "utf8" });
  straceProbe = run.error
    ? `strace is not installed (apt-get install strace)`
    : run.status === 0
      ? null
      : `strace cannot trace here: ${run.stderr.trim()}`;
  return straceProbe;
}

/**
 * Each step the suite kills at, as the system calls that make it on any Linux architecture
 * and libuv version ("?": a name this architecture lacks is ignored, as aarch64 has no link).
 */
const STEP_CALLS = {
  link: "?link,linkat",
  rename: "?rename,renameat,renameat2",
  unlink: "?unlink,unlinkat",
  chown: "?chown,?lchown,fchownat",
  copy: "copy_file_range,sendfile",
} as const;

export type Step = keyof typeof STEP_CALLS;

/**
 * The bundled CLI killed with SIGKILL (no handler, no clean-up: as a power cut or `kill -9`)
 * when it enters the `nth` call of `step` — before that call takes effect.
 */
export function runBundleKilledAt(step: Step, nth: number, argv: string[]): { killed: boolean; stdout: string; stderr: string } {
  const syscall = STEP_CALLS[step];
  const run = spawnSync(
    "strace",
    [
      "-f",
      "-qq",
      "-o",
      "/dev/null",
      "-e",
      `trace=${syscall}`,
      "-e",
      `inject=${syscall}:signal=SIGKILL:when=${nth}`,
      process.execPath,
      cliBundle(),
      ...argv,
    ],
    { encoding: "utf8", env: bundleEnv() },
  );
  // strace exits with the tracee's status: a killed tracee is 128 + 9.
  return { killed: run.status === 137 || run.signal === "SIGKILL", stdout: run.stdout, stderr: run.stderr };
}

// ---- Plans --------------------------------------------------------------------------------

/** A cleanup plan as the web app exports it: for each pair, trash `copy`, keep `keep` (paths as written, maybe through links). */
export function planOf(root: string, pairs: readonly (readonly [keep: string, copy: string])[]): CleanupPlan {
  const info = (path: string): PlanFile => {
    const full = Buffer.from(`${root}/${path}`);
    const s = fs.statSync(full);
    return {
      path,
      size: s.size,
      mtime: Math.trunc(s.mtimeMs),
      hash: `sha256:${createHash("sha256").update(fs.readFileSync(full)).digest("hex")}`,
    };
  };
  return {
    format: PLAN_FORMAT,
    version: PLAN_VERSION,
    createdAt: new Date(T0).toISOString(),
    createdBy: "web",
    rootName: "t",
    policy: DEFAULT_KEEP_POLICY,
    actions: pairs.map(([keep, copy]) => ({ action: "trash", file: info(copy), keep: info(keep), reason: "test" })),
  };
}

/** Writes the plan next to the root (never inside it: it is not part of the tree) and returns its path. */
export function planFile(root: string, plan: CleanupPlan): string {
  const file = `${root}.plan.json`;
  fs.writeFileSync(file, JSON.stringify(plan));
  return file;
}

/**
 * The bundled CLI in a child process whose every read of `slowPath` waits `delayMs` first
 * (strace, filtered to that one file): the test can change the file while the CLI is
 * reading it. Resolves when the CLI exits.
 */
export function startBundleSlowedOn(slowPath: string, delayMs: number, argv: string[]): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      "strace",
      [
        "-f",
        "-qq",
        "-o",
        "/dev/null",
        "-P",
        slowPath,
        "-e",
        "trace=read,pread64",
        "-e",
        `inject=read,pread64:delay_enter=${delayMs * 1000}`,
        process.execPath,
        cliBundle(),
        ...argv,
      ],
      { env: bundleEnv() },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}
