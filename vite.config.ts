import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { appChunks } from "./scripts/app-chunks";

/**
 * Installable app and offline shell (docs/decisions/003-device-and-offline.md, 039): Workbox
 * precaches the built shell and answers navigations with /index.html when the network
 * cannot; /api is never cached. The app registers the service worker itself, lazily, after load.
 */
const pwa = VitePWA({
  registerType: "prompt",
  injectRegister: false,
  manifest: {
    id: "/",
    name: "CleanSpace",
    short_name: "CleanSpace",
    description: "Clean up your photos, files, apps and email — privately, on your own device.",
    lang: "en",
    theme_color: "#2563eb",
    background_color: "#0b1120",
    display: "standalone",
    scope: "/",
    start_url: "/",
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  },
  workbox: {
    globPatterns: ["**/*.{js,css,html,svg,png,woff2}"],
    // libheif's WebAssembly build (2 MB, scan/photos/heic.ts) loads on a scan's first HEIC
    // photo only: not part of every install. Offline, HEIC photos are counted as skipped.
    globIgnores: ["**/libheif-bundle-*.js"],
    cleanupOutdatedCaches: true,
    // "/" is not the precached /index.html: it is a signed-in user's dashboard, sent with its data.
    directoryIndex: null,
    // No catch-all shell for navigations (the plugin's default): the route below decides.
    navigateFallback: null,
    // Navigations go to the network first: the server sends a signed-in screen rendered with
    // its data (decision 024), so it never shows an empty dashboard before the figures. The
    // precached shell answers only when the network does not (offline). Never cached: the
    // page holds the user's data, and sign-out must leave none of it behind.
    runtimeCaching: [
      {
        urlPattern: ({ request, url }) => request.mode === "navigate" && !url.pathname.startsWith("/api/"),
        handler: "NetworkOnly",
        options: { precacheFallback: { fallbackURL: "/index.html" } },
      },
    ],
    // The daily reminder's periodic-sync and notification-click handlers (public/reminder-sw.js).
    importScripts: ["/reminder-sw.js"],
  },
});

const chunks = appChunks(fileURLToPath(new URL(".", import.meta.url)));

const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8")) as { version: string };

export default defineConfig({
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  plugins: [react(), tailwindcss(), pwa, chunks.plugin],
  // zod without `new Function`, which the page's CSP forbids: src/client/config/zod-jitless.ts.
  resolve: { alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL("./src/client/config/zod-jitless.ts", import.meta.url)) }] },
  build: {
    outDir: "dist/client",
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    target: "es2022",
    // The app's shell, and the script of the prerendered public pages
    // (scripts/prerender-public-pages.mjs writes those pages from both).
    rolldownOptions: {
      input: { index: "index.html", "public-page": "src/client/public-page.tsx" },
      // React in a chunk of its own, named for what it is: both entries load it, and it
      // changes less often than our code (a new build keeps it cached). The app's code in a
      // few files rather than dozens: scripts/app-chunks.ts.
      output: { codeSplitting: { groups: chunks.groups } },
    },
  },
  worker: { format: "es" },
  server: {
    port: 5173,
    proxy: { "/api": "http://localhost:5000" },
  },
});
