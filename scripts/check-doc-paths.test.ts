import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs script without type declarations
import { checkDoc } from "./check-doc-paths.mjs";

const check = checkDoc as (file: string, markdown: string, root: string, topLevel: Set<string>) => string[];

function repo(): string {
  const root = mkdtempSync(join(tmpdir(), "cs-doc-paths-"));
  mkdirSync(join(root, "src", "cli"), { recursive: true });
  mkdirSync(join(root, "docs", "decisions"), { recursive: true });
  writeFileSync(join(root, "src", "cli", "main.ts"), "");
  writeFileSync(join(root, "docs", "decisions", "016-scan-speed.md"), "");
  writeFileSync(join(root, "package.json"), "{}");
  return root;
}
const TOP = new Set(["src", "docs", "package.json"]);

describe("check-doc-paths", () => {
  it("accepts paths that exist: files, folders, a record by its number, globs, links from the doc's folder", () => {
    const root = repo();
    const doc =
      "See `src/cli/main.ts`, `src/cli/`, `docs/decisions/016`, `src/cli/*.ts`, `package.json` and [016](decisions/016-scan-speed.md).";
    expect(check("docs/cli.md", doc, root, TOP)).toEqual([]);
  });

  it("names each path that does not exist, with its line", () => {
    const root = repo();
    const doc = "Intro.\nThe hasher is `src/cli/parallel-hasher.ts`.\n[gone](decisions/002-gone.md)";
    expect(check("docs/cli.md", doc, root, TOP)).toEqual([
      "docs/cli.md:2: src/cli/parallel-hasher.ts does not exist (src/cli/parallel-hasher.ts)",
      "docs/cli.md:3: decisions/002-gone.md does not exist (docs/decisions/002-gone.md)",
    ]);
  });

  it("refuses a path outside the repository, and leaves routes, URLs, build output and code blocks alone", () => {
    const root = repo();
    const doc =
      "`../elsewhere/spec.md`, `/api/users`, `https://example.com/x`, `dist/server/main.js`, `npm test`\n```\nsrc/nowhere.ts\n```";
    expect(check("README.md", doc, root, TOP)).toEqual(["README.md:1: ../elsewhere/spec.md is outside the repository"]);
  });
});
