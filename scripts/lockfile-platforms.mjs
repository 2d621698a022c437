// The lock file must hold every platform's optional native package (rollup, tailwind's
// oxide, unrs-resolver…) so that `npm ci` accepts it on macOS, Windows and Linux alike.
// The registry mirror our machines reach serves only this platform's builds, so npm
// leaves the others out when it writes the lock here. `--check` (run by `npm test`)
// fails when one is missing; `--fix` adds the missing entries from their parents'
// pinned optionalDependencies, with os/cpu/libc read from the package name, so npm on
// each platform installs its own and skips the rest.
import { readFileSync, writeFileSync } from "node:fs";

const FILE = new URL("../package-lock.json", import.meta.url);
const OSES = ["darwin", "linux", "win32", "android", "freebsd", "openbsd", "netbsd", "sunos", "aix", "openharmony"];
const CPUS = ["arm64", "x64", "ia32", "arm", "loong64", "ppc64", "riscv64", "s390x", "mips64el", "wasm32"];

/** os/cpu/libc fields for a platform package, read from names like `rollup-linux-arm64-musl`. */
export function platformOf(name) {
  const base = name.split("/").pop();
  const os = OSES.find((o) => new RegExp(`(^|-)${o}(-|$)`).test(base));
  const cpu = CPUS.find((c) => new RegExp(`-${c}(-|$)`).test(base));
  const fields = {};
  if (cpu) fields.cpu = [cpu];
  if (os) fields.os = [os];
  if (/-musl/.test(base)) fields.libc = ["musl"];
  else if (/-gnu/.test(base) && os === "linux") fields.libc = ["glibc"];
  return fields;
}

/** Optional dependencies that no lock entry satisfies, as [parentPath, name, version]. */
export function missingOptionals(packages) {
  const missing = [];
  for (const [path, entry] of Object.entries(packages)) {
    for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
      let dir = path;
      let found = false;
      for (;;) {
        if (packages[`${dir ? `${dir}/` : ""}node_modules/${name}`]) {
          found = true;
          break;
        }
        const cut = dir.lastIndexOf("/node_modules/");
        if (cut < 0) break;
        dir = dir.slice(0, cut);
      }
      if (!found && !packages[`node_modules/${name}`]) missing.push([path, name, version]);
    }
  }
  return missing;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const lock = JSON.parse(readFileSync(FILE, "utf8"));
  const missing = missingOptionals(lock.packages).filter(([, name]) => Object.keys(platformOf(name)).length > 0);
  if (process.argv.includes("--fix")) {
    for (const [parent, name, version] of missing) {
      const p = lock.packages[parent];
      lock.packages[`node_modules/${name}`] = {
        version,
        ...platformOf(name),
        ...(p.dev ? { dev: true } : {}),
        ...(p.license ? { license: p.license } : {}),
        optional: true,
      };
    }
    writeFileSync(FILE, `${JSON.stringify(lock, null, 2)}\n`);
    console.log(`lockfile: added ${missing.length} platform package(s); run \`npm install --package-lock-only\` to let npm order them.`);
  } else if (missing.length > 0) {
    console.error(
      `lockfile: ${missing.length} platform package(s) missing, so \`npm ci\` would refuse the lock elsewhere, e.g. ${missing
        .slice(0, 3)
        .map(([, n]) => n)
        .join(", ")}.\nRun: node scripts/lockfile-platforms.mjs --fix && npm install --package-lock-only`,
    );
    process.exit(1);
  } else {
    console.log("lockfile: every platform's optional packages are present");
  }
}
