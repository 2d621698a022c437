// Fails when the JavaScript a visitor downloads to show `/` (the entry, everything it
// imports statically, and the lazy chunk of the `/` page with its imports) exceeds the
// budget, gzipped. Reads Vite's build manifest, so it counts exactly what the browser loads.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const BUDGET_KB = 120;
const dir = "dist/client";
const manifest = JSON.parse(readFileSync(join(dir, ".vite/manifest.json"), "utf8"));
const ROOT_PAGE = "src/client/features/marketing/showcase-page.tsx";

const files = new Set();
function collect(key) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const dep of chunk.imports ?? []) collect(dep);
}
const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
collect(entry);
collect(ROOT_PAGE);

let total = 0;
for (const file of files) {
  const size = gzipSync(readFileSync(join(dir, file)), { level: 9 }).length;
  total += size;
  console.log(`  ${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
const kb = total / 1024;
console.log(`initial JavaScript of /: ${kb.toFixed(1)} KB gzipped (budget ${BUDGET_KB} KB)`);
if (kb > BUDGET_KB) {
  console.error(`bundle size check failed: ${kb.toFixed(1)} KB > ${BUDGET_KB} KB`);
  process.exit(1);
}
