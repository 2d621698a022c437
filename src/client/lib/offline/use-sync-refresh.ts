/**
 * After actions that waited on this device reach the server, the figures they move (goal,
 * streak, insights) are fetched again, and a notice says they arrived — the other half of
 * the honest "Saved on this device" notice.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { invalidateUserData } from "../query-keys";
import { toast } from "../toast-store";
import { subscribeSyncRuns } from "./queue";

export function useSyncRefresh(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribeSyncRuns((result) => {
        invalidateUserData(queryClient);
        if (result.deferred > 0) {
          const changes = result.deferred === 1 ? "1 change" : `${result.deferred} changes`;
          toast({ title: "Synced", description: `${changes} saved on this device reached your account.` });
        }
      }),
    [queryClient],
  );
}
