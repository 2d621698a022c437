// Bundles the CLI (`cleanspace scan DIR`) with esbuild into CommonJS files that start
// without the ES module loader (an .mjs entry costs more CPU at start-up and spins up libuv's
// thread pool for its asynchronous reads): dist/cli/main.cjs, its scan worker
// dist/cli/scan-worker.cjs, and one bundle per rarer command (dist/cli/commands/*.cjs), which
// main.cjs requires only when that command runs. Everything is bundled (hash-wasm carries its
// WASM inline) but sharp (--similar), so the CLI starts without resolving node_modules.
import { readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = fileURLToPath(new URL("..", import.meta.url));
const COMMANDS = ["apply", "undo", "clean"];
// hash-wasm's xxHash128 module, put in the bundle as base64 (src/cli/scan/xxhash128.ts runs it without hash-wasm's wrapper).
const umd = readFileSync(createRequire(import.meta.url).resolve("hash-wasm/dist/xxhash128.umd.min.js"), "utf8");
const xxhash128Wasm = /name:"xxhash128",data:"([A-Za-z0-9+/=]+)"/.exec(umd)?.[1];
if (!xxhash128Wasm) throw new Error("hash-wasm's xxhash128 module not found in dist/xxhash128.umd.min.js");
rmSync(`${root}dist/cli`, { recursive: true, force: true });

/** `import("./commands/x")` in main.ts stays a separate file: required at run time, not bundled in. */
const commandsApart = {
  name: "commands-apart",
  setup(context) {
    context.onResolve({ filter: /^\.\/commands\/[a-z]+$/ }, (args) =>
      COMMANDS.includes(args.path.slice("./commands/".length)) ? { path: `${args.path}.cjs`, external: true } : undefined,
    );
  },
};

await build({
  absWorkingDir: root,
  entryPoints: {
    main: "src/cli/main.ts",
    "scan-worker": "src/cli/scan/scan-worker.ts",
    // Loaded by bin/cleanspace.cjs first: runs main.cjs with V8's code cache.
    "code-cache": "src/cli/code-cache.ts",
    "cache-dir": "src/cli/cache-dir.ts",
    ...Object.fromEntries(COMMANDS.map((name) => [`commands/${name}`, `src/cli/commands/${name}.ts`])),
  },
  outdir: "dist/cli",
  outExtension: { ".js": ".cjs" },
  bundle: true,
  platform: "node",
  target: "node20",
  format: "cjs",
  // A dynamic import() in CommonJS would go through the ES module loader again: require instead.
  supported: { "dynamic-import": false },
  plugins: [commandsApart],
  define: { __XXHASH128_WASM__: JSON.stringify(xxhash128Wasm) },
  // import.meta only serves xxhash128.ts when it runs from source (tests), never in the bundle.
  logOverride: { "empty-import-meta": "silent" },
  sourcemap: true,
  packages: "bundle",
  // sharp (--similar) loads native binaries that its npm packages ship per platform: it is
  // resolved from node_modules at run time, and only when photos are analysed.
  external: ["sharp"],
  // hash-wasm's "main" is a UMD build of every algorithm (270 KB); its ESM build tree-shakes to xxHash128.
  mainFields: ["module", "main"],
  logLevel: "warning",
});
console.error("cli bundle: dist/cli/main.cjs");
