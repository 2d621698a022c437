// `npm test` step: every repository path a doc names must exist. Reads README.md and
// docs/**/*.md; a path is a relative link target, or a code span that starts with one of the
// repository's top-level entries (src/…, e2e/…, bench/…, package.json …) or with ./ or ../.
// Code spans resolve from the repository root, links from the doc's folder. A path without an
// extension may name a file by its prefix (docs/decisions/016 names 016-scan-speed.md); a *
// stands for any name. A path that leaves the repository is an error too: the repository
// must be self-contained. Build outputs (dist/, node_modules/) are not checked.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const PATHLIKE = /^(?:\.{1,2}\/)*[\w.@-]*[\w@-][\w.@-]*(?:\/[\w.@*-]+)*\/?$/;
/** Made by a build, a run or an install, never committed. */
const GENERATED = new Set(["dist", "node_modules", "data", "coverage", "test-results", "playwright-report", ".tmp"]);

export function trackedFiles(root = ROOT) {
  return execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], { cwd: root, encoding: "utf8" })
    .split("\n")
    .filter(Boolean);
}

/** The code spans and link targets of a Markdown text, with their line numbers (fenced blocks skipped). */
export function namedPaths(markdown) {
  const found = [];
  let fenced = false;
  markdown.split("\n").forEach((line, i) => {
    if (/^\s*```/.test(line)) fenced = !fenced;
    if (fenced) return;
    for (const m of line.matchAll(/`([^`\s]+)`/g)) found.push({ text: m[1], line: i + 1, link: false });
    for (const m of line.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)) found.push({ text: m[1], line: i + 1, link: true });
  });
  return found;
}

function exists(abs) {
  if (existsSync(abs)) return true;
  if (abs.includes("**")) return existsSync(abs.slice(0, abs.indexOf("**")));
  if (abs.includes("*")) {
    const dir = dirname(abs);
    if (!existsSync(dir)) return false;
    const pattern = new RegExp(
      `^${abs
        .slice(dir.length + 1)
        .replace(/[.+?^${}()|[\]\\]/g, "\\$&")
        .replace(/\*/g, ".*")}$`,
    );
    return readdirSync(dir).some((name) => pattern.test(name));
  }
  const dir = dirname(abs);
  const base = abs.slice(dir.length + 1);
  return (
    !base.includes(".") && existsSync(dir) && readdirSync(dir).some((name) => name.startsWith(`${base}-`) || name.startsWith(`${base}.`))
  );
}

/** The problems in one doc: paths that are not in the repository, or leave it. */
export function checkDoc(file, markdown, root = ROOT, topLevel = new Set(trackedFiles(root).map((f) => f.split("/")[0]))) {
  const problems = [];
  for (const { text, line, link } of namedPaths(markdown)) {
    if (/^[a-z]+:/i.test(text) || text.startsWith("/")) continue; // URLs, routes and absolute paths
    if (!PATHLIKE.test(text)) continue;
    const relativeToDoc = text.startsWith("./") || text.startsWith("../");
    const first = text.split("/").find((segment) => segment !== "." && segment !== "..");
    if (!first || GENERATED.has(first)) continue;
    if (!link && !relativeToDoc && !topLevel.has(first)) continue;
    if (!link && !relativeToDoc && !text.includes("/") && !topLevel.has(text)) continue;
    const abs = resolve(link || relativeToDoc ? dirname(join(root, file)) : root, text);
    const where = `${file}:${line}`;
    if (abs !== root && !abs.startsWith(root.endsWith(sep) ? root : root + sep))
      problems.push(`${where}: ${text} is outside the repository`);
    else if (!exists(abs)) problems.push(`${where}: ${text} does not exist (${relative(root, abs) || "."})`);
  }
  return problems;
}

function main() {
  const docs = trackedFiles().filter((f) => f === "README.md" || (f.startsWith("docs/") && f.endsWith(".md")));
  const problems = docs.flatMap((doc) => checkDoc(doc, readFileSync(join(ROOT, doc), "utf8")));
  for (const p of problems) console.error(p);
  if (problems.length) {
    console.error(`\n${problems.length} path(s) named in the docs do not exist in the repository.`);
    process.exit(1);
  }
  console.log(`Every repository path named in ${docs.length} docs exists.`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
