#!/usr/bin/env node
// `cleanspace` — runs the bundled CLI (dist/cli/main.cjs). CommonJS on purpose: Node starts a
// CommonJS entry without the ES module loader, ~50 ms of CPU sooner (decision 016). After a
// plain `npm install` the bundle does not exist yet, so the first run builds it
// (node scripts/build-cli.mjs).
"use strict";
const { existsSync } = require("node:fs");
const { join } = require("node:path");
const { pathToFileURL } = require("node:url");

const dist = join(__dirname, "..", "dist", "cli");
const bundle = join(dist, "main.cjs");
// (code-cache.cjs came later than main.cjs: a build from before it is built again.)
if (!existsSync(bundle) || !existsSync(join(dist, "code-cache.cjs"))) {
  // Required here only: loading child_process costs ~6 ms, and every run but the first finds the bundle.
  const { spawnSync } = require("node:child_process");
  const script = join(__dirname, "..", "scripts", "build-cli.mjs");
  const built = spawnSync(process.execPath, [script], { stdio: ["ignore", "ignore", "pipe"], encoding: "utf8" });
  if (built.status !== 0 || !existsSync(bundle) || !existsSync(join(dist, "code-cache.cjs"))) {
    process.stderr.write(`${built.stderr ?? ""}cleanspace: could not build the CLI (node scripts/build-cli.mjs failed)\n`);
    process.exit(1);
  }
}
// `cleanspace scan DIR | head` closes the pipe early: that is the reader's choice, not an error.
process.stdout.on("error", (error) => {
  if (error.code === "EPIPE") process.exit(0);
  throw error;
});
// main.cjs through V8's code cache (src/cli/code-cache.ts): a run does not compile the CLI again.
const { loadWithCodeCache } = require(join(dist, "code-cache.cjs"));
const { defaultCacheDir } = require(join(dist, "cache-dir.cjs"));
const loaded = loadWithCodeCache(bundle, defaultCacheDir());
const { runCli } = loaded.exports;
const workerUrl = pathToFileURL(join(dist, "scan-worker.cjs"));
const argv = process.argv.slice(2);
runCli(argv, { stdout: process.stdout, stderr: process.stderr, workerUrl }).then((code) => {
  // What a scan compiled is what the next one needs (other commands compile little of it).
  if (argv[0] === "scan") loaded.save();
  // Out as soon as both streams are flushed (a write's callback comes after every earlier write):
  // left to end by itself, Node also tears the heap down (2–4 ms after a 20,000-file scan).
  let open = 2;
  const flushed = () => {
    if (--open === 0) process.exit(code);
  };
  process.stdout.write("", flushed);
  process.stderr.write("", flushed);
});
