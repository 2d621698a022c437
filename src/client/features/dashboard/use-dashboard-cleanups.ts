/**
 * The dashboard's real cleanups: Auto Clean from its dialog, Auto Clean Mode after
 * each scan (a defined, undoable behaviour: exact copies go to the CleanSpace trash with a
 * notice and Undo; a read-only folder is said to be so), and the "Turn on Auto Clean"
 * recommendation, which turns the setting on and cleans now.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import type { Recommendation } from "../../../domain/recommendations";
import { describeAutoClean } from "../../lib/file-actions/auto-clean-notice";
import { saveSettings } from "../../lib/settings/save-settings";
import { readMirror } from "../../lib/settings/settings-queries";
import type { AcceptOutcome } from "./components/recommendations-list";
import { useAutoClean } from "./use-auto-clean";
import { queryKeys } from "../../lib/query-keys";

/** `autoCleanSetting`: the effective settings' Auto Clean Mode (the same on the server's render and the browser's). */
export function useDashboardCleanups(userId: number | null, autoCleanSetting: boolean) {
  const queryClient = useQueryClient();
  const autoClean = useAutoClean(userId);
  const [turnedOn, setTurnedOn] = useState(false);
  const autoCleanOn = turnedOn || autoCleanSetting;

  /** After every completed scan: Auto Clean Mode moves the new scan's exact copies. */
  const afterScan = useCallback(() => {
    if (!readMirror().autoClean) return;
    // No click to ask from: only a folder the browser already lets CleanSpace change.
    void autoClean.run(false).catch((error: unknown) => console.warn("Auto Clean after the scan failed", error));
  }, [autoClean]);

  const perform = useCallback(
    async (r: Recommendation): Promise<AcceptOutcome> => {
      if (r.action.kind !== "auto-clean") throw new Error(`Nothing to perform for ${r.id}`);
      await saveSettings({ autoClean: true }, userId !== null);
      setTurnedOn(true);
      void queryClient.invalidateQueries({ queryKey: queryKeys.settings.all });
      const outcome = await autoClean.run(true, "all", false);
      if (outcome.kind === "moved" && outcome.moved > 0) return { applied: true, undo: () => autoClean.undo(outcome) };
      const why = describeAutoClean(outcome);
      return {
        applied: false,
        title: why.title,
        description: `${why.description ?? ""} Auto Clean Mode is on for your next scans.`.trim(),
      };
    },
    [autoClean, queryClient, userId],
  );

  return { autoCleanOn, afterScan, perform, runAutoClean: () => autoClean.run(true) };
}
