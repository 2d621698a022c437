/**
 * Runs Auto Clean from the dashboard (its dialog, Auto Clean Mode after a scan, the "Turn on
 * Auto Clean" recommendation) and refreshes what it changes: the device's scan index, the
 * server's aggregate, the goal and the streak.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { runAutoClean, type AutoCleanOutcome, type AutoCleanScope } from "../../lib/file-actions/auto-clean";
import { noticeAutoClean, undoAutoClean } from "../../lib/file-actions/auto-clean-notice";
import { invalidateUserData, queryKeys } from "../../lib/query-keys";

export function useAutoClean(userId: number | null) {
  const queryClient = useQueryClient();
  const refresh = useCallback(() => {
    invalidateUserData(queryClient);
    void queryClient.invalidateQueries({ queryKey: queryKeys.device.all });
  }, [queryClient]);

  const undo = useCallback((outcome: Extract<AutoCleanOutcome, { kind: "moved" }>) => undoAutoClean(outcome, refresh), [refresh]);

  /** `ask`: from a click, so the browser may prompt for write access. Resolves to the outcome, already shown. */
  const run = useCallback(
    async (ask: boolean, scope: AutoCleanScope = "all", notice = true): Promise<AutoCleanOutcome> => {
      const outcome = await runAutoClean({ userId, ask, scope });
      if (notice) noticeAutoClean(outcome, refresh);
      else refresh();
      return outcome;
    },
    [refresh, userId],
  );
  return useMemo(() => ({ run, undo }), [run, undo]);
}
