#!/usr/bin/env node
// `cleanspace` — runs the bundled CLI (dist/cli/main.js). After a plain `npm install` the
// bundle does not exist yet, so the first run builds it (node scripts/build-cli.mjs).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const bundle = new URL("../dist/cli/main.js", import.meta.url);
if (!existsSync(bundle)) {
  const script = fileURLToPath(new URL("../scripts/build-cli.mjs", import.meta.url));
  const built = spawnSync(process.execPath, [script], { stdio: ["ignore", "ignore", "pipe"], encoding: "utf8" });
  if (built.status !== 0 || !existsSync(bundle)) {
    process.stderr.write(`${built.stderr ?? ""}cleanspace: could not build the CLI (node scripts/build-cli.mjs failed)\n`);
    process.exit(1);
  }
}
// `cleanspace scan DIR | head` closes the pipe early: that is the reader's choice, not an error.
process.stdout.on("error", (error) => {
  if (error.code === "EPIPE") process.exit(0);
  throw error;
});
const { runCli } = await import(bundle.href);
process.exitCode = await runCli(process.argv.slice(2));
