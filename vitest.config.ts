import { defineConfig } from "vitest/config";

/** Pure rules: no DOM, no database, no module mocks, no state between calls — one module graph can serve every file. */
const PURE = ["src/domain/**/*.test.ts"];

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
      // Isolation costs each file a fresh module graph; pure rules do not need one.
      { extends: true, test: { name: "pure", include: PURE, isolate: false } },
      {
        extends: true,
        test: { name: "isolated", include: ["src/**/*.test.{ts,tsx}", "bench/**/*.test.ts", "scripts/**/*.test.ts"], exclude: PURE },
      },
    ],
  },
});
