// Lint holds the architecture's lines (STYLE.md "Boundaries"): each rule's message names
// the alternative. Type-aware rules are left to `tsc`, which already runs in `npm test`.
import { readdirSync } from "node:fs";
import js from "@eslint/js";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const features = readdirSync("src/client/features", { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/**
 * A page feature that composes list features (decision 045): Organize's tabs hold the Files,
 * Photos and Mail features, which never import each other or Organize.
 */
const COMPOSES = { organize: ["files", "photos", "mail"] };

/** Folders that hold test helpers: test files may import them, product code never. */
const TEST_HELPER_DIRS = [
  "src/server/test",
  "src/scan/test-helpers",
  "src/domain/testing",
  "src/client/testing",
  "src/client/lib/file-actions/testing",
  ...features.map((f) => `src/client/features/${f}/testing`),
];
const testHelpers = ["./e2e", ...TEST_HELPER_DIRS.map((d) => `./${d}`)];

/** The architecture's lines, held in product and test code alike. */
const ARCHITECTURE_ZONES = [
  {
    target: "./src/domain",
    from: ["./src/scan", "./src/server", "./src/client", "./src/cli"],
    message: "domain imports nothing else in src — keep rules pure and pass data in.",
  },
  {
    target: "./src/scan",
    from: ["./src/server", "./src/client", "./src/cli"],
    message: "scan talks to domain only — share types through src/domain/schemas.",
  },
  {
    // The one scan engine (decision 042): pure TS, driven by the browser's worker and the Node CLI alike.
    target: "./src/scan/core",
    from: "./src/scan",
    except: ["./core", "./types.ts", "./classify.ts", "./mime-types.ts", "./apps.ts"],
    message: "the scan core holds no I/O: only its own files, the pure types/classify/apps modules and src/domain.",
  },
  {
    target: "./src/server",
    from: ["./src/client", "./src/scan", "./src/cli"],
    message: "server talks to domain only — share types through src/domain/schemas.",
  },
  {
    target: "./src/client",
    from: ["./src/server", "./src/cli"],
    message: "client never imports server code — call the API through lib/api-client and share schemas via src/domain.",
  },
  { target: "./src/cli", from: ["./src/server", "./src/client"], message: "cli uses scan and domain only." },
  {
    target: ["./src/client/components", "./src/client/lib", "./src/client/config"],
    from: ["./src/client/features", "./src/client/app"],
    message: "shared client code never imports a feature or the app — move the shared piece down into components/ or lib/.",
  },
  {
    target: "./src/client/features",
    from: "./src/client/app",
    message: "a feature never imports the app shell — the app composes features, not the other way round.",
  },
  ...features.map((f) => ({
    target: `./src/client/features/${f}`,
    from: "./src/client/features",
    except: [`./${f}`, ...(COMPOSES[f] ?? []).map((part) => `./${part}`)],
    message: "a feature never imports another feature — compose them in app/ or move the shared piece to components/ or lib/.",
  })),
];

const kebabCase = {
  meta: { type: "suggestion", schema: [], messages: { kebab: "File names are kebab-case (e.g. health-score.ts)." } },
  create(context) {
    const name = context.filename.split("/").pop() ?? "";
    const base = name.replace(/\.(test|spec|d|worker|config)?\.?(ts|tsx|js|mjs)$/, "").replace(/\.(test|spec|worker)$/, "");
    return {
      Program(node) {
        if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(base)) context.report({ node, messageId: "kebab" });
      },
    };
  },
};

export default tseslint.config(
  {
    ignores: ["dist/", "node_modules/", "data/", ".tmp/", "test-results/", "playwright-report/", "coverage/", "src/server/db/migrations/"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "import-x": importX, local: { rules: { "kebab-case": kebabCase } } },
    settings: { "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js", ".mjs"] })] },
    rules: {
      "local/kebab-case": "error",
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-default-export": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-console": ["error", { allow: ["warn", "error", "info"] }],
      "import-x/no-restricted-paths": [
        "error",
        { zones: [...ARCHITECTURE_ZONES, { target: "./src", from: testHelpers, message: "product code never imports test code." }] },
      ],
    },
  },
  {
    // The scan core runs in a browser worker and in Node: no Node module, no DOM.
    files: ["src/scan/core/**"],
    languageOptions: { globals: { ...globals["shared-node-browser"] } },
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["node:*", "fs", "path", "worker_threads", "hash-wasm"],
              message: "the scan core does no I/O: an adapter (src/scan/sources, src/cli/scan) reads and passes data in.",
            },
          ],
        },
      ],
    },
  },
  {
    // The browser build aliases "zod" to zod configured jitless (src/client/config/zod-jitless.ts:
    // the page's CSP forbids the `new Function` zod would try); a subpath would bypass that.
    files: ["src/client/**", "src/domain/**"],
    ignores: ["src/client/config/zod-jitless.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["zod/*"], message: 'import "zod": the browser build configures it (src/client/config/zod-jitless.ts).' }] },
      ],
    },
  },
  {
    files: ["src/client/**/*.tsx", "src/client/**/*.ts"],
    plugins: { "react-hooks": reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Tests and their helpers may import test helpers, and keep every architectural line.
    files: ["**/*.test.ts", "**/*.test.tsx", "e2e/**", "src/test-setup.ts", ...TEST_HELPER_DIRS.map((d) => `${d}/**`)],
    rules: { "import-x/no-restricted-paths": ["error", { zones: ARCHITECTURE_ZONES }], "no-console": "off" },
  },
  {
    // CommonJS entries (bin/cleanspace.cjs: Node starts them without the ES module loader).
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs", globals: { ...globals.node } },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    files: ["scripts/**", "bench/**", "bin/**", "src/cli/**", "src/server/main.ts", "src/server/start.ts"],
    rules: { "no-console": "off" },
  },
);
