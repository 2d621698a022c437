import { useMemo } from "react";
import type { PhotoReport } from "../../../domain/photos/index";
import type { StoredScanIndex } from "../../../scan/index-store";
import { analyseScanPhotos } from "../../../scan/photos/photo-facts-of";

/**
 * The latest scan's photo report: as the scan worker stored it, or — for an index restored
 * from a backup, which carries each photo's fingerprint but not the groups — made again from
 * the items. Null when the scan analysed no photos (quick mode, or a scan from before).
 */
export function usePhotoReport(index: StoredScanIndex | null | undefined): PhotoReport | null {
  return useMemo(() => {
    if (!index) return null;
    if (index.photoReport) return index.photoReport;
    if (!index.summary.photoFindings) return null;
    return analyseScanPhotos(index.items, Date.parse(index.summary.scannedAt)).report;
  }, [index]);
}
