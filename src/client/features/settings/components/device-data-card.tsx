import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { Card, CardTitle } from "../../../components/ui/card";
import { clearScanData } from "../../../lib/device-data/local-data";
import { toast } from "../../../lib/toast-store";
import { queryKeys } from "../../../lib/query-keys";

/**
 * The privacy policy promises the local scan index (names, paths, sizes, dates) can be
 * cleared at any time: this is where. It never touches the files themselves.
 */
export function DeviceDataCard() {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const clear = async () => {
    setBusy(true);
    try {
      await clearScanData();
      void queryClient.invalidateQueries({ queryKey: queryKeys.device.all });
      toast({ title: "Scan data cleared", description: "The list of scanned files on this device is gone. Your files were not touched." });
    } catch {
      toast({ title: "Error", description: "Could not clear the scan data. Please try again.", variant: "destructive" });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card>
      <CardTitle>Data on this device</CardTitle>
      <p className="mt-1 text-sm text-muted-foreground">
        Your last scan&apos;s file list (names, folders, sizes, dates), its content hashes and your reviewed marks are kept only in this
        browser so Organize can show them. They are never uploaded.
      </p>
      <Button variant="outline" className="mt-3" onClick={() => void clear()} disabled={busy}>
        {busy ? "Clearing..." : "Clear scan data"}
      </Button>
    </Card>
  );
}
