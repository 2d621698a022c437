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
    localSummary: ["dashboard", "local-summary"] as const,
    localIndex: ["dashboard", "local-index"] as const,
  },
  insights: {
    all: ["insights"] as const,
    data: (userId: number) => ["insights", "data", userId] as const,
    exportHistory: (userId: number) => ["insights", "export-history", userId] as const,
  },
  organize: {
    all: ["organize"] as const,
    scanIndex: ["organize", "scan-index"] as const,
    marks: ["organize", "marks"] as const,
    filterPresets: ["organize", "filter-presets"] as const,
    folder: (scannedAt: string | null) => ["organize", "folder", scannedAt] as const,
    trash: (rootName: string) => ["organize", "trash", rootName] as const,
  },
  subscribe: { stripeConfig: ["subscribe", "stripe-config"] as const },
  mobileDemo: { deviceInfo: ["mobile-demo", "device-info"] as const },
} as const;

/** The server's figures of the user moved: the dashboard (goal, streak, score) and Insights refetch. */
export function invalidateUserData(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all });
  void queryClient.invalidateQueries({ queryKey: queryKeys.insights.all });
}
