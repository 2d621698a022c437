/** Spec §2 Insights → Export with Export, Backup and History tabs. */
import { EXPORT_OPTIONS } from "../../../../domain/backup";
import type { Insights } from "../../../../domain/schemas/insights";
import { CardTitle } from "../../../components/ui/card";
import { printHtml } from "../download";
import { useExports } from "../hooks/use-exports";
import { healthReportHtml } from "../report-html";
import { BackupCard } from "./backup-card";
import { ExportHistoryList } from "./export-history-list";
import { ExportOptionCard } from "./export-option-card";
import { SubTabs } from "./sub-tabs";

export function ExportTab({ data, userId, userName }: { data: Insights; userId: number; userName: string }) {
  const { running, run } = useExports(userId, userName, data);
  const card = (o: (typeof EXPORT_OPTIONS)[number]) => (
    <ExportOptionCard
      key={o.id}
      option={o}
      data={data}
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
          { value: "export", label: "Export", content: <div className="grid gap-3">{exportOptions.map(card)}</div> },
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
