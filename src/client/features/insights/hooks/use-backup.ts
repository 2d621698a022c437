/**
 * Backup and Restore (spec §4 "Backup: idle, backing_up, complete or error, back to idle
 * 3 s later"; §8 'Backup failed. Please try again.'). Backup writes one archive of the
 * account data and this device's scan index; Restore validates a whole archive first, then
 * restores settings and presets on the server (one transaction) and the scan index here.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { BACKUP_RESET_MS, exportFileName, type BackupState } from "../../../../domain/backup";
import { loadScanIndex, saveScanIndex } from "../../../../scan/index-store";
import { ApiError } from "../../../lib/api-client";
import { sessionQueryKey } from "../../../lib/session/get-me";
import { toast } from "../../../lib/toast-store";
import { exportHistoryQueryKey } from "../api/get-export-history";
import { getAccountExport } from "../api/get-account-export";
import { recordExport } from "../api/record-export";
import { restoreBackup } from "../api/restore-backup";
import { buildBackupFile, parseBackupFile, BackupFileError, type RestorePlan } from "../backup-file";
import { saveFile } from "../../../lib/download";
import { readFileText } from "../download";
import { formatCount } from "../../../../domain/format";

export const BACKUP_FAILED = "Backup failed. Please try again.";

export function useBackup(userId: number, today: string) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<BackupState>("idle");

  useEffect(() => {
    if (state !== "complete" && state !== "error") return;
    const t = setTimeout(() => setState("idle"), BACKUP_RESET_MS);
    return () => clearTimeout(t);
  }, [state]);

  const backup = async () => {
    if (state === "backing_up") return;
    setState("backing_up");
    const name = exportFileName.backup(today);
    let status: "completed" | "failed" = "failed";
    let size = 0;
    try {
      const [account, index] = await Promise.all([getAccountExport(userId, { forBackup: true }), loadScanIndex()]);
      size = saveFile(JSON.stringify(buildBackupFile(account, index)), name, "application/json");
      status = "completed";
      setState("complete");
      toast({
        title: "Backup Complete",
        description: `Saved as ${name}${index ? ` with ${formatCount(index.items.length)} scanned items` : ""}.`,
      });
    } catch (e) {
      console.warn("Backup failed", e);
      setState("error");
      toast({ title: "Backup Failed", description: BACKUP_FAILED, variant: "destructive" });
    }
    try {
      await recordExport(userId, { type: "full-export", name, size, status });
    } catch (e) {
      console.warn("Export history not updated", e);
    }
    await queryClient.invalidateQueries({ queryKey: exportHistoryQueryKey(userId) });
  };

  return { state, backup };
}

export type RestoreStep =
  | { step: "idle" }
  | { step: "reading" }
  | { step: "confirm"; plan: RestorePlan; fileName: string }
  | { step: "restoring"; plan: RestorePlan; fileName: string }
  | { step: "error"; message: string };

export function useRestore(userId: number) {
  const queryClient = useQueryClient();
  const [restore, setRestore] = useState<RestoreStep>({ step: "idle" });

  /** Reads and validates the picked file; nothing is written until `confirm`. */
  const pick = async (file: File) => {
    setRestore({ step: "reading" });
    try {
      const plan = parseBackupFile(await readFileText(file), userId);
      setRestore({ step: "confirm", plan, fileName: file.name });
    } catch (e) {
      setRestore({
        step: "error",
        message: e instanceof BackupFileError ? e.message : "The file could not be read. Nothing was restored.",
      });
    }
  };

  const confirm = async () => {
    if (restore.step !== "confirm") return;
    const { plan, fileName } = restore;
    setRestore({ step: "restoring", plan, fileName });
    try {
      const result = await restoreBackup(userId, plan.server);
      const index = plan.backup.scanIndex;
      try {
        if (index) await saveScanIndex(index.items, index.summary, index.duplicates);
      } catch (e) {
        console.warn("Scan index not restored", e);
        setRestore({
          step: "error",
          message:
            "Your settings and filter presets were restored, but this browser could not store the scan index. Try again or scan the folder again.",
        });
        await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== sessionQueryKey[0] });
        return;
      }
      setRestore({ step: "idle" });
      toast({
        title: "Backup Restored",
        description: `Your settings, ${result.filterPresets} filter ${result.filterPresets === 1 ? "preset" : "presets"} and ${formatCount(plan.itemCount)} scanned items were restored.`,
      });
      // Settings, presets and the scan index changed: everything but the session reloads.
      await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== sessionQueryKey[0] });
    } catch (e) {
      const detail = e instanceof ApiError ? (e.serverError ?? e.message) : e instanceof Error ? e.message : String(e);
      setRestore({ step: "error", message: `Restore failed: ${detail}. Nothing on the server was changed.` });
    }
  };

  const reset = () => setRestore({ step: "idle" });
  return { restore, pick, confirm, reset };
}
