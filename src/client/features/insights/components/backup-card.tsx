/**
 * Backup (spec §4 idle → backing_up → complete | error → idle after 3 s) and Restore: a
 * backup file is read and checked in full before anything is written, and the user
 * confirms what it holds first.
 */
import { Archive, CheckCircle2, Loader2, Upload, XCircle } from "lucide-react";
import { useId, useRef } from "react";
import { backupSize } from "../../../../domain/backup";
import type { Insights } from "../../../../domain/schemas/insights";
import { Button } from "../../../components/ui/button";
import { Card, CardTitle } from "../../../components/ui/card";
import { formatDateTime } from "../format";
import { useBackup, useRestore } from "../hooks/use-backup";
import { formatBytes, formatCount } from "../../../../domain/format";

const BACKUP_LABEL = { idle: "Backup Now", backing_up: "Backing up...", complete: "Backup Complete", error: "Backup Failed" } as const;

export function BackupCard({ userId, data }: { userId: number; data: Insights }) {
  const { state, backup } = useBackup(userId, data.today);
  const { restore, pick, confirm, reset } = useRestore(userId);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const busy = restore.step === "reading" || restore.step === "restoring";
  const copySize = backupSize(data.aggregates);

  return (
    <>
      <Card className="grid gap-3" role="region" aria-labelledby="backup-title">
        <CardTitle id="backup-title" className="flex items-center gap-2">
          <Archive className="size-5 text-accent" aria-hidden /> Backup
        </CardTitle>
        <p className="text-sm text-muted-foreground">
          One file with your account data (settings, scores, history, streak, filter presets) and this device&apos;s scan index. It never
          contains your files themselves.
        </p>
        {data.aggregates.photosCount + data.aggregates.filesCount > 0 ? (
          <p className="text-xs text-muted-foreground">
            {copySize.basis === "scan"
              ? `For comparison, copying the photos and files themselves would take ${formatBytes(copySize.bytes)} (measured by your last scan).`
              : `For comparison, copying the photos and files themselves would take about ${formatBytes(copySize.bytes)} (estimate: 2.1 MB per photo, 5.2 MB per file).`}
          </p>
        ) : null}
        <div className="flex items-center gap-3">
          <Button onClick={() => void backup()} disabled={state === "backing_up"}>
            {state === "backing_up" ? (
              <Loader2 className="size-4 animate-spin" aria-hidden />
            ) : state === "complete" ? (
              <CheckCircle2 className="size-4" aria-hidden />
            ) : state === "error" ? (
              <XCircle className="size-4" aria-hidden />
            ) : (
              <Archive className="size-4" aria-hidden />
            )}
            {BACKUP_LABEL[state]}
          </Button>
          <span role="status" aria-live="polite" className="sr-only">
            {state === "idle" ? "" : BACKUP_LABEL[state]}
          </span>
        </div>
      </Card>

      <Card className="grid gap-3" role="region" aria-labelledby="restore-title">
        <CardTitle id="restore-title" className="flex items-center gap-2">
          <Upload className="size-5 text-accent" aria-hidden /> Restore
        </CardTitle>
        <p className="text-sm text-muted-foreground">Choose a CleanSpace backup file. It is checked in full before anything changes.</p>
        <div>
          <label htmlFor={inputId} className="sr-only">
            Backup file to restore
          </label>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept=".json,application/json"
            className="sr-only"
            disabled={busy}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = "";
              if (file) void pick(file);
            }}
          />
          <Button variant="outline" onClick={() => inputRef.current?.click()} disabled={busy}>
            {restore.step === "reading" ? "Checking file..." : "Choose Backup File"}
          </Button>
        </div>
        {restore.step === "confirm" || restore.step === "restoring" ? (
          <div
            className="grid gap-2 rounded-panel border border-border bg-muted/50 p-3"
            role="group"
            aria-labelledby="restore-confirm-title"
          >
            <p id="restore-confirm-title" className="font-medium">
              Restore {restore.fileName}?
            </p>
            <p className="text-sm text-muted-foreground">
              Made {formatDateTime(restore.plan.backup.createdAt)}: your settings, {restore.plan.server.filterPresets.length} filter{" "}
              {restore.plan.server.filterPresets.length === 1 ? "preset" : "presets"} and {formatCount(restore.plan.itemCount)} scanned
              items. Current settings and this device&apos;s scan index will be replaced.
            </p>
            <div className="flex gap-2">
              <Button size="sm" onClick={() => void confirm()} disabled={restore.step === "restoring"}>
                {restore.step === "restoring" ? "Restoring..." : "Restore Backup"}
              </Button>
              <Button size="sm" variant="ghost" onClick={reset} disabled={restore.step === "restoring"}>
                Cancel
              </Button>
            </div>
          </div>
        ) : null}
        {restore.step === "error" ? (
          <p role="alert" className="rounded-control border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger">
            {restore.message}
          </p>
        ) : null}
      </Card>
    </>
  );
}
