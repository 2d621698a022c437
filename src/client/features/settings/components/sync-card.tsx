import { SyncStatus } from "../../../components/sync-status";
import { Button } from "../../../components/ui/button";
import { Card, CardTitle } from "../../../components/ui/card";
import { syncPendingActions } from "../../../lib/offline/queue";
import { useSyncStatus } from "../../../lib/offline/use-sync-status";

function formatTime(ms: number | null): string {
  return ms === null ? "Not in this visit" : new Date(ms).toLocaleString();
}

/** Spec §4 "Offline sync": the queue's status in full — connection, last sync, waiting, syncing. */
export function SyncCard() {
  const status = useSyncStatus();
  return (
    <Card>
      <CardTitle>Offline sync</CardTitle>
      <p className="mt-1 text-sm text-muted-foreground">
        Cleanups you make without a connection are kept on this device and sent to your account, once each, when you are back online.
      </p>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="sync-details">
        <dt className="text-muted-foreground">Connection</dt>
        <dd data-testid="sync-online">{status.isOnline ? "Online" : "Offline"}</dd>
        <dt className="text-muted-foreground">Waiting to sync</dt>
        <dd data-testid="sync-pending">{status.pendingActions}</dd>
        <dt className="text-muted-foreground">Syncing now</dt>
        <dd data-testid="sync-syncing">{status.syncing ? "Yes" : "No"}</dd>
        <dt className="text-muted-foreground">Last sync</dt>
        <dd data-testid="sync-last">{formatTime(status.lastSync)}</dd>
        {status.lastError ? (
          <>
            <dt className="text-muted-foreground">Last error</dt>
            <dd>{status.lastError}</dd>
          </>
        ) : null}
      </dl>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <SyncStatus />
        {status.pendingActions > 0 && status.isOnline ? (
          <Button variant="outline" size="sm" disabled={status.syncing} onClick={() => void syncPendingActions()}>
            Sync now
          </Button>
        ) : null}
      </div>
    </Card>
  );
}
