import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useState } from "react";
import { DarkModeOffer } from "../components/dark-mode-offer";
import { ErrorBoundary } from "../components/error-boundary";
import { Toaster } from "../components/ui/toaster";
import { createQueryClient } from "../lib/query-client";
import { ThemeProvider } from "../lib/theme";
import { AppRoutes } from "./routes";

// The device layer and PWA pieces load after the shell, outside the initial bundle.
const InstallPrompt = lazy(() => import("../components/install-prompt").then((m) => ({ default: m.InstallPrompt })));
const UpdatePrompt = lazy(() => import("../components/update-prompt").then((m) => ({ default: m.UpdatePrompt })));
// The offline queue starts at app start (spec §4): pending actions sync as its database opens.
const AppSyncStatus = lazy(() => import("../components/sync-status").then((m) => ({ default: m.AppSyncStatus })));

export function App() {
  const [queryClient] = useState(createQueryClient);
  useEffect(() => {
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
          <DarkModeOffer />
          <Suspense fallback={null}>
            <InstallPrompt />
            <UpdatePrompt />
            <AppSyncStatus />
          </Suspense>
        </ThemeProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
