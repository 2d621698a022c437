import { useScanSummary } from "../../lib/device-data/scan-index";

/**
 * The last scan kept on this device: the dashboard's figures for visitors who aren't signed
 * in. A signed-in user's figures are the server's, so the device's copy is not read for them
 * (refetch() still reads it, after a scan).
 */
export function useLocalSummary(enabled: boolean) {
  return useScanSummary({ enabled });
}
