/**
 * Route-specific <link rel="modulepreload"> tags in the app shell. Every page past the
 * shell is lazy-loaded, so without them the browser learns of a page's chunks only after
 * the entry script has run: one more round trip before the page can render (on /home the
 * chain was HTML → entry → dashboard chunk → session → data). Vite's manifest names each
 * lazy module's chunk and the chunks it imports; the server lists them in the HTML it
 * sends for that path, so they download while the entry does.
 *
 * Only the signed-in app's tab screens get them. Measured with bench/lighthouse.mjs
 * (median of 3): /home 80–82 → 85, LCP 3.6 → 3.3 s, TBT 370 → 170 ms; on the public pages
 * the preloads share the first bytes with the entry script and CSS and delayed the first
 * paint (/ FCP 1.9 → 2.5 s) for no better score, so they are left as they were.
 */
import { DASHBOARD_PATHS, PAGES } from "../../domain/routes";

export interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
export type ViteManifest = Record<string, ManifestChunk>;

const DASHBOARD = "src/client/features/dashboard/dashboard-page.tsx";
/** The app shell's entry in the manifest (the public pages' script is another entry). */
const APP_ENTRY = "index.html";

/** The tab screens' paths (the one route table) → the module src/client/app/routes.tsx lazy-loads for each. */
export const APP_SCREEN_MODULES: Readonly<Record<string, string>> = {
  ...Object.fromEntries(DASHBOARD_PATHS.map((p) => [p, DASHBOARD])),
  [PAGES.organize]: "src/client/features/organize/organize-page.tsx",
  [PAGES.insights]: "src/client/features/insights/insights-page.tsx",
  [PAGES.settings]: "src/client/features/settings/settings-page.tsx",
};

/**
 * The module to preload for a path, if any. `/` is the dashboard for a signed-in user (the
 * client decides from its stored user; the server guesses from the session cookie, and a
 * wrong guess costs one unused download, never a wrong page) and a public page otherwise.
 */
export function preloadModule(path: string, hasSession: boolean): string | undefined {
  if (path === PAGES.root) return hasSession ? DASHBOARD : undefined;
  return APP_SCREEN_MODULES[path];
}

/** The chunk files a lazy module needs, beyond what the entry already loads. */
export function chunksFor(manifest: ViteManifest, moduleKey: string): string[] {
  const preloaded = new Set<string>();
  const visit = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep, into);
  };
  visit(APP_ENTRY, preloaded);
  const needed = new Set<string>();
  visit(moduleKey, needed);
  return [...needed].filter((file) => !preloaded.has(file));
}

/** A function from (path, has session) to the shell with that page's preloads, each HTML built once. */
export function shellWithPreloads(shell: string, manifest: ViteManifest | undefined): (path: string, hasSession: boolean) => string {
  const built = new Map<string, string>();
  return (path, hasSession) => {
    const moduleKey = manifest ? preloadModule(path, hasSession) : undefined;
    if (!manifest || !moduleKey || !shell.includes("</head>")) return shell;
    let html = built.get(moduleKey);
    if (html === undefined) {
      const links = chunksFor(manifest, moduleKey).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
      html = shell.replace("</head>", `${links.join("")}</head>`);
      built.set(moduleKey, html);
    }
    return html;
  };
}

/**
 * The API reads the dashboard makes as soon as it starts, for a signed-in user: preloaded
 * from the HTML (as="fetch", with credentials, as the app's api-client asks for them), they
 * no longer wait for the entry and the dashboard chunk to run first.
 */
export function dashboardDataUrls(userId: number): string[] {
  return ["/api/auth/me", `/api/digital-data/${userId}`, `/api/streaks/${userId}`];
}

/** True when the path shows the dashboard to someone with a session cookie. */
export function showsDashboard(path: string): boolean {
  return preloadModule(path, true) === DASHBOARD;
}

export function withDataPreloads(html: string, urls: readonly string[]): string {
  if (urls.length === 0) return html;
  const links = urls.map((url) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${url}">`);
  return html.replace("</head>", `${links.join("")}</head>`);
}
