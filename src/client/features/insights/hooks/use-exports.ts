/**
 * Export → each option of the domain's EXPORT_OPTIONS made into a real file (spec §2
 * Export, §4 "Export item: not running, exporting (button disabled), then a completed
 * entry is added at the top of the history"). Server data comes from the server; reports
 * and the scan index are made on this device, and only their name, type and size are
 * reported to the history.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { exportFileName, scanIndexCsv, type ExportStatus, type ExportType, type IndexItem } from "../../../../domain/backup";
import type { Insights } from "../../../../domain/schemas/insights";
import { loadScanIndex } from "../../../../scan/index-store";
import { toast } from "../../../lib/toast-store";
import { exportHistoryQueryKey } from "../api/get-export-history";
import { getAccountExport } from "../api/get-account-export";
import { recordExport } from "../api/record-export";
import { saveFile } from "../../../lib/download";
import { emailSummaryHtml, healthReportHtml } from "../report-html";

/** A user-facing reason an export cannot be made (no toast-worthy failure of ours). */
export class ExportUnavailable extends Error {}

interface Made {
  name: string;
  size: number;
  /** The server wrote the history row itself. */
  recorded?: boolean;
}

const HTML = "text/html;charset=utf-8";
export const CSV = "text/csv;charset=utf-8";

/** The scan-index items each local list export writes; null for the exports the server makes. */
export function localListItems(id: ExportType, items: readonly IndexItem[]): readonly IndexItem[] | null {
  if (id === "scan-index-csv") return items;
  if (id === "photos-backup") return items.filter((i) => i.category === "photo");
  if (id === "files-archive") return items.filter((i) => i.category !== "photo");
  return null;
}
const JSON_TYPE = "application/json";

async function localIndex() {
  const index = await loadScanIndex();
  if (!index || index.items.length === 0)
    throw new ExportUnavailable("No scan on this device yet. Scan a folder from the Dashboard first.");
  return index;
}

async function make(id: ExportType, userId: number, userName: string, data: Insights): Promise<Made> {
  const day = data.today;
  switch (id) {
    case "health-report": {
      const name = exportFileName.report(day);
      return { name, size: saveFile(healthReportHtml(data, userName), name, HTML) };
    }
    case "email-summary": {
      const name = exportFileName.emailSummary(day);
      return { name, size: saveFile(emailSummaryHtml(data, userName), name, HTML) };
    }
    case "account-data": {
      const account = await getAccountExport(userId);
      const name = exportFileName.accountData(day);
      return { name, size: saveFile(JSON.stringify(account, null, 2), name, JSON_TYPE), recorded: true };
    }
    case "scan-index-csv": {
      const index = await localIndex();
      const name = exportFileName.scanIndex(day);
      return { name, size: saveFile(scanIndexCsv(index.items), name, CSV) };
    }
    case "photos-backup": {
      const items = localListItems(id, (await localIndex()).items)!;
      if (items.length === 0) throw new ExportUnavailable("Your last scan found no photos.");
      const name = exportFileName.photos(day);
      return { name, size: saveFile(scanIndexCsv(items), name, CSV) };
    }
    case "files-archive": {
      const items = localListItems(id, (await localIndex()).items)!;
      if (items.length === 0) throw new ExportUnavailable("Your last scan found no files other than photos.");
      const name = exportFileName.files(day);
      return { name, size: saveFile(scanIndexCsv(items), name, CSV) };
    }
    case "full-export":
      throw new ExportUnavailable("Use Backup to make the full export.");
  }
}

const FAILED_NAME: Record<ExportType, (day: string) => string> = {
  "health-report": exportFileName.report,
  "email-summary": exportFileName.emailSummary,
  "account-data": exportFileName.accountData,
  "scan-index-csv": exportFileName.scanIndex,
  "photos-backup": exportFileName.photos,
  "files-archive": exportFileName.files,
  "full-export": exportFileName.backup,
};

export function useExports(userId: number, userName: string, data: Insights) {
  const queryClient = useQueryClient();
  const [running, setRunning] = useState<ExportType | null>(null);

  const record = async (type: ExportType, name: string, size: number, status: ExportStatus) => {
    try {
      await recordExport(userId, { type, name, size, status });
    } catch (e) {
      console.warn("Export history not updated", e);
    }
  };

  const run = async (id: ExportType, title: string) => {
    if (running) return;
    setRunning(id);
    try {
      const made = await make(id, userId, userName, data);
      if (!made.recorded) await record(id, made.name, made.size, "completed");
      toast({ title: "Export Complete", description: `${title} saved as ${made.name}.` });
    } catch (e) {
      if (e instanceof ExportUnavailable) {
        toast({ title: "Nothing to Export", description: e.message });
      } else {
        // Spec §8: an export failure is only logged; the history shows it as failed.
        console.warn(`Export ${id} failed`, e);
        await record(id, FAILED_NAME[id](data.today), 0, "failed");
        toast({ title: "Export Failed", description: `${title} could not be made. Please try again.`, variant: "destructive" });
      }
    } finally {
      setRunning(null);
      await queryClient.invalidateQueries({ queryKey: exportHistoryQueryKey(userId) });
    }
  };

  return { running, run };
}
