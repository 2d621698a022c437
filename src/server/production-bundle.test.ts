/**
 * Issue 18 #18: the server `npm start` runs (dist/server/main.js, bundled from main.ts by
 * scripts/build-server.mjs) does not contain the test-only routes at all, and the browser
 * suites' entry does. Bundled here the same way, in memory.
 */
import { build } from "esbuild";
import { describe, expect, it } from "vitest";

async function bundledInputs(entry: string): Promise<string[]> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    platform: "node",
    format: "esm",
    write: false,
    metafile: true,
    packages: "external",
    logLevel: "silent",
  });
  return Object.keys(result.metafile.inputs);
}

const TEST_ONLY = /src\/server\/test\//;

describe("the production server bundle", () => {
  it("leaves the test-only routes out of main.ts's bundle and puts them in test/main.ts's", async () => {
    const [production, testing] = await Promise.all([bundledInputs("src/server/main.ts"), bundledInputs("src/server/test/main.ts")]);
    expect(production.some((f) => f.endsWith("src/server/app.ts"))).toBe(true);
    expect(production.filter((f) => TEST_ONLY.test(f))).toEqual([]);
    expect(testing.filter((f) => TEST_ONLY.test(f))).toEqual(
      expect.arrayContaining([expect.stringContaining("test/routes/outbox.ts"), expect.stringContaining("test/routes/seed.ts")]),
    );
  });

  it("reads nothing from NODE_ENV in the server source that decides security", async () => {
    const { readFileSync } = await import("node:fs");
    const inputs = (await bundledInputs("src/server/main.ts")).filter((f) => f.startsWith("src/server/") && !f.endsWith("env.ts"));
    const readers = inputs.filter((f) => /NODE_ENV/.test(readFileSync(f, "utf8")));
    expect(readers).toEqual([]);
  });
});
