// The CLI's safety suite (src/cli/safety/, issue 36) kills the CLI with strace and reads and
// writes extended attributes with getfattr/setfattr: Debian's strace and attr, installed here
// when missing and we are root (as scripts/test.mjs does for Chromium). Without them, the
// suite's cases that need them fail in CI and are skipped, with the reason, elsewhere.
import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";

const TOOLS = [
  { bin: "/usr/bin/strace", pkg: "strace" },
  { bin: "/usr/bin/getfattr", pkg: "attr" },
];

export function ensureSafetyTools() {
  const missing = TOOLS.filter((t) => !existsSync(t.bin)).map((t) => t.pkg);
  if (missing.length === 0 || process.getuid?.() !== 0) return;
  const res = spawnSync(
    "bash",
    ["-c", `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(" ")}`],
    {
      stdio: "inherit",
    },
  );
  if (res.status !== 0) throw new Error(`installing ${missing.join(", ")} failed`);
}
