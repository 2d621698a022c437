/**
 * Drives one real-data scan (spec §2 "Real data scan screen", §4 stages, §8 texts): picks
 * the source, runs the engine in its Web Worker, keeps the item index on this device and
 * sends only the aggregate summary to the server (when signed in).
 */
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import type { DigitalData } from "../../../../domain/schemas/digital-data";
import type { ScanSummary } from "../../../../domain/schemas/scan-summary";
import { scanAndSaveInWorker } from "../../../../scan/run-scan-in-worker";
import type { ScanProgress } from "../../../../scan/types";
import { vibrate } from "../../../lib/device/haptics";
import { queryKeys } from "../../../lib/query-keys";
import { rememberFolder } from "../../../lib/device-data/scan-folder";
import { saveAndTell } from "../../../lib/scan-notice";
import { toast } from "../../../lib/toast-store";
import { saveScan } from "../../../lib/data/save-scan";
import { refreshScanIndex } from "../../../lib/device-data/scan-index";
import { invalidateUserData } from "../../../lib/query-keys";

export type ScanState = "idle" | "scanning" | "done" | "error";

export interface RealScan {
  state: ScanState;
  progress: ScanProgress | null;
  summary: ScanSummary | null;
  error: string | null;
  /** The folder gave no files: the user is asked to pick files manually (spec §5). */
  needsManualPick: boolean;
  scan(source: FileSystemDirectoryHandle | File[]): Promise<void>;
  cancel(): void;
}

const SCAN_VIBRATION_MS = 100;

export function useRealScan(userId: number | null, metadataOnly: boolean, onComplete: (summary: ScanSummary) => void): RealScan {
  const [state, setState] = useState<ScanState>("idle");
  const [progress, setProgress] = useState<ScanProgress | null>(null);
  const [summary, setSummary] = useState<ScanSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [needsManualPick, setNeedsManualPick] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const queryClient = useQueryClient();

  const scan = useCallback(
    async (source: FileSystemDirectoryHandle | File[]) => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      setState("scanning");
      setError(null);
      setNeedsManualPick(false);
      setProgress(null);
      vibrate(SCAN_VIBRATION_MS);
      try {
        // The worker saves the item index itself: the page gets the summary and groups.
        const result = await scanAndSaveInWorker({ source, metadataOnly, signal: abort.signal, onProgress: setProgress });
        // The e-mail stage: a connected mailbox's totals, as its last listing saved them.
        const mail = userId ? queryClient.getQueryData<DigitalData>(queryKeys.dashboard.digitalData(userId)) : undefined;
        if (mail && mail.emailCount > 0) {
          result.summary = { ...result.summary, emailCount: mail.emailCount, emailUnread: Math.min(mail.emailUnread, mail.emailCount) };
          setProgress((p) => (p ? { ...p, counts: { ...p.counts, email: mail.emailCount } } : p));
        }
        if (result.summary.totalFiles === 0) {
          setNeedsManualPick(true);
          setState("idle");
          toast({
            title: "File Scan Issue",
            description: "Unable to scan files. Browser may not support this feature.",
            variant: "destructive",
          });
          return;
        }
        if (!Array.isArray(source)) await rememberFolder(source);
        setSummary(result.summary);
        setState("done");
        toast(
          await saveAndTell(userId, () => saveScan(userId ?? 0, result.summary, { snapshot: true }), source, result.summary.totalFiles),
        );
        invalidateUserData(queryClient);
        void refreshScanIndex(queryClient);
        onComplete(result.summary);
      } catch (err) {
        if (err instanceof DOMException && err.name === "AbortError") {
          setState("idle");
          return;
        }
        const message = err instanceof Error && err.message ? err.message : "";
        setError(message || "Scan failed");
        setState("error");
        toast({ title: "Scan Failed", description: message || "Unknown error occurred", variant: "destructive" });
      } finally {
        if (controller.current === abort) controller.current = null;
      }
    },
    [metadataOnly, onComplete, queryClient, userId],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);
  return { state, progress, summary, error, needsManualPick, scan, cancel };
}
