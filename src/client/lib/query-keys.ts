/**
 * Every React Query key the app uses, in one place. Keys are arrays whose first element names
 * the area, so invalidating a prefix refreshes the whole area. After anything that changes the
 * user's data on the server (a scan, a cleanup, an undo), call `invalidateUserData`.
 */
import type { QueryClient } from "@tanstack/react-query";

export const queryKeys = {
  session: ["session"] as const,
  subscription: ["subscription"] as const,
  settings: {
    all: ["settings"] as const,
    preferences: ["settings", "preferences"] as const,
    emailChange: ["settings", "email-change"] as const,
  },
  dashboard: {
    all: ["dashboard"] as const,
    digitalData: (userId: number) => ["dashboard", "digital-data", userId] as const,
    streak: (userId: number) => ["dashboard", "streak", userId] as const,
    tip: ["dashboard", "tip"] as const,
  },
  insights: {
    all: ["insights"] as const,
    data: (userId: number) => ["insights", "data", userId] as const,
    exportHistory: (userId: number) => ["insights", "export-history", userId] as const,
  },
  /** What this device holds (lib/device-data): never the server's, so sign-in state does not key it. */
  device: {
    all: ["device"] as const,
    scanIndex: ["device", "scan-index"] as const,
    marks: ["device", "marks"] as const,
    folder: (scannedAt: string | null) => ["device", "folder", scannedAt] as const,
    trash: (rootName: string) => ["device", "trash", rootName] as const,
  },
  organize: { filterPresets: ["organize", "filter-presets"] as const },
  subscribe: { stripeConfig: ["subscribe", "stripe-config"] as const },
  mobileDemo: { deviceInfo: ["mobile-demo", "device-info"] as const },
} as const;

/** The server's figures of the user moved: the dashboard (goal, streak, score) and Insights refetch. */
export function invalidateUserData(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all });
  void queryClient.invalidateQueries({ queryKey: queryKeys.insights.all });
}
