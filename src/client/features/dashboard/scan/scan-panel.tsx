/**
 * Spec §2 "Real data scan screen": permissions card, live progress, results, errors. A
 * folder picker where the browser has one, and a folder/file input that works everywhere.
 */
import { AlertCircle, FolderOpen, Info, ShieldCheck } from "lucide-react";
import { Link } from "wouter";
import { paths } from "../../../config/paths";
import { useEffect, useId, useRef, useState } from "react";
import type { ScanSummary } from "../../../../domain/schemas/scan-summary";
import { Button } from "../../../components/ui/button";
import { Card, CardTitle } from "../../../components/ui/card";
import { ProgressBar } from "../../../components/ui/progress-bar";
import { supportsFolderPicker } from "../../../lib/device-data/scan-folder";
import { checkPermissions, requestPermissions, type ScanPermissions } from "./permissions";
import { QuickScanNote } from "./quick-scan-note";
import { ScanResultsCard } from "./scan-results-card";
import { useRealScan } from "./use-real-scan";
import { formatCount } from "../../../../domain/format";

const STAGE_LABEL: Record<string, string> = {
  permissions: "Checking permissions",
  files: "Scanning files",
  photos: "Analyzing photos",
  apps: "Detecting apps",
  email: "Checking email",
  complete: "Complete",
};

interface Props {
  userId: number | null;
  /** Pro users can connect a mailbox in Organize → Email; others are told where it comes from. */
  isPremium?: boolean;
  onComplete(summary: ScanSummary): void;
  /** Quick Scan: a remembered folder the browser still grants, scanned at once. */
  initialFolder?: FileSystemDirectoryHandle | null;
  /** The saved "Quick scans (sizes only)" setting: compare sizes only, read no contents. */
  metadataOnly: boolean;
}

export function ScanPanel({ userId, isPremium = false, onComplete, initialFolder, metadataOnly }: Props) {
  const [initial] = useState(checkPermissions);
  const [permissions, setPermissions] = useState<ScanPermissions>(initial.permissions);
  const [permissionError, setPermissionError] = useState<string | null>(initial.error);
  const scan = useRealScan(userId, metadataOnly, onComplete);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const busy = scan.state === "scanning";
  const { scan: runScan } = scan;
  const started = useRef<FileSystemDirectoryHandle | null>(null);
  useEffect(() => {
    if (!initialFolder || started.current === initialFolder) return;
    started.current = initialFolder;
    void runScan(initialFolder);
  }, [initialFolder, runScan]);

  const start = async () => {
    if (!supportsFolderPicker()) {
      input.current?.click();
      return;
    }
    try {
      const handle = await (
        window as unknown as { showDirectoryPicker(o: { mode: string }): Promise<FileSystemDirectoryHandle> }
      ).showDirectoryPicker({ mode: "read" });
      await scan.scan(handle);
    } catch (err) {
      // Closing the picker is not an error; anything else falls back to picking manually.
      if (!(err instanceof DOMException && err.name === "AbortError")) input.current?.click();
    }
  };

  const onRequest = async () => {
    setPermissionError(null);
    try {
      setPermissions(await requestPermissions());
    } catch {
      setPermissionError("Failed to request permissions");
    }
  };

  return (
    <section aria-labelledby="scan-panel-title" className="grid gap-4">
      <h2 id="scan-panel-title" className="text-xl font-semibold">
        Real data scan
      </h2>
      <Card>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheck className="size-5 text-accent" aria-hidden /> System Permissions
        </CardTitle>
        <ul className="mt-3 flex flex-wrap gap-2" aria-label="Permissions">
          {(["files", "photos", "apps", "email"] as const).map((key) => (
            <li
              key={key}
              className={`rounded-full px-3 py-1 text-xs font-medium ${permissions[key] ? "bg-success/15 text-success" : "bg-muted text-muted-foreground"}`}
            >
              {key[0]!.toUpperCase() + key.slice(1)}: {permissions[key] ? "available" : "not available"}
            </li>
          ))}
        </ul>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void onRequest()}>
          Request Permissions
        </Button>
        {permissionError ? (
          <p role="alert" className="mt-2 text-sm text-danger">
            {permissionError}
          </p>
        ) : null}
      </Card>

      <Card className="grid gap-3">
        <QuickScanNote metadataOnly={metadataOnly} />
        <div className="flex flex-wrap items-center gap-2">
          <Button onClick={() => void start()} disabled={busy}>
            <FolderOpen className="size-4" aria-hidden />
            {busy ? "Scanning..." : "Start Real Data Scan"}
          </Button>
          {busy ? (
            <Button variant="outline" onClick={scan.cancel}>
              Cancel
            </Button>
          ) : null}
        </div>
        <div className="grid gap-1">
          <label htmlFor={inputId} className={`text-sm font-medium ${scan.needsManualPick ? "text-accent" : ""}`}>
            {scan.needsManualPick
              ? "That folder had no files we could read. Pick files manually:"
              : "Or choose a folder manually (works in every browser)"}
          </label>
          <input
            ref={(el) => {
              input.current = el;
              // React has no typed prop for the non-standard directory picker attribute.
              el?.setAttribute("webkitdirectory", "");
            }}
            id={inputId}
            type="file"
            multiple
            disabled={busy}
            className="text-sm file:mr-3 file:rounded-control file:border file:border-border file:bg-muted file:px-3 file:py-2 file:text-foreground"
            onChange={(e) => {
              const files = Array.from(e.target.files ?? []);
              e.target.value = "";
              if (files.length > 0) void scan.scan(files);
            }}
          />
        </div>
      </Card>

      {busy ? (
        <Card aria-live="polite">
          <CardTitle>{STAGE_LABEL[scan.progress?.stage ?? "permissions"]}</CardTitle>
          <ProgressBar className="mt-3" label="Scan progress" value={(scan.progress?.progress ?? 0.2) * 100} />
          <dl className="mt-3 grid grid-cols-4 gap-2 text-center text-sm">
            {(["files", "photos", "apps", "email"] as const).map((k) => (
              <div key={k}>
                <dt className="text-muted-foreground capitalize">{k}</dt>
                <dd className="font-semibold tabular-nums">{formatCount(scan.progress?.counts[k] ?? 0)}</dd>
              </div>
            ))}
          </dl>
        </Card>
      ) : null}

      {scan.error ? (
        <div role="alert" className="flex items-start gap-2 rounded-panel border border-danger/40 bg-danger/10 p-4 text-sm">
          <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
          {scan.error}
        </div>
      ) : null}

      {scan.summary ? <ScanResultsCard summary={scan.summary} /> : null}

      <p className="flex items-start gap-2 text-xs text-muted-foreground">
        <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>
          Browsers limit full scanning: CleanSpace can read the folders you choose, not your whole device, and apps only in the native app.
          Email needs an OAuth setup with your provider, or an app password:{" "}
          {isPremium ? (
            "connect a mailbox in Organize → Email, and its totals join the scan."
          ) : (
            <>
              mailbox cleanup comes with{" "}
              <Link className="font-medium text-accent underline" href={paths.subscribe}>
                CleanSpace Pro
              </Link>
              .
            </>
          )}{" "}
          File names and contents never leave this device.
        </span>
      </p>
    </section>
  );
}
