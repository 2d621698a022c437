// Helpers the benches share for running the built server on a free port (PORT_RANGE=5400-5499
// keeps them inside a block of ports, see scripts/faults/harness.mjs).
import { freePort } from "../../scripts/faults/harness.mjs";

export { freePort };

/** Resolves once GET {base}/api/health answers ok; fails if the child exits or time runs out (3 min: a first start creates the embedded database, slow on a loaded machine). */
export async function waitForHealth(base, child, timeoutMs = 180_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("server did not become healthy in time");
}

/**
 * The built server (dist/server/main.js) on a free port with a throw-away PGlite data
 * directory (`nodeArgs` before the entry, e.g. --cpu-prof), healthy when this resolves; stop() ends it and removes the directory; pid is the
 * server process's (for its CPU time).
 */
export async function startBuiltServer({ env = {}, cwd, entry = "dist/server/main.js", nodeArgs = [] } = {}) {
  const { spawn } = await import("node:child_process");
  const { mkdtempSync, rmSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "cleanspace-bench-"));
  const base = `http://localhost:${port}`;
  const child = spawn(process.execPath, [...nodeArgs, entry], {
    cwd,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn", NODE_ENV: "production", DATABASE_URL: "", ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(base, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, stop, pid: child.pid };
}
