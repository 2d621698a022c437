import { analysePhotos, photoFormatOf, summarizePhotoFindings, type PhotoFacts } from "../../domain/photos/index";
import type { PhotoAnalysis, ScanItem } from "../types";

/**
 * The analysis's facts, from the item index (issue 19): every photo the scan decoded. Photos
 * of a known format that were not decoded (HEIC without a platform decoder, corrupt files)
 * count as skipped; other images (SVG, TIFF, RAW) are not photos the analysis reads.
 */
export function photoFactsOf(items: readonly ScanItem[]): { facts: PhotoFacts[]; skipped: number } {
  const facts: PhotoFacts[] = [];
  let skipped = 0;
  for (const item of items) {
    if (item.category !== "photo") continue;
    const format = photoFormatOf(item.name, item.type);
    if (!format) continue;
    if (!item.photo || item.width === undefined || item.height === undefined) {
      skipped++;
      continue;
    }
    facts.push({
      id: item.id,
      path: item.path,
      name: item.name,
      size: item.size,
      modified: item.modified,
      format,
      width: item.width,
      height: item.height,
      hash: item.photo.hash,
      sharpness: item.photo.sharpness,
      camera: item.photo.camera,
      ...(item.photo.turns !== undefined ? { turns: item.photo.turns } : {}),
      ...(item.photo.crops !== undefined ? { crops: item.photo.crops } : {}),
      ...(item.photo.detail !== undefined ? { detail: item.photo.detail } : {}),
      ...(item.photo.clipped !== undefined ? { clipped: item.photo.clipped } : {}),
      ...(item.photo.graphic !== undefined ? { graphic: item.photo.graphic } : {}),
      exactGroup: item.duplicateGroup,
    });
  }
  return { facts, skipped };
}

/**
 * The report and its aggregate, from the items as they are now: after a scan, and again
 * after files move to the trash (a group that lost its best shot proposes another).
 */
export function analyseScanPhotos(items: readonly ScanItem[], nowMs: number): PhotoAnalysis {
  const { facts, skipped } = photoFactsOf(items);
  const report = analysePhotos(facts, { nowMs, skipped });
  return { report, findings: summarizePhotoFindings(report, facts) };
}
