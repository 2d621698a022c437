/**
 * A small indicator of the offline queue (spec §4 "Offline sync"): 'Offline — 2 changes
 * waiting', 'Syncing…', and nothing at all when everything is in sync. Mounting it starts
 * the queue. The live region stays in the page so screen readers hear every change.
 */
import { CloudOff, RefreshCw } from "lucide-react";
import { cn } from "../lib/cn";
import { describeSyncStatus } from "../lib/offline/describe-sync-status";
import { useSyncRefresh } from "../lib/offline/use-sync-refresh";
import { useSyncStatus } from "../lib/offline/use-sync-status";

export function SyncStatus({ className }: { className?: string }) {
  const status = useSyncStatus();
  const text = describeSyncStatus(status);
  return (
    <div role="status" aria-live="polite" data-testid="sync-status" className={cn(text ? "inline-flex" : "sr-only", className)}>
      {text ? (
        <span className="inline-flex items-center gap-1.5 rounded-full border border-border bg-muted px-3 py-1 text-xs font-medium text-foreground">
          {status.syncing ? (
            <RefreshCw className="size-3.5 animate-spin motion-reduce:animate-none" aria-hidden />
          ) : status.isOnline ? null : (
            <CloudOff className="size-3.5" aria-hidden />
          )}
          {text}
        </span>
      ) : null}
    </div>
  );
}

/**
 * The app-wide copy, mounted once by the app root: starts the queue at app start, floats
 * at the top of every screen while something is offline or waiting, and refreshes the
 * figures when waiting actions arrive.
 */
export function AppSyncStatus() {
  useSyncRefresh();
  return (
    <div className="pointer-events-none fixed inset-x-0 top-2 z-50 flex justify-center">
      <SyncStatus className="pointer-events-auto shadow-sm" />
    </div>
  );
}
