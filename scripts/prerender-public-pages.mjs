// Writes the public pages (`/` for visitors, `/showcase`, `/landing`) as finished HTML into
// dist/client/.prerendered/, after `vite build`: the built app shell's <head>, with the
// public-page script (src/client/public-page.tsx) and its CSS in place of the app's entry,
// and the page's markup from src/client/prerender/public-pages.tsx inside #root. The server
// sends these files (src/server/plugins/static-app.ts); see docs/decisions/009.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

const CLIENT = "dist/client";
const OUT = join(CLIENT, ".prerendered");
const RENDERER = "dist/.prerender/public-pages.mjs";
const PUBLIC_ENTRY = "src/client/public-page.tsx";

// React's production build: what the browser runs, and without development-only markup checks.
process.env.NODE_ENV = "production";

await build({
  entryPoints: ["src/client/prerender/public-pages.tsx"],
  outfile: RENDERER,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  jsx: "automatic",
  packages: "external",
  logLevel: "warning",
});
const { PRERENDERED_PAGES, renderPublicPage } = await import(pathToFileURL(RENDERER).href);

const manifest = JSON.parse(readFileSync(join(CLIENT, ".vite/manifest.json"), "utf8"));
const entry = manifest[PUBLIC_ENTRY];
if (!entry) throw new Error(`${PUBLIC_ENTRY} is not in Vite's manifest; is it a build input?`);

/** The entry's static imports and their CSS, depth first, each once. */
const chunks = new Set();
const styles = new Set();
(function visit(key) {
  const chunk = manifest[key];
  if (!chunk || chunks.has(chunk.file)) return;
  chunks.add(chunk.file);
  for (const css of chunk.css ?? []) styles.add(css);
  for (const dep of chunk.imports ?? []) visit(dep);
})(PUBLIC_ENTRY);
chunks.delete(entry.file);

// The stylesheet first: it alone holds up the first paint of a page that is already HTML.
const tags = [
  ...[...styles].map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
  `<script type="module" crossorigin src="/${entry.file}"></script>`,
  ...[...chunks].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
].join("\n    ");

const shell = readFileSync(join(CLIENT, "index.html"), "utf8");
// The app shell's own script, preloads and stylesheet give way to the public page's.
const head = shell
  .replace(/\s*<script type="module"[^>]*><\/script>/g, "")
  .replace(/\s*<link rel="(?:modulepreload|stylesheet)"[^>]*>/g, "")
  .replace("</title>", `</title>\n    ${tags}`);
if (!head.includes('<div id="root"></div>')) throw new Error("dist/client/index.html has no empty #root");

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
for (const name of Object.keys(PRERENDERED_PAGES)) {
  const html = head.replace('<div id="root"></div>', `<div id="root">${renderPublicPage(name)}</div>`);
  writeFileSync(join(OUT, `${name}.html`), html);
  console.log(`prerendered ${name}: ${(html.length / 1024).toFixed(1)} KB`);
}
rmSync("dist/.prerender", { recursive: true, force: true });
