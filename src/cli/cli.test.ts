import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import * as nodeModule from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ScanSummarySchema } from "../domain/schemas/scan-summary";
import { type CliIo, EXIT_FAILURE, EXIT_OK, EXIT_USAGE, runCli } from "./main";
import { defaultThreads } from "./threads";
import type { CliJsonReport } from "../scan/core/json-report";
import { CHECK_DUPES, MAKE_CORPUS } from "../../e2e/support/corpus-tools";

const REPO = fileURLToPath(new URL("../..", import.meta.url));
const NOW = 1_750_000_000_000;

interface Manifest {
  dir: string;
  nowMs: number;
  duplicateGroups: string[][];
  old: string[];
  traps: { kind: string; paths: string[] }[];
  totals: { files: number; bytes: number; zeroByteFiles: number; dupWastedBytes: number };
}

let work: string;
const corpora: { name: string; dir: string; manifest: Manifest }[] = [];

function makeCorpus(name: string, args: string[]): void {
  const dir = join(work, name);
  execFileSync(process.execPath, [MAKE_CORPUS, dir, "--now", String(NOW), ...args], { stdio: "ignore" });
  corpora.push({ name, dir, manifest: JSON.parse(readFileSync(`${dir}.manifest.json`, "utf8")) as Manifest });
}

async function cli(argv: string[], isTTY = false) {
  let stdout = "";
  let stderr = "";
  const io: CliIo = {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text), isTTY, columns: 100 },
    workerUrl: null,
    cacheDir: join(work, "cache"),
  };
  const code = await runCli(argv, io);
  return { code, stdout, stderr };
}

const sortGroups = (groups: string[][]): string[][] =>
  groups.map((g) => [...g].sort()).sort((a, b) => (a[0] ?? "").localeCompare(b[0] ?? ""));

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "cs-cli-"));
  // Small corpora, several seeds; 400+ files plant all four trap kinds (same size,
  // same first 16 KiB, same first and last 16 KiB, last byte only) plus zero-byte files.
  makeCorpus("seed1", ["--files", "400", "--seed", "1", "--max-bytes", "12M"]);
  makeCorpus("seed2", ["--files", "400", "--seed", "2", "--max-bytes", "12M"]);
  makeCorpus("seed7", ["--files", "800", "--seed", "7", "--max-bytes", "24M"]);
}, 60_000);

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

describe("cleanspace scan DIR --json", () => {
  it("finds exactly the manifest's duplicate groups, old files and totals on every corpus", async () => {
    for (const { dir, manifest } of corpora) {
      const { code, stdout } = await cli(["scan", dir, "--json", "--now", String(NOW)]);
      expect(code).toBe(EXIT_OK);
      const report = JSON.parse(stdout) as CliJsonReport;
      expect(sortGroups(report.duplicates.map((d) => d.paths))).toEqual(sortGroups(manifest.duplicateGroups));
      expect(report.duplicates.every((d) => !d.possible && d.paths[0] === d.original)).toBe(true);
      expect(report.old.map((o) => o.path).sort()).toEqual([...manifest.old].sort());
      expect(report.summary.totalFiles).toBe(manifest.totals.files);
      expect(report.summary.totalBytes).toBe(manifest.totals.bytes);
      expect(report.summary.emptyFiles).toBe(manifest.totals.zeroByteFiles);
      expect(report.summary.duplicateBytes).toBe(manifest.totals.dupWastedBytes);
      expect(ScanSummarySchema.safeParse(report.summary).success).toBe(true);
      expect(manifest.traps.length).toBeGreaterThanOrEqual(4);
    }
  });

  it("passes the check-dupes.mjs comparison", async () => {
    const [{ dir, manifest } = corpora[0]!] = corpora;
    const { stdout } = await cli(["scan", dir, "--json"]);
    const groupsFile = join(work, "groups.json");
    writeFileSync(groupsFile, JSON.stringify((JSON.parse(stdout) as CliJsonReport).duplicates.map((d) => d.paths)));
    const check = spawnSync(process.execPath, [CHECK_DUPES, groupsFile, `${dir}.manifest.json`, "--quiet"], {
      encoding: "utf8",
    });
    expect(check.stdout).toContain("EXACT MATCH");
    expect(check.status).toBe(0);
    expect(manifest.duplicateGroups.length).toBeGreaterThan(0);
  });

  it("--metadata-only reads no content: the traps become possible duplicates, so it differs from the truth", async () => {
    for (const { dir, manifest } of corpora) {
      const { code, stdout } = await cli(["scan", dir, "--json", "--metadata-only"]);
      expect(code).toBe(EXIT_OK);
      const report = JSON.parse(stdout) as CliJsonReport;
      expect(report.metadataOnly).toBe(true);
      expect(report.summary.metadataOnly).toBe(true);
      expect(report.duplicates.length).toBeGreaterThan(0);
      expect(report.duplicates.every((d) => d.possible)).toBe(true);
      expect(sortGroups(report.duplicates.map((d) => d.paths))).not.toEqual(sortGroups(manifest.duplicateGroups));
      // Equal size is necessary for equal content: every true group sits inside a possible group.
      const groupOf = new Map(report.duplicates.flatMap((d, i) => d.paths.map((p) => [p, i] as const)));
      for (const group of manifest.duplicateGroups) expect(new Set(group.map((p) => groupOf.get(p))).size).toBe(1);
    }
  });
});

