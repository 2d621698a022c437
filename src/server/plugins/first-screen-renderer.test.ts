/**
 * The server's renderer of the signed-in screens (scripts/build-first-screen-renderer.mjs) runs
 * inside the server process, so what it loads is the server's business: React's Node build of
 * react-dom/static enters an AsyncLocalStorage on every render, after which every promise the
 * process makes (IMAP fetches, database calls) pays Node's async hooks. Bundled here for Node
 * as that script does, in memory.
 */
import { build } from "esbuild";
import { describe, expect, it } from "vitest";

describe("the first-screen renderer bundle", () => {
  it("renders with React's edge build, which keeps no AsyncLocalStorage in Node", async () => {
    const result = await build({
      entryPoints: ["src/client/prerender/first-screen.tsx"],
      bundle: true,
      platform: "node",
      format: "esm",
      jsx: "automatic",
      write: false,
      metafile: true,
      logLevel: "silent",
      plugins: [
        {
          name: "vite-only",
          setup(b) {
            b.onResolve({ filter: /^virtual:|\.css$/ }, (args) => ({ path: args.path, external: true }));
          },
        },
      ],
    });
    const react = Object.keys(result.metafile.inputs).filter((f) => f.includes("node_modules/react-dom/"));
    expect(react).toEqual(expect.arrayContaining([expect.stringContaining("react-dom-server.edge.")]));
    expect(react.filter((f) => f.includes("react-dom-server.node."))).toEqual([]);
    expect(result.outputFiles[0]!.text).not.toMatch(/async_hooks/);
  });
});
