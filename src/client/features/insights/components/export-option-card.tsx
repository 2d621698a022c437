/** One export option (spec §3 Export option): name, description, format, estimated size; a lock when it requires Pro (spec §6). */
import { Download, Lock, Printer } from "lucide-react";
import { estimateExportBytes, type ExportOption } from "../../../../domain/backup";
import { formatBytes } from "../../../../domain/format";
import type { Insights } from "../../../../domain/schemas/insights";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";

export interface ExportOptionCardProps {
  option: ExportOption;
  data: Insights;
  /** The file's exact size when this device can make it now (the scan-index lists). */
  measuredBytes?: number | undefined;
  running: boolean;
  disabled: boolean;
  onExport(): void;
  /** Reports only: print the page (Save as PDF in the print dialog). */
  onPrint?: () => void;
}

export function ExportOptionCard({ option, data, measuredBytes, running, disabled, onExport, onPrint }: ExportOptionCardProps) {
  const titleId = `export-${option.id}`;
  const size = estimateExportBytes(option.id, {
    photos: data.aggregates.photosCount,
    files: data.aggregates.filesCount,
    snapshots: data.counts.snapshots,
    events: data.counts.events,
  });
  return (
    <Card className="grid gap-3" role="article" aria-labelledby={titleId}>
      <div className="flex items-start justify-between gap-2">
        <div className="flex items-center gap-2">
          <h3 id={titleId} className="font-semibold">
            {option.name}
          </h3>
          {option.requiresAuth ? <Lock className="size-4 text-muted-foreground" aria-label="Pro feature" role="img" /> : null}
        </div>
        <span className="shrink-0 rounded-full bg-muted px-2 py-0.5 text-xs font-medium">{option.format}</span>
      </div>
      <p className="text-sm text-muted-foreground">{option.description}</p>
      <p className="text-xs text-muted-foreground">
        {measuredBytes !== undefined ? `Size: ${formatBytes(measuredBytes)}` : `Estimated size: about ${formatBytes(size)}`}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={onExport} disabled={disabled} aria-describedby={titleId}>
          <Download className="size-4" aria-hidden /> {running ? "Exporting..." : `Export ${option.format}`}
        </Button>
        {onPrint ? (
          <Button size="sm" variant="outline" onClick={onPrint} disabled={disabled} aria-describedby={titleId}>
            <Printer className="size-4" aria-hidden /> Save as PDF
          </Button>
        ) : null}
      </div>
    </Card>
  );
}
