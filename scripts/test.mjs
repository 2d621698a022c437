// `npm test`: the whole gate, in order, stopping at the first failure — typecheck, lint,
// unit/component/API tests, build, bundle-size budget, browser tests. Installs Debian's
// Chromium when it is missing and we are root; never downloads a browser build of its own.
// Likewise Debian's dovecot-imapd, the real IMAP server the e-mail tests start on their own port.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { ensureDovecot } from "./test-support/dovecot.mjs";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const env = { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1" };

function run(label, command, args, options = {}) {
  const started = Date.now();
  console.log(`\n▶ ${label}`);
  const res = spawnSync(command, args, { stdio: "inherit", env, ...options });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  if (res.status !== 0) {
    console.error(`✖ ${label} failed after ${secs}s`);
    process.exit(res.status ?? 1);
  }
  console.log(`✔ ${label} (${secs}s)`);
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0) {
    console.error(`Chromium not found at ${CHROMIUM}. Install Debian's package: sudo apt-get install -y chromium`);
    process.exit(1);
  }
  run("install Debian chromium", "bash", ["-c", "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium"]);
}

ensureChromium();
ensureDovecot();
run("lock file holds every platform's packages", "node", ["scripts/lockfile-platforms.mjs"]);
run("typecheck", "npx", ["tsc", "--noEmit", "-p", "tsconfig.json"]);
run("lint", "npx", ["eslint", "--max-warnings=0", "."]);
run("unit, component and API tests", "npx", ["vitest", "run"]);
run("build", "npm", ["run", "build"]);
run("bundle size", "node", ["scripts/check-bundle-size.mjs"]);
run("browser tests", "npx", ["playwright", "test"]);
console.log(`\nAll checks passed${process.env.DATABASE_URL ? " (PostgreSQL)" : " (PGlite)"}.`);
