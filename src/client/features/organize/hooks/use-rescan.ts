/**
 * "Scan this folder again": rescans the remembered folder in the scan worker, replaces the
 * device's index and (signed in) sends the new aggregate — the same steps as the dashboard's
 * scan, so both screens show the same thing afterwards.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { scanAndSaveInWorker } from "../../../../scan/run-scan-in-worker";
import { rememberFolder, folderPermission } from "../../../lib/device-data/scan-folder";
import { saveAndTell } from "../../../lib/scan-notice";
import { toast } from "../../../lib/toast-store";
import { saveScan } from "../../../lib/data/save-scan";
import { refreshScanIndex } from "../../../lib/device-data/scan-index";
import { invalidateUserData } from "../../../lib/query-keys";

export function useRescan(userId: number | null) {
  const queryClient = useQueryClient();
  const [scanning, setScanning] = useState(false);
  const rescan = async (root: FileSystemDirectoryHandle) => {
    setScanning(true);
    try {
      if (!(await folderPermission(root, "read", true).catch(() => false)))
        throw new Error("Permission to read the folder was not granted");
      const result = await scanAndSaveInWorker({ source: root }); // the worker saves the item index
      await rememberFolder(root);
      const notice = await saveAndTell(
        userId,
        () => saveScan(userId ?? 0, result.summary, { snapshot: true }),
        root,
        result.summary.totalFiles,
      );
      await refreshScanIndex(queryClient);
      invalidateUserData(queryClient);
      toast(notice);
    } catch (error) {
      toast({
        variant: "destructive",
        title: "Scan Failed",
        description: error instanceof Error && error.message ? error.message : "Unknown error occurred",
      });
    } finally {
      setScanning(false);
    }
  };
  return { rescan, scanning };
}
