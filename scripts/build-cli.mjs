// Bundles the CLI (`cleanspace scan DIR`) with esbuild into CommonJS files, which Node starts
// without the ES module loader: dist/cli/main.cjs, its scan worker dist/cli/scan-worker.cjs,
// and one bundle per rarer command (dist/cli/commands/*.cjs), which main.cjs requires only
// when that command runs. Everything is bundled (hash-wasm carries its WASM inline) but sharp
// (--similar), so the CLI starts without resolving node_modules.
import { rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = fileURLToPath(new URL("..", import.meta.url));
const COMMANDS = ["apply", "undo", "clean"];
// `--outdir DIR`: a bundle of its own elsewhere (the safety suite runs one, while other tests rebuild dist/cli).
const outIndex = process.argv.indexOf("--outdir");
const outdir = outIndex > 0 ? process.argv[outIndex + 1] : "dist/cli";
if (!outdir) throw new Error("--outdir needs a folder");
rmSync(outIndex > 0 ? outdir : `${root}dist/cli`, { recursive: true, force: true });

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
    // Loaded by bin/cleanspace.cjs first: where Node's compile cache goes.
    "cache-dir": "src/cli/cache-dir.ts",
    ...Object.fromEntries(COMMANDS.map((name) => [`commands/${name}`, `src/cli/commands/${name}.ts`])),
  },
  outdir,
  outExtension: { ".js": ".cjs" },
  bundle: true,
  platform: "node",
  target: "node20",
  format: "cjs",
  // A dynamic import() in CommonJS would go through the ES module loader again: require instead.
  supported: { "dynamic-import": false },
  plugins: [commandsApart],
  sourcemap: true,
  packages: "bundle",
  // sharp (--similar) loads native binaries that its npm packages ship per platform: it is
  // resolved from node_modules at run time, and only when photos are analysed.
  // libheif-js (HEIC) likewise: 2 MB of inlined WebAssembly, required on the first HEIC only.
  external: ["sharp", "libheif-js"],
  // hash-wasm's "main" is a UMD build of every algorithm (270 KB); its ESM build tree-shakes to xxHash128.
  mainFields: ["module", "main"],
  logLevel: "warning",
});
console.error(`cli bundle: ${outdir}/main.cjs`);
