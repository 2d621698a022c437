// Fails when the JavaScript a visitor downloads for `/` exceeds the budget, gzipped. Reads
// Vite's build manifest, so it counts exactly what the browser loads. A visitor gets `/`
// prerendered: its script (src/client/public-page.tsx) with its static imports before the
// first paint, then the signup form's script after it. A visitor who reaches the showcase
// inside the app loads the app's entry, the app's start (src/client/start-app.tsx, which the
// entry imports after the first paint) and the showcase page's chunk. Both must fit.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const BUDGET_KB = 120;
const dir = process.env.CLIENT_DIR ?? "dist/client";
const manifest = JSON.parse(readFileSync(join(dir, ".vite/manifest.json"), "utf8"));

/** The files a module needs: its chunk and its static imports, each once. */
function closure(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in Vite's manifest`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const dep of chunk.imports ?? []) closure(dep, files);
  return files;
}

const gzipKb = (file) => gzipSync(readFileSync(join(dir, file)), { level: 9 }).length / 1024;

function report(label, groups) {
  const seen = new Set();
  let total = 0;
  console.log(label);
  for (const [stage, files] of groups) {
    for (const file of files) {
      if (seen.has(file)) continue;
      seen.add(file);
      const kb = gzipKb(file);
      total += kb;
      console.log(`  ${kb.toFixed(1).padStart(7)} KB  ${file}  (${stage})`);
    }
  }
  console.log(`  = ${total.toFixed(1)} KB gzipped (budget ${BUDGET_KB} KB)`);
  return total;
}

const visitor = report("JavaScript of / for a visitor (prerendered page):", [
  ["before first paint", closure("src/client/public-page.tsx")],
  ["after first paint", closure("src/client/public-page-islands.tsx")],
]);
const inApp = report("JavaScript of the showcase inside the app:", [
  ["entry", closure("index.html")],
  ["app start", closure("src/client/start-app.tsx")],
  ["page", closure("src/client/features/marketing/showcase-page.tsx")],
]);
const over = [visitor, inApp].filter((kb) => kb > BUDGET_KB);
if (over.length > 0) {
  console.error(`bundle size check failed: ${over.map((kb) => kb.toFixed(1)).join(", ")} KB > ${BUDGET_KB} KB`);
  process.exit(1);
}
