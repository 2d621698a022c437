// `npm test`: the whole gate, in order, stopping at the first failure — lock file, doc paths, then typecheck, lint,
// format and the build side by side, bundle-size budget, then unit/component/API tests beside the browser tests. Installs Debian's
// Chromium when it is missing and we are root; never downloads a browser build of its own.
// Likewise Debian's dovecot-imapd, the real IMAP server the e-mail tests start on their own port.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { ensureDovecot } from "./test-support/dovecot.mjs";
import { ensureSafetyTools } from "./test-support/safety-tools.mjs";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const startedAt = Date.now();
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

/**
 * Runs independent steps side by side (the machine has 2 cores) and fails if any fails. With `live`, each line is
 * printed as it comes, prefixed with its step's tag; otherwise each step's output is printed whole when it ends.
 */
async function runTogether(steps, { live = false } = {}) {
  const started = Date.now();
  console.log(`\n▶ ${steps.map((s) => s.label).join(" + ")} (side by side)`);
  const results = await Promise.all(
    steps.map(
      ({ label, tag, command, args }) =>
        new Promise((resolve) => {
          const t0 = Date.now();
          const child = spawn(command, args, {
            env: { ...env, ...(live ? { FORCE_COLOR: "0", NO_COLOR: "1" } : {}) },
            stdio: ["ignore", "pipe", "pipe"],
          });
          let out = "";
          let partial = "";
          const take = (d) => {
            if (!live) return void (out += d);
            const lines = (partial + d).split("\n");
            partial = lines.pop();
            for (const line of lines) process.stdout.write(`[${tag}] ${line}\n`);
          };
          child.stdout.on("data", take);
          child.stderr.on("data", take);
          child.on("close", (code) => {
            if (partial) process.stdout.write(`[${tag}] ${partial}\n`);
            resolve({ label, code, out, secs: ((Date.now() - t0) / 1000).toFixed(1) });
          });
        }),
    ),
  );
  for (const r of results) {
    if (r.out.trim()) process.stdout.write(r.out.endsWith("\n") ? r.out : `${r.out}\n`);
    console.log(`${r.code === 0 ? "✔" : "✖"} ${r.label} (${r.secs}s)`);
  }
  const failed = results.filter((r) => r.code !== 0);
  if (failed.length) {
    console.error(`✖ ${failed.map((r) => r.label).join(", ")} failed after ${((Date.now() - started) / 1000).toFixed(1)}s`);
    process.exit(failed[0].code ?? 1);
  }
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
ensureSafetyTools();
run("lock file holds every platform's packages", "node", ["scripts/lockfile-platforms.mjs"]);
run("every repository path the docs name exists", "node", ["scripts/check-doc-paths.mjs"]);
// TypeScript 7 (native, package alias `tsgo`) checks types in a third of the CPU time of 5.9;
// typescript-eslint still needs 5.9's compiler API, so both stay (docs/decisions/018).
// The build needs none of the checks and uses the core that lint (one thread) leaves idle; no
// unit test reads what it writes (dist/client, dist/server), and the browser tests need it.
await runTogether([
  { label: "build", command: "npm", args: ["run", "build"] },
  { label: "typecheck", command: "node", args: ["node_modules/tsgo/bin/tsc", "--noEmit", "-p", "tsconfig.json"] },
  { label: "lint", command: "npx", args: ["eslint", "--max-warnings=0", "."] },
  {
    label: "format (prettier --check; npm run format fixes)",
    command: "npx",
    args: ["prettier", "--check", "--log-level=warn", "**/*.{ts,tsx,js,mjs,css}"],
  },
]);
run("bundle size", "node", ["scripts/check-bundle-size.mjs"]);
// The browser tests spend much of their time waiting on the browser and the server, so the
// unit tests run beside them on one worker and fill the idle CPU (docs/decisions/057).
await runTogether(
  [
    { label: "unit, component and API tests", tag: "unit", command: "npx", args: ["vitest", "run", "--maxWorkers=1"] },
    { label: "browser tests", tag: "browser", command: "npx", args: ["playwright", "test"] },
  ],
  { live: true },
);
console.log(
  `\nAll checks passed${process.env.DATABASE_URL ? " (PostgreSQL)" : " (PGlite)"} in ${((Date.now() - startedAt) / 60_000).toFixed(1)} min.`,
);
