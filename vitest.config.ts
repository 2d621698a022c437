import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { defineConfig } from "vitest/config";

const TEST_ROOTS = ["src", "bench", "scripts"];
const TEST_FILE = /\.test\.tsx?$/;
/**
 * A test file that swaps a module or a global (module mocks, stubbed globals or env, fake
 * timers, an IndexedDB of its own) gets a module graph of its own. Every other file shares its
 * worker's graph with the files of its environment run before it, so their imports are paid
 * once per worker rather than once per file: such files change nothing another file could see
 * (spies are restored after every test; src/test-setup.ts gives each component test file an
 * empty IndexedDB).
 */
const SWAPS_MODULES_OR_GLOBALS = /\bvi\.(mock|doMock|unmock|resetModules|stubGlobal|stubEnv|useFakeTimers)\(|fake-indexeddb/;
const JSDOM = /@vitest-environment jsdom/;

const testFiles = TEST_ROOTS.flatMap((root) =>
  readdirSync(root, { recursive: true, encoding: "utf8" })
    .filter((file) => TEST_FILE.test(file) && !file.split(/[\\/]/).includes("node_modules"))
    .map((file) => join(root, file).replaceAll("\\", "/")),
);
const projectFiles = { node: [] as string[], jsdom: [] as string[], "own graph": [] as string[] };
for (const file of testFiles) {
  const source = readFileSync(file, "utf8");
  projectFiles[SWAPS_MODULES_OR_GLOBALS.test(source) ? "own graph" : JSDOM.test(source) ? "jsdom" : "node"].push(file);
}

export default defineConfig({
  define: { __APP_VERSION__: JSON.stringify("test") },
  test: {
    environment: "node",
    // Component tests opt in with a `// @vitest-environment jsdom` docblock.
    setupFiles: ["./src/test-setup.ts"],
    // One migrated PGlite per run, copied into each test file's database (src/server/test/test-database.ts).
    globalSetup: ["./src/server/test/pglite-template-setup.ts"],
    // Generous: a test file may create a second database, and CI machines can be busy.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: "node", include: projectFiles.node, isolate: false } },
      { extends: true, test: { name: "jsdom", include: projectFiles.jsdom, isolate: false } },
      { extends: true, test: { name: "own graph", include: projectFiles["own graph"] } },
    ],
  },
});
