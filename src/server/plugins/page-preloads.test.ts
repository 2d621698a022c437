import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  APP_SCREEN_MODULES,
  VISITOR_SCREEN_MODULES,
  APP_START,
  chunksFor,
  dashboardDataUrls,
  shellWithPreloads,
  showsDashboard,
  withDataPreloads,
  type ViteManifest,
} from "./page-preloads";
import { APP_MODULES_ELEMENT_ID, VISITOR_SCREENS } from "../../domain/first-screen";
import { DASHBOARD_PATHS, PAGES } from "../../domain/routes";

const manifest: ViteManifest = {
  // The prerendered public pages' script is an entry too; the app's shell is index.html.
  "src/client/public-page.tsx": { file: "assets/public-page-1.js", isEntry: true, imports: ["_theme-storage-1.js"] },
  "_theme-storage-1.js": { file: "assets/theme-storage-1.js" },
  "index.html": { file: "assets/index-1.js", isEntry: true, imports: ["_jsx-runtime-1.js"] },
  "_jsx-runtime-1.js": { file: "assets/jsx-runtime-1.js" },
  "_api-client-1.js": { file: "assets/api-client-1.js", imports: ["_jsx-runtime-1.js", "index.html"] },
  "src/client/features/dashboard/dashboard-page.tsx": {
    file: "assets/dashboard-page-1.js",
    imports: ["_jsx-runtime-1.js", "_api-client-1.js", "index.html"],
  },
  "src/client/features/marketing/showcase-page.tsx": { file: "assets/showcase-page-1.js", imports: ["_jsx-runtime-1.js"] },
};
const shell = "<!doctype html><head><title>CleanSpace</title></head><body><div id=root></div></body>";

describe("route-specific module preloads", () => {
  it("lists a page's chunk and its imports, minus what the entry already loads", () => {
    expect(chunksFor(manifest, "src/client/features/dashboard/dashboard-page.tsx")).toEqual([
      "assets/dashboard-page-1.js",
      "assets/api-client-1.js",
    ]);
    expect(chunksFor(manifest, "src/client/features/marketing/showcase-page.tsx")).toEqual(["assets/showcase-page-1.js"]);
    expect(chunksFor(manifest, "src/nowhere.tsx")).toEqual([]);
  });

  it("puts the tab screens' chunks in the shell's head; / only with a session; public pages as they were", () => {
    const page = shellWithPreloads(shell, manifest);
    expect(page("/", true)).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/dashboard-page-1.js"><link rel="modulepreload" crossorigin href="/assets/api-client-1.js"></head>',
    );
    expect(page("/home", false)).toContain("/assets/dashboard-page-1.js");
    for (const path of ["/", "/landing", "/login", "/nowhere"]) expect(page(path, false), path).toBe(shell);
    expect(shellWithPreloads(shell, undefined)("/home", true)).toBe(shell);
  });

  it("preloads the app's start on every page of the shell, before the page's own chunks", () => {
    const withStart: ViteManifest = {
      ...manifest,
      [APP_START]: { file: "assets/start-app-1.js", imports: ["_jsx-runtime-1.js", "_api-client-1.js"] },
    };
    const page = shellWithPreloads(shell, withStart);
    const start =
      '<link rel="modulepreload" crossorigin href="/assets/start-app-1.js"><link rel="modulepreload" crossorigin href="/assets/api-client-1.js">';
    expect(page("/login", false)).toContain(`${start}</head>`);
    // The dashboard's chunks follow, without the one the start already lists.
    expect(page("/home", true)).toContain(`${start}<link rel="modulepreload" crossorigin href="/assets/dashboard-page-1.js"></head>`);
    const entry = readFileSync("src/client/main.tsx", "utf8");
    expect(entry).toContain('import("./start-app")');
    expect(entry).toContain(`const APP_MODULES_ELEMENT_ID = "${APP_MODULES_ELEMENT_ID}";`);
    // A server-rendered screen's code is fetched after its first paint: listed, not preloaded.
    const rendered = page("/home", true, true);
    expect(rendered).not.toContain("modulepreload");
    expect(rendered).toContain(
      '<script type="application/json" id="cs-app-modules">["/assets/start-app-1.js","/assets/api-client-1.js","/assets/dashboard-page-1.js"]</script></body>',
    );
  });

  it("names, for each tab screen and each visitor screen, a module the client router lazy-loads", () => {
    const routes = readFileSync("src/client/app/routes.tsx", "utf8");
    expect(Object.keys(VISITOR_SCREEN_MODULES).sort()).toEqual([...VISITOR_SCREENS].sort());
    for (const [path, module] of Object.entries({ ...APP_SCREEN_MODULES, ...VISITOR_SCREEN_MODULES })) {
      expect(routes, path).toContain(`import("${module.replace("src/client/", "../").replace(/\.tsx$/, "")}")`);
      // The router reads the same table: the path is a page, routed by its PAGES key.
      const key = Object.entries(PAGES).find(([, p]) => p === path)?.[0];
      expect(key, path).toBeDefined();
      expect(routes, path).toContain(
        DASHBOARD_PATHS.includes(path as (typeof DASHBOARD_PATHS)[number]) ? "DASHBOARD_PATHS.map" : `path={PAGES.${key}}`,
      );
    }
  });

  it("preloads the dashboard's first API reads, with credentials, on the dashboard's paths only", () => {
    expect(["/", "/home", "/app", "/dashboard"].every(showsDashboard)).toBe(true);
    expect(["/organize", "/landing", "/login"].some(showsDashboard)).toBe(false);
    const html = withDataPreloads(shell, dashboardDataUrls(42));
    expect(html).toContain('<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/digital-data/42">');
    expect(html).toContain('href="/api/streaks/42"></head>');
    expect(html).toContain('href="/api/auth/me"');
    expect(withDataPreloads(shell, [])).toBe(shell);
  });
});
