/** Spec §2 Insights → Export with Export, Backup and History tabs. */
import { useMemo } from "react";
import { EXPORT_OPTIONS, scanIndexCsv, type ExportType } from "../../../../domain/backup";
import type { Insights } from "../../../../domain/schemas/insights";
import { CardTitle } from "../../../components/ui/card";
import { fileBytes } from "../../../lib/download";
import { useScanIndex } from "../../../lib/device-data/scan-index";
import { printHtml } from "../download";
import { CSV, localListItems, useExports } from "../hooks/use-exports";
import { healthReportHtml } from "../report-html";
import { BackupCard } from "./backup-card";
import { ExportHistoryList } from "./export-history-list";
import { ExportOptionCard } from "./export-option-card";
import { SubTabs } from "./sub-tabs";

export function ExportTab({ data, userId, userName }: { data: Insights; userId: number; userName: string }) {
  const { running, run } = useExports(userId, userName, data);
  const scan = useScanIndex();
  // The lists made from this device's scan are measured, not estimated: the very file's size.
  const measured = useMemo(() => {
    const items = scan.data?.index?.items;
    const out = new Map<ExportType, number>();
    if (!items) return out;
    for (const o of EXPORT_OPTIONS) {
      const list = localListItems(o.id, items);
      if (list && list.length > 0) out.set(o.id, fileBytes(scanIndexCsv(list), CSV));
    }
    return out;
  }, [scan.data]);
  const card = (o: (typeof EXPORT_OPTIONS)[number]) => (
    <ExportOptionCard
      key={o.id}
      option={o}
      data={data}
      measuredBytes={measured.get(o.id)}
      running={running === o.id}
      disabled={running !== null}
      onExport={() => void run(o.id, o.name)}
      {...(o.id === "health-report" ? { onPrint: () => printHtml(healthReportHtml(data, userName)) } : {})}
    />
  );
  const exportOptions = EXPORT_OPTIONS.filter((o) => o.category !== "backup");
  const backupLists = EXPORT_OPTIONS.filter((o) => o.category === "backup" && o.id !== "full-export");
  return (
    <section aria-labelledby="export-title" className="grid gap-3">
      <CardTitle id="export-title">Export &amp; Backup</CardTitle>
      <SubTabs
        label="Export views"
        tabs={[
          { value: "export", label: "Export", content: <div className="grid gap-3 lg:grid-cols-2">{exportOptions.map(card)}</div> },
          {
            value: "backup",
            label: "Backup",
            content: (
              <div className="grid gap-3">
                <BackupCard userId={userId} data={data} />
                {backupLists.map(card)}
              </div>
            ),
          },
          { value: "history", label: "History", content: <ExportHistoryList userId={userId} /> },
        ]}
      />
    </section>
  );
}
