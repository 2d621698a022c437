import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nameHash } from "./code-cache";

const work = fs.mkdtempSync(join(tmpdir(), "cleanspace-code-cache-"));
const loader = join(work, "code-cache.cjs");
const bundle = join(work, "bundle.cjs");
const cacheDir = join(work, "cache");

beforeAll(async () => {
  await build({
    entryPoints: [fileURLToPath(new URL("./code-cache.ts", import.meta.url))],
    outfile: loader,
    bundle: true,
    platform: "node",
    format: "cjs",
    logLevel: "error",
  });
  fs.writeFileSync(
    bundle,
    "exports.add = (a, b) => a + b;\nexports.dir = __dirname;\nexports.canRequire = typeof require('node:path').join;\n",
  );
});
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/**
 * One run of the CLI's start, in a process of its own: within one process V8 keeps what it
 * compiled and never looks at the cached data again.
 */
function load(dir = cacheDir, save = true): { fromCache: boolean; sum: number; dir: string; canRequire: string } {
  const script = `const l = require(${JSON.stringify(loader)}).loadWithCodeCache(${JSON.stringify(bundle)}, ${JSON.stringify(dir)});
    if (${save}) l.save();
    console.log(JSON.stringify({ fromCache: l.fromCache, sum: l.exports.add(2, 3), dir: l.exports.dir, canRequire: l.exports.canRequire }));`;
  const run = spawnSync(process.execPath, ["-e", script], { encoding: "utf8" });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout);
}

const codeFiles = () => fs.readdirSync(cacheDir).filter((name) => name.startsWith("cli-code-"));

describe("loadWithCodeCache", () => {
  it("runs the bundle as require would, then reuses the code it saved", () => {
    expect(load()).toEqual({ fromCache: false, sum: 5, dir: work, canRequire: "function" });
    expect(codeFiles()).toHaveLength(1);
    expect(load()).toEqual({ fromCache: true, sum: 5, dir: work, canRequire: "function" });
  });

  it("compiles again when the saved code is damaged, and saves it anew", () => {
    fs.writeFileSync(join(cacheDir, codeFiles()[0] as string), "not V8's code cache");
    expect(load().fromCache).toBe(false);
    expect(load().fromCache).toBe(true);
  });

  it("a new bundle gets its own file and the old one is removed", () => {
    const before = codeFiles();
    fs.writeFileSync(bundle, "exports.add = (a, b) => a + b + 0;\nexports.dir = __dirname;\nexports.canRequire = 'function';\n");
    expect(load().fromCache).toBe(false);
    expect(codeFiles()).toHaveLength(1);
    expect(codeFiles()).not.toEqual(before);
    expect(load().fromCache).toBe(true);
  });

  it("never fails for want of a writable cache folder", () => {
    const blocked = join(work, "a-file");
    fs.writeFileSync(blocked, "");
    expect(load(join(blocked, "cache")).sum).toBe(5);
  });

  it("names the file by a stable 16-digit hash of Node's version, the bundle's path, size and time", () => {
    expect(nameHash("v20.20.2|/a/main.cjs|100|1")).toMatch(/^[0-9a-f]{16}$/);
    expect(nameHash("v20.20.2|/a/main.cjs|100|1")).toBe(nameHash("v20.20.2|/a/main.cjs|100|1"));
    const names = new Set(
      ["v20.20.2", "v22.1.0"].flatMap((v) => ["/a", "/b"].flatMap((b) => [1, 2].map((t) => nameHash(`${v}|${b}|100|${t}`)))),
    );
    expect(names.size).toBe(8);
  });
});
