// `npm run signups:export`: bundles src/server/cli/export-signups.ts on the fly with the
// server's esbuild settings (no tsx needed), next to a copy of the migrations the database
// client expects beside it, then runs it. Output: CSV on stdout, a count on stderr.
import { cpSync, mkdirSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

// Inside node_modules so the bundle still resolves the externals (PGlite, argon2, pg-native).
const outdir = "node_modules/.cache/cleanspace-cli";
mkdirSync(outdir, { recursive: true });
await build({
  entryPoints: { "export-signups": "src/server/cli/export-signups.ts" },
  outdir,
  outExtension: { ".js": ".mjs" },
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  packages: "bundle",
  external: ["@electric-sql/pglite", "@node-rs/argon2", "pg-native"],
  banner: {
    js: "import { createRequire as __csCreateRequire } from 'node:module'; const require = __csCreateRequire(import.meta.url);",
  },
  logLevel: "warning",
});
cpSync("src/server/db/migrations", `${outdir}/migrations`, { recursive: true });
await import(pathToFileURL(`${outdir}/export-signups.mjs`).href);
