#!/usr/bin/env node
// `cleanspace` — runs the bundled CLI (dist/cli/main.cjs). CommonJS, so Node starts it without
// the ES module loader. After a plain `npm install` the bundle does not exist yet, so the first
// run builds it (node scripts/build-cli.mjs).
"use strict";
const { existsSync } = require("node:fs");
const nodeModule = require("node:module");
const { join } = require("node:path");
const { pathToFileURL } = require("node:url");

const dist = join(__dirname, "..", "dist", "cli");
const bundle = join(dist, "main.cjs");
const cacheDirModule = join(dist, "cache-dir.cjs");
if (!existsSync(bundle) || !existsSync(cacheDirModule)) {
  // Required here only: every run but the first finds the bundle.
  const { spawnSync } = require("node:child_process");
  const script = join(__dirname, "..", "scripts", "build-cli.mjs");
  const built = spawnSync(process.execPath, [script], { stdio: ["ignore", "ignore", "pipe"], encoding: "utf8" });
  if (built.status !== 0 || !existsSync(bundle) || !existsSync(cacheDirModule)) {
    process.stderr.write(`${built.stderr ?? ""}cleanspace: could not build the CLI (node scripts/build-cli.mjs failed)\n`);
    process.exit(1);
  }
}
// libuv's thread pool runs every asynchronous fs call, 4 threads unless UV_THREADPOOL_SIZE says
// otherwise when the pool starts (on first use, after this line): a scan of a cold tree keeps up
// to 16 reads in flight (src/cli/scan/keys-in-flight.ts FILES_IN_FLIGHT), which a pool of 4 would
// cap at 4. A value the user set is kept.
process.env.UV_THREADPOOL_SIZE ??= "16";
// `cleanspace scan DIR | head` closes the pipe early: that is the reader's choice, not an error.
process.stdout.on("error", (error) => {
  if (error.code === "EPIPE") process.exit(0);
  throw error;
});
// Node's own compile cache (module.enableCompileCache, Node >= 22.1), in the CLI's cache folder:
// a run does not parse and compile the bundle again. Where Node lacks it (Node 20), no cache.
const { defaultCacheDir } = require(cacheDirModule);
if (typeof nodeModule.enableCompileCache === "function") nodeModule.enableCompileCache(join(defaultCacheDir(), "compile-cache"));
const { runCli } = require(bundle);
const workerUrl = pathToFileURL(join(dist, "scan-worker.cjs"));
runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, workerUrl }).then((code) => {
  // Written now: process.exit below ends the process before Node would write it by itself.
  if (typeof nodeModule.flushCompileCache === "function") nodeModule.flushCompileCache();
  // Out as soon as both streams are flushed (a write's callback comes after every earlier write).
  let open = 2;
  const flushed = () => {
    if (--open === 0) process.exit(code);
  };
  process.stdout.write("", flushed);
  process.stderr.write("", flushed);
});
