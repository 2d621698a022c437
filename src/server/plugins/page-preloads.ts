/**
 * Route-specific <link rel="modulepreload"> tags in the app shell. Every page past the
 * shell is lazy-loaded, so without them the browser learns of a page's chunks only after
 * the entry script has run: one more round trip before the page can render (on /home the
 * chain was HTML → entry → dashboard chunk → session → data). Vite's manifest names each
 * lazy module's chunk and the chunks it imports; the server lists them in the HTML it
 * sends for that path, so they download while the entry does.
 *
 * The app's own start (src/client/start-app.tsx) is one of those modules on every page: the
 * entry imports it only after the first paint (decision 024), so that a server-rendered
 * screen is not held back by the app's code; its download starts with the HTML all the same.
 *
 * Only the signed-in app's tab screens get them (bench/lighthouse.mjs compares both ways): on
 * the public pages the preloads would share the first bytes with the entry script and CSS and
 * delay the first paint for no better score.
 */
import { APP_MODULES_ELEMENT_ID } from "../../domain/first-screen";
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
/** What the entry imports after the first paint: the app itself (React, the router, the shell). */
export const APP_START = "src/client/start-app.tsx";

/** The tab screens' paths (the one route table) → the module src/client/app/routes.tsx lazy-loads for each. */
export const APP_SCREEN_MODULES: Readonly<Record<string, string>> = {
  ...Object.fromEntries(DASHBOARD_PATHS.map((p) => [p, DASHBOARD])),
  [PAGES.organize]: "src/client/features/organize/organize-page.tsx",
  [PAGES.insights]: "src/client/features/insights/insights-page.tsx",
  [PAGES.settings]: "src/client/features/settings/settings-page.tsx",
};

/** The visitor screens (VISITOR_SCREENS, decision 043) → the module the router lazy-loads for each. */
export const VISITOR_SCREEN_MODULES: Readonly<Record<string, string>> = {
  [PAGES.login]: "src/client/features/auth/login-page.tsx",
  [PAGES.register]: "src/client/features/auth/register-page.tsx",
  [PAGES.forgotPassword]: "src/client/features/auth/forgot-password-page.tsx",
  [PAGES.welcome]: "src/client/features/auth/welcome-page.tsx",
  [PAGES.subscribe]: "src/client/features/subscribe/subscribe-page.tsx",
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

/**
 * A function from (path, has session, server-rendered) to the shell with that page's preloads,
 * each HTML built once. A page the server rendered shows without its code: nothing but the
 * stylesheet may hold up its first paint, so its code is not preloaded but listed, for the
 * entry to fetch once the screen is painted (decision 024; src/client/main.tsx).
 */
export function shellWithPreloads(
  shell: string,
  manifest: ViteManifest | undefined,
): (path: string, hasSession: boolean, rendered?: boolean) => string {
  const built = new Map<string, string>();
  return (path, hasSession, rendered = false) => {
    if (!manifest || !shell.includes("</head>")) return shell;
    // A rendered visitor screen lists its own module too (listed, never preloaded: see above).
    const screenModule = preloadModule(path, hasSession) ?? (rendered ? VISITOR_SCREEN_MODULES[path] : undefined);
    const modules = [APP_START, screenModule].filter((m): m is string => m !== undefined && m in manifest);
    const key = `${modules.join(" ")} ${rendered}`;
    let html = built.get(key);
    if (html === undefined) {
      const files = [...new Set(modules.flatMap((m) => chunksFor(manifest, m)))].map((file) => `/${file}`);
      if (rendered) {
        const list = `<script type="application/json" id="${APP_MODULES_ELEMENT_ID}">${JSON.stringify(files)}</script>`;
        html = shell.includes("</body>") ? shell.replace("</body>", `${list}</body>`) : shell + list;
      } else {
        html = shell.replace("</head>", `${files.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join("")}</head>`);
      }
      built.set(key, html);
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
