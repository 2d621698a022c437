// Builds the server's renderer of the signed-in tab screens (src/client/prerender/first-screen.tsx,
// docs/decisions/024) into dist/client/.ssr/first-screen.mjs, after `vite build`: the app's own
// components bundled for Node with everything they import, so the server (which imports no
// client code) loads one file that matches the client bundle of the same build. The folder is
// a dot folder: the static file server never sends it and the service worker never caches it.
import { readFileSync } from "node:fs";
import { build } from "esbuild";

const OUT = "dist/client/.ssr/first-screen.mjs";
const { version } = JSON.parse(readFileSync("package.json", "utf8"));

/** Vite's virtual modules (the PWA register) and style imports mean nothing on the server: empty modules. */
const viteOnly = {
  name: "vite-only",
  setup(b) {
    b.onResolve({ filter: /^virtual:/ }, (args) => ({ path: args.path, namespace: "vite-only" }));
    b.onResolve({ filter: /\.css$/ }, (args) => ({ path: args.path, namespace: "vite-only" }));
    b.onLoad({ filter: /.*/, namespace: "vite-only" }, () => ({
      contents: "export function registerSW() { return () => Promise.resolve(); }",
      loader: "js",
    }));
  },
};

await build({
  entryPoints: ["src/client/prerender/first-screen.tsx"],
  outfile: OUT,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  jsx: "automatic",
  // Everything bundled: the production server runs without the client's (dev) dependencies installed.
  packages: "bundle",
  define: {
    "process.env.NODE_ENV": '"production"',
    "import.meta.env.PROD": "true",
    "import.meta.env.DEV": "false",
    "import.meta.env.MODE": '"production"',
    __APP_VERSION__: JSON.stringify(version),
  },
  plugins: [viteOnly],
  banner: {
    js: "import { createRequire as __csCreateRequire } from 'node:module'; const require = __csCreateRequire(import.meta.url);",
  },
  logLevel: "warning",
});
console.log(`first-screen renderer: ${OUT}`);
