// Bundles the server with esbuild: main.js (`npm start`) and test-main.js (the browser suites'
// server, with the test-only routes; main.js never contains them). PGlite stays
// external (it loads its WASM and data files from its own package folder); a createRequire banner lets CommonJS deps run in the ESM bundle.
import { cpSync, rmSync } from "node:fs";
import { build } from "esbuild";

rmSync("dist/server", { recursive: true, force: true });
await build({
  entryPoints: { main: "src/server/main.ts", "test-main": "src/server/test/main.ts" },
  outdir: "dist/server",
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  sourcemap: true,
  packages: "bundle",
  external: ["@electric-sql/pglite", "@node-rs/argon2", "pg-native"],
  banner: {
    js: "import { createRequire as __csCreateRequire } from 'node:module'; const require = __csCreateRequire(import.meta.url);",
  },
  logLevel: "warning",
});
cpSync("src/server/db/migrations", "dist/server/migrations", { recursive: true });
console.log("server bundles: dist/server/main.js, dist/server/test-main.js");
