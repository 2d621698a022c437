/** Spec §2 Export → History: real past exports, newest first, with status (completed, failed, processing). */
import { EXPORT_OPTIONS } from "../../../../domain/backup";
import { formatBytes } from "../../../../domain/format";
import { cn } from "../../../lib/cn";
import { useExportHistory } from "../api/get-export-history";
import { formatDateTime } from "../format";

const STATUS_TONE = {
  completed: "bg-success/15 text-success",
  failed: "bg-danger/15 text-danger",
  processing: "bg-warning/15 text-warning",
} as const;

const typeName = (type: string) => EXPORT_OPTIONS.find((o) => o.id === type)?.name ?? type;

export function ExportHistoryList({ userId }: { userId: number }) {
  const history = useExportHistory(userId);
  if (history.isPending)
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Loading history…
      </p>
    );
  if (history.isError) {
    return (
      <p role="alert" className="text-sm text-danger">
        The export history could not be loaded.{" "}
        <button type="button" className="font-medium underline" onClick={() => void history.refetch()}>
          Try again
        </button>
      </p>
    );
  }
  if (history.data.length === 0)
    return <p className="text-sm text-muted-foreground">No exports yet. Files you export or back up appear here.</p>;
  return (
    <ul className="grid gap-2" aria-label="Export history">
      {history.data.map((h) => (
        <li key={h.id} className="flex items-center justify-between gap-3 rounded-panel border border-border bg-card px-3 py-2">
          <div className="grid min-w-0">
            <span className="truncate font-medium">{h.name}</span>
            <span className="text-xs text-muted-foreground">
              {typeName(h.type)} · <time dateTime={h.date}>{formatDateTime(h.date)}</time>
              {h.size > 0 ? ` · ${formatBytes(h.size)}` : ""}
            </span>
          </div>
          <span className={cn("shrink-0 rounded-full px-2 py-0.5 text-xs font-medium capitalize", STATUS_TONE[h.status])}>{h.status}</span>
        </li>
      ))}
    </ul>
  );
}
