// `npm run test:faults`: the fault suites, each a plain node script that exits non-zero when
// a check fails. The mail suite mostly waits for the app's retry loop, so it runs beside the
// later suites (its output is printed when it ends); the rest run one after another, since
// they measure timings that a second busy suite would disturb. `--only NAME[,NAME]` picks suites.
import { spawn } from "node:child_process";
import { ensureBuilt, REPO, SERVER_ENTRY } from "./harness.mjs";

const FIRST = [{ name: "kill-server", file: "scripts/faults/kill-server.mjs" }];
const THEN = [
  { name: "restart-postgres", file: "scripts/faults/restart-postgres.mjs" },
  { name: "stripe-down", file: "scripts/faults/stripe-down.mjs" },
];
const BESIDE = [{ name: "mail-down", file: "scripts/faults/mail-down.mjs" }];

const onlyArg = process.argv.indexOf("--only");
const only = onlyArg > 0 ? process.argv[onlyArg + 1]?.split(",") : null;
const pick = (list) => list.filter((s) => !only || only.includes(s.name));

function run(suite, { buffer }) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [suite.file], { cwd: REPO, stdio: buffer ? ["ignore", "pipe", "pipe"] : "inherit" });
    const out = [];
    child.stdout?.on("data", (c) => out.push(c));
    child.stderr?.on("data", (c) => out.push(c));
    child.on("exit", (code) => resolve({ ...suite, code, secs: (Date.now() - started) / 1000, output: Buffer.concat(out).toString() }));
  });
}

ensureBuilt();
console.log(
  `Fault suites against ${SERVER_ENTRY}${process.env.DATABASE_URL ? " (PGlite and PostgreSQL)" : " (PGlite; DATABASE_URL unset, so the PostgreSQL variant of kill-server is skipped)"}`,
);
const started = Date.now();
const results = [];
async function inTurn(list) {
  for (const suite of pick(list)) {
    console.log(`\n▶ ${suite.name}`);
    results.push(await run(suite, { buffer: false }));
  }
}
await inTurn(FIRST);
const beside = pick(BESIDE).map((s) => run(s, { buffer: true }));
await inTurn(THEN);
for (const r of await Promise.all(beside)) {
  console.log(`\n▶ ${r.name} (ran beside the others)\n${r.output.trimEnd()}`);
  results.push(r);
}
console.log("\nFault suites:");
for (const r of results) console.log(`  ${r.code === 0 ? "✔" : "✖"} ${r.name.padEnd(18)} ${r.secs.toFixed(1)} s`);
console.log(`  total ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(results.every((r) => r.code === 0) ? 0 : 1);
