// Bundles the CLI (`cleanspace scan DIR`) with esbuild: dist/cli/main.js plus its hash
// worker dist/cli/hash-worker.js. Everything but sharp is bundled (hash-wasm carries its WASM inline),
// so the CLI starts without resolving node_modules; the createRequire banner lets CommonJS
// dependencies run in the ESM bundle, as in build-server.mjs.
import { rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = fileURLToPath(new URL("..", import.meta.url));
rmSync(`${root}dist/cli`, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: { main: "src/cli/main.ts", "hash-worker": "src/cli/hash-worker.ts" },
  outdir: "dist/cli",
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  // `apply`, `undo` and `clean` are imported on demand: their code is a chunk of its own.
  splitting: true,
  chunkNames: "chunks/[name]-[hash]",
  sourcemap: true,
  packages: "bundle",
  // sharp (--similar) loads native binaries that its npm packages ship per platform: it is
  // resolved from node_modules at run time, and only when photos are analysed.
  external: ["sharp"],
  // hash-wasm's "main" is a UMD build of every algorithm (270 KB); its ESM build tree-shakes to xxHash128.
  mainFields: ["module", "main"],
  banner: {
    js: "import { createRequire as __csCreateRequire } from 'node:module'; const require = __csCreateRequire(import.meta.url);",
  },
  logLevel: "warning",
});
console.error("cli bundle: dist/cli/main.js");
