/**
 * The public pages prerendered at build time (scripts/prerender-public-pages.mjs writes
 * them to dist/client/.prerendered/, with .br and .gz beside each). `/` is the showcase for
 * visitors only: a signed-in user gets the app shell there, which shows the dashboard.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";

const FILES: Readonly<Record<string, string>> = {
  "/": "showcase.html",
  "/showcase": "showcase.html",
  "/landing": "landing.html",
};

export interface PrerenderedPages {
  dir: string;
  /** The prerendered file for a page path, if it has one. */
  fileFor(path: string): string | undefined;
}

export function findPrerenderedPages(clientDir: string): PrerenderedPages | undefined {
  const dir = join(clientDir, ".prerendered");
  const available = new Set(Object.values(FILES).filter((file) => existsSync(join(dir, file))));
  if (available.size === 0) return undefined;
  return {
    dir,
    fileFor: (path) => {
      const file = FILES[path];
      return file !== undefined && available.has(file) ? file : undefined;
    },
  };
}