describe("cleanspace human report", () => {
  it("prints totals per category, duplicates with the original marked, large and old files", async () => {
    const [{ dir } = corpora[0]!] = corpora;
    const { code, stdout, stderr } = await cli(["scan", dir, "--now", String(NOW)]);
    expect(code).toBe(EXIT_OK);
    expect(stdout).toMatch(/^Category\s+Files\s+Size$/m);
    expect(stdout).toMatch(/^Duplicates: \d+ groups/m);
    expect(stdout).toMatch(/^ {4}keep {2}\S/m);
    expect(stdout).toMatch(/^ {4}copy {2}\S/m);
    expect(stdout).toMatch(/^Large files \(over 100 MiB\): 0/m);
    expect(stdout).toMatch(/^Old files \(not modified for over 6 months\): \d+/m);
    expect(stderr).toMatch(/^cleanspace: 400 files .* scanned in/); // not a terminal: one short line
  });

  it("draws a progress bar on a terminal and clears it", async () => {
    const [{ dir } = corpora[0]!] = corpora;
    const { stderr } = await cli(["scan", dir, "--json"], true);
    expect(stderr).toContain("complete");
    expect(stderr.endsWith("\r\x1b[K")).toBe(true);
  });

  it("escapes control characters in names and keeps odd names intact in JSON", async () => {
    const dir = join(work, "odd");
    mkdirSync(dir);
    const names = ["line\nbreak.txt", "quote\"'.txt", "space name.txt", "ünï 照片.txt"];
    for (const name of names) writeFileSync(join(dir, name), "identical content");
    const text = await cli(["scan", dir]);
    expect(text.stdout).toContain("line\\nbreak.txt");
    expect(text.stdout).not.toContain("line\nbreak.txt");
    const json = JSON.parse((await cli(["scan", dir, "--json"])).stdout) as CliJsonReport;
    expect([...(json.duplicates[0]?.paths ?? [])].sort()).toEqual([...names].sort());
  });
});

describe("cleanspace errors and exit codes", () => {
  it("exits 2 on usage errors", async () => {
    for (const argv of [[], ["scan"], ["purge", "x"], ["scan", "a", "b"], ["scan", "a", "--bogus"], ["scan", "a", "--threads", "0"]]) {
      const { code, stderr } = await cli(argv);
      expect(code, argv.join(" ")).toBe(EXIT_USAGE);
      expect(stderr).toContain("Usage: cleanspace scan DIR");
    }
  });

  it("exits 1 with a clear message for a missing or non-directory DIR", async () => {
    const missing = await cli(["scan", join(work, "does-not-exist")]);
    expect(missing.code).toBe(EXIT_FAILURE);
    expect(missing.stderr).toMatch(/No such directory: .*does-not-exist/);
    const file = join(work, "a-file");
    writeFileSync(file, "x");
    const notDir = await cli(["scan", file]);
    expect(notDir.code).toBe(EXIT_FAILURE);
    expect(notDir.stderr).toMatch(/Not a directory/);
  });

  it("prints help and version with exit 0", async () => {
    expect((await cli(["--help"])).stdout).toContain("--metadata-only");
    expect((await cli(["--version"])).stdout).toMatch(/^cleanspace \d/);
  });
});

describe("bin/cleanspace.cjs (the bundle, with scan worker threads)", () => {
  it("builds itself on first use and matches the manifest with two threads", () => {
    rmSync(join(REPO, "dist", "cli"), { recursive: true, force: true });
    const [, , { dir, manifest } = corpora[2]!] = corpora;
    const run = spawnSync(process.execPath, [join(REPO, "bin", "cleanspace.cjs"), "scan", dir, "--json", "--threads", "2"], {
      encoding: "utf8",
      env: { ...process.env, CLEANSPACE_CACHE_DIR: join(work, "cache") },
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(run.status, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as CliJsonReport;
    expect(sortGroups(report.duplicates.map((d) => d.paths))).toEqual(sortGroups(manifest.duplicateGroups));
    // Node's compile cache where Node has one (module.enableCompileCache), in the CLI's cache folder; none on Node 20.
    const compileCache = join(work, "cache", "compile-cache");
    expect(existsSync(compileCache)).toBe(typeof (nodeModule as { enableCompileCache?: unknown }).enableCompileCache === "function");
    const missing = spawnSync(process.execPath, [join(REPO, "bin", "cleanspace.mjs"), "scan", join(work, "nope")], { encoding: "utf8" }); // the old entry still works
    expect(missing.status).toBe(1);
  }, 60_000);

  it("uses no deprecated Node API: the same report with deprecations thrown as errors", () => {
    const [, , { dir } = corpora[2]!] = corpora;
    const scan = (nodeOptions: string[]) =>
      spawnSync(
        process.execPath,
        [...nodeOptions, join(REPO, "bin", "cleanspace.cjs"), "scan", dir, "--json", "--threads", "2", "--no-cache", "--now", String(NOW)],
        {
          encoding: "utf8",
          env: { ...process.env, CLEANSPACE_CACHE_DIR: join(work, "cache") },
          maxBuffer: 64 * 1024 * 1024,
        },
      );
    const plain = scan([]);
    const strict = scan(["--throw-deprecation", "--pending-deprecation"]);
    expect(plain.status, plain.stderr).toBe(0);
    expect(strict.status, strict.stderr).toBe(0);
    expect(strict.stdout).toBe(plain.stdout);
    expect(strict.stderr).not.toMatch(/Warning|DEP0/);
  }, 60_000);
});

describe("defaultThreads (one per idle core)", () => {
  it("uses every core of an idle machine, at most 4", () => {
    expect(defaultThreads(2, 0)).toBe(2);
    expect(defaultThreads(2, 0.4)).toBe(2);
    expect(defaultThreads(16, 0.5)).toBe(4);
    expect(defaultThreads(1, 0)).toBe(1);
  });

  it("leaves busy cores alone, but always hashes on the main thread", () => {
    expect(defaultThreads(2, 0.6)).toBe(1);
    expect(defaultThreads(2, 7.3)).toBe(1);
    expect(defaultThreads(8, 5.2)).toBe(3);
  });
});
