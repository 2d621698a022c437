/**
 * How the client's code is cut into files (docs/decisions/024). Left to the bundler, the
 * signed-in tab screens needed ~45 small files each (one per set of importers: a 1 KB icon,
 * a 2 KB hook); on a phone's connection every file is a request, and ~45 requests over the
 * six connections a browser opens took longer than the bytes themselves. Instead:
 *
 * - `shell`: what the app's start imports up front (the shell every app page needs), and
 *   `screens`: what the tab screens import up front besides it (from src/client's lib,
 *   components, config and app, src/domain, and node_modules) — except what the public
 *   pages load too;
 * - `shared`: what the app shares with the public pages (what they load after their first
 *   paint — the signup island, the install and update prompts — and the pages themselves, as
 *   the app shows them), so those pages never load `shell` or `screens`;
 * - `radix-toast` (the shell's toasts) and `radix` (dialogs, tabs…): the UI primitives, but the
 *   Slot the public pages' button uses; the public pages need the rest only for the rare
 *   dark-mode offer;
 * - `first-paint`: the public pages' script's own imports, kept tiny (they come before the first paint);
 * - `react` as before; each screen's own code (src/client/features) stays in the screen's file,
 *   and what is only loaded on demand (the scanner, exports, checkout, the auth forms) stays apart.
 *
 * The sets are the static import closures of those roots, read from the module graph once it
 * is built (`buildEnd`), so a new import lands in the right file without a list to keep.
 * `npm run size` checks that the public pages' scripts stay within budget.
 */
import { resolve } from "node:path";
import type { Plugin } from "vite";

const SHELL_ROOTS = ["src/client/start-app.tsx"];
const SCREEN_ROOTS = [
  "src/client/features/dashboard/dashboard-page.tsx",
  "src/client/features/organize/organize-page.tsx",
  "src/client/features/insights/insights-page.tsx",
  "src/client/features/settings/settings-page.tsx",
];
const FIRST_PAINT_ROOTS = ["src/client/public-page.tsx"];
/** What the public pages load after their first paint, and the public pages themselves as the app shows them. */
const PUBLIC_ROOTS = [
  "src/client/public-page-islands.tsx",
  "src/client/components/install-prompt.tsx",
  "src/client/components/update-prompt.tsx",
  "src/client/features/marketing/showcase-page.tsx",
  "src/client/features/marketing/landing-page.tsx",
];

const REACT = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;
/**
 * Radix and what it brings. `radix-ui` is a barrel: its module imports every primitive, so a
 * closure through it holds them all, though only the ones used are bundled. The public pages
 * use Slot alone (and what it imports), which stays with them in `shared`.
 */
const RADIX =
  /[\\/]node_modules[\\/](@radix-ui|radix-ui|aria-hidden|get-nonce|tslib|use-callback-ref|use-sidecar|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|@floating-ui)[\\/]/;
const RADIX_SLOT = /[\\/]node_modules[\\/]@radix-ui[\\/]react-(slot|compose-refs)[\\/]/;
const RADIX_TOAST = /[\\/]node_modules[\\/]@radix-ui[\\/]react-toast[\\/]/;
/** Where the app's shared code lives; a screen's own code (src/client/features) stays with the screen. */
const GROUPABLE = /[\\/](src[\\/](domain|client[\\/](lib|components|config|app))|node_modules)[\\/]|vite[\\/]preload-helper/;

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/** The modules `roots` need before they run: their static imports, transitively (dynamic imports excluded). */
function staticClosure(graph: ModuleGraph, roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

export interface CodeSplittingGroup {
  name: string;
  test: RegExp | ((id: string) => boolean);
  priority: number;
}

export function appChunks(root: string): { plugin: Plugin; groups: CodeSplittingGroup[] } {
  const at = (paths: readonly string[]) => paths.map((p) => resolve(root, p));
  let firstPaint = new Set<string>();
  let shared = new Set<string>();
  let shell = new Set<string>();
  let screens = new Set<string>();
  const plugin: Plugin = {
    name: "cleanspace-app-chunks",
    apply: "build",
    buildEnd() {
      const graph = this as unknown as ModuleGraph;
      const shellClosure = staticClosure(graph, at(SHELL_ROOTS));
      const screensClosure = staticClosure(graph, at(SCREEN_ROOTS));
      firstPaint = staticClosure(graph, at(FIRST_PAINT_ROOTS));
      const publicClosure = staticClosure(graph, at(PUBLIC_ROOTS));
      const groupable = (id: string) =>
        GROUPABLE.test(id) && !REACT.test(id) && !(RADIX.test(id) && !RADIX_SLOT.test(id)) && !firstPaint.has(id) && !id.endsWith(".css");
      shared = new Set([...publicClosure].filter((id) => (shellClosure.has(id) || screensClosure.has(id)) && groupable(id)));
      shell = new Set([...shellClosure].filter((id) => !shared.has(id) && groupable(id)));
      screens = new Set([...screensClosure].filter((id) => !shared.has(id) && !shell.has(id) && groupable(id)));
    },
  };
  // Higher priority first: a module goes to the first group that takes it, with the
  // dependencies it brings (which the sets above already contain).
  const groups: CodeSplittingGroup[] = [
    { name: "react", test: REACT, priority: 50 },
    { name: "first-paint", test: (id) => firstPaint.has(id) && GROUPABLE.test(id), priority: 40 },
    { name: "radix-slot", test: RADIX_SLOT, priority: 35 },
    { name: "radix-toast", test: RADIX_TOAST, priority: 33 },
    { name: "radix", test: RADIX, priority: 30 },
    { name: "shared", test: (id) => shared.has(id), priority: 20 },
    { name: "shell", test: (id) => shell.has(id), priority: 15 },
    { name: "screens", test: (id) => screens.has(id), priority: 10 },
  ];
  return { plugin, groups };
}
