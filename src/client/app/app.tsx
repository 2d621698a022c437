import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { AfterLoad } from "../components/after-load";
import { ClientOnly } from "../components/client-only";
import { ErrorBoundary } from "../components/error-boundary";
import { loadedAfterMount } from "../components/loaded-after-mount";
import { Toaster } from "../components/ui/toaster";
import { afterLoad } from "../lib/after-load";
import { createQueryClient } from "../lib/query-client";
import { ThemeProvider } from "../lib/theme";
import { PageExtras } from "./page-extras";
import { AppRoutes } from "./routes";

// The offline queue starts at app start (spec §4): pending actions sync as its database opens.
// Synced settings (haptics, sounds, theme, daily reminder) apply on every page, after the shell.
const SettingsEffects = loadedAfterMount(() => import("./settings-effects").then((m) => m.SettingsEffects), "the settings effects");
const AppSyncStatus = loadedAfterMount(() => import("../components/sync-status").then((m) => m.AppSyncStatus), "the sync indicator");

/** `queryClient` is given when the page brought the first screen's data (start-app.tsx). */
export function App(props: { queryClient?: QueryClient }) {
  const [queryClient] = useState(() => props.queryClient ?? createQueryClient());
  useEffect(() => {
    // The device layer loads after the page, outside the initial bundle.
    afterLoad(() => {
      import("../lib/device/boot")
        .then((m) => m.startDeviceLayer())
        .catch((error: unknown) => console.warn("CleanSpace: the device layer did not start", error));
    });
  }, []);
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider>
          <AppRoutes />
          <Toaster />
          {/* This browser's own state (stored settings; install, updates, the offline queue): never server-rendered. */}
          <ClientOnly>
            <SettingsEffects />
          </ClientOnly>
          <AfterLoad>
            <PageExtras />
            <AppSyncStatus />
          </AfterLoad>
        </ThemeProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
