import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useState } from "react";
import { ErrorBoundary } from "../components/error-boundary";
import { Toaster } from "../components/ui/toaster";
import { createQueryClient } from "../lib/query-client";
import { ThemeProvider } from "../lib/theme";
import { PageExtras } from "./page-extras";
import { AppRoutes } from "./routes";

// The offline queue starts at app start (spec §4): pending actions sync as its database opens.
// Synced settings (haptics, sounds, theme, daily reminder) apply on every page, after the shell.
const SettingsEffects = lazy(() => import("./settings-effects").then((m) => ({ default: m.SettingsEffects })));
const AppSyncStatus = lazy(() => import("../components/sync-status").then((m) => ({ default: m.AppSyncStatus })));

export function App() {
  const [queryClient] = useState(createQueryClient);
  useEffect(() => {
    // The device layer loads after the shell, outside the initial bundle.
    import("../lib/device/boot")
      .then((m) => m.startDeviceLayer())
      .catch((error: unknown) => console.warn("CleanSpace: the device layer did not start", error));
  }, []);
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider>
          <AppRoutes />
          <Toaster />
          <PageExtras />
          <Suspense fallback={null}>
            <AppSyncStatus />
            <SettingsEffects />
          </Suspense>
        </ThemeProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
